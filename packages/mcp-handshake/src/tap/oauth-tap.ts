import type { HttpInfo } from '../types.js';
import type { Recorder } from '../wire/recorder.js';
import type { LearningRedactor } from './learning-redactor.js';
import { redactedBody, redactedUrl, STEP_TITLE, type TapOAuthStep } from './oauth-steps.js';
import type { TapRecorder } from './tap-recorder.js';

const CONN = 'oauth-1';

/**
 * Records a host's OAuth requests through the HTTP tap as their own steps, on one connection of
 * purpose `oauth`: a note naming the step, the request and response heads, the bodies with every
 * token, code and secret replaced (oauth-steps.ts). The tokens the server hands out are also taught
 * to the redactor, so one echoed anywhere later is hidden too.
 */
export class OAuthTap {
  private opened = false;

  constructor(
    private readonly rec: Recorder,
    private readonly tap: TapRecorder,
    private readonly redactor: LearningRedactor,
  ) {}

  /** The request; returns the connection its answer belongs to. */
  request(step: TapOAuthStep, request: HttpInfo, body: string, contentType: string | undefined): string {
    if (!this.opened) {
      this.opened = true;
      this.tap.connection({ id: CONN, purpose: 'oauth', era: 'legacy' });
    }
    this.rec.record(CONN, { dir: 'local', kind: 'note', note: `OAuth: ${STEP_TITLE[step]}` });
    const http = { ...request, url: redactedUrl(request.url) };
    this.rec.record(CONN, { dir: 'out', kind: 'http', http });
    if (body.trim()) this.rec.record(CONN, { dir: 'out', kind: 'noise', raw: redactedBody(body, contentType) });
    return CONN;
  }

  response(info: HttpInfo): void {
    const location = info.headers?.location;
    const headers = location ? { ...info.headers, location: redactedUrl(location, info.url) } : info.headers;
    this.rec.record(CONN, {
      dir: 'in',
      kind: 'http',
      http: { ...info, url: redactedUrl(info.url), ...(headers && { headers }) },
    });
  }

  body(text: string, contentType: string | undefined): void {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      for (const key of ['access_token', 'refresh_token', 'id_token', 'client_secret', 'registration_access_token'])
        if (typeof parsed?.[key] === 'string') this.redactor.learn(parsed[key] as string);
    } catch {
      // not JSON
    }
    this.rec.record(CONN, { dir: 'in', kind: 'noise', raw: redactedBody(text, contentType) });
  }
}
