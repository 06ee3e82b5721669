/**
 * Entry of the doctor's OAuth stage: when the endpoint's first answer was a 401 (or carried a
 * challenge), walk its discovery as the hosts do (walker.ts) and judge it (checks.ts). Reads the
 * challenge from the doctor's own transcript, so an open server gets no extra request.
 */
import type { Transcript } from '../types.js';
import { judgeOAuth, type OAuthStage } from './checks.js';
import type { OAuthExchange } from './exchange.js';
import { type OAuthWalkOptions, walkOAuth } from './walker.js';

export type { OAuthHostRow, OAuthStage } from './checks.js';

/** The first HTTP answer to a POST, as the doctor recorded it. */
export function challengeOf(t: Transcript): OAuthWalkOptions['challenge'] | undefined {
  const answer = t.events.find(
    (e) => e.kind === 'http' && e.dir === 'in' && e.http?.status !== undefined && e.http.method === 'POST',
  );
  if (!answer?.http?.status) return undefined;
  return { status: answer.http.status, wwwAuthenticate: answer.http.headers?.['www-authenticate'] };
}

export async function oauthStage(
  t: Transcript,
  endpoint: string,
  options: Omit<OAuthWalkOptions, 'challenge'>,
): Promise<{ stage: OAuthStage; exchange: OAuthExchange } | undefined> {
  // With a token the doctor's own requests carried it: the walker asks once without one.
  const challenge = options.token ? undefined : challengeOf(t);
  if (!options.token && (!challenge || (challenge.status !== 401 && !challenge.wwwAuthenticate))) return undefined;
  const exchange = await walkOAuth(endpoint, { ...options, challenge });
  return { stage: judgeOAuth(exchange), exchange };
}
