import { ERROR, META, isKnownVersion, isModernVersion, UNKNOWN_VERSIONS } from '../protocol.js';
import type { Check, CheckStatus } from '../types.js';
import { asObject, connsBy, describe, errorOf, exchangesOf, modernSession, outcome, resultOf, sentOf, skip, SPEC, worst } from './lib.js';
import { LABEL } from '../labels.js';

const isUnknown = (v: string | undefined) => (UNKNOWN_VERSIONS as readonly string[]).includes(v ?? '');

export const versionNegotiation: Check = {
  id: 'version-negotiation',
  title: 'protocol versions are negotiated as the spec says',
  why: 'A host sends the newest version it knows. A server that echoes a version it does not speak, or refuses instead of counter-offering, leaves newer and older hosts unable to connect; a modern server that does not list its versions in -32022 leaves the client guessing.',
  fix: 'Echo the requested version when you support it, otherwise answer with the latest version you support (never the unknown one). On 2026-07-28, answer an unsupported version with -32022 and data {supported, requested}, and keep that list equal to server/discover.supportedVersions.',
  spec: `${SPEC}/basic/lifecycle#version-negotiation`,
  run(t) {
    const statuses: CheckStatus[] = [];
    const evidence: string[] = [];
    const problems: string[] = [];
    const echoed = new Set<string>();
    const counterOffers: Array<[string, string]> = [];
    const add = (status: CheckStatus, line: string, problem?: string) => {
      statuses.push(status);
      evidence.push(`${status.toUpperCase()} ${line}`);
      if (problem && status !== 'pass' && status !== 'info') problems.push(problem);
    };

    for (const c of [...connsBy(t, 'main'), ...connsBy(t, 'version')]) {
      const x = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
      const asked = c.version;
      if (!x || !asked) continue;
      const result = resultOf(t, x);
      const error = errorOf(t, x);
      if (result) {
        const got = typeof result.protocolVersion === 'string' ? result.protocolVersion : undefined;
        if (got === asked && isUnknown(asked)) add('fail', `${asked}: echoed back a version no server can support`, `echoed the unknown version ${asked}`);
        else if (got === asked) {
          echoed.add(asked);
          add('pass', `${asked}: echoed (supported)`);
        } else if (got && isKnownVersion(got)) {
          counterOffers.push([asked, got]);
          add('pass', `${asked}: counter-offered ${got}`);
        } else add('warn', `${asked}: answered with ${JSON.stringify(got)}, not a version this tool knows`, `${asked} answered with ${JSON.stringify(got)}`);
      } else if (error && error.code === ERROR.unsupportedVersion && Array.isArray(asObject(error.data).supported)) {
        const supported = asObject(error.data).supported as unknown[];
        add('pass', `${asked}: refused with -32022, supported ${JSON.stringify(supported)} (a modern-only answer)`);
      } else if (error) {
        add('warn', `${describe(t, x)} — refused instead of counter-offering a supported version`, `initialize ${asked} was refused (error ${String(error.code)}) instead of counter-offered`);
      } else if (x.outcome === 'transport-error' && (x.httpStatus ?? 0) >= 400 && (x.httpStatus ?? 0) < 500) {
        add('warn', `${describe(t, x)}`, `initialize ${asked}: HTTP ${x.httpStatus} without a JSON-RPC answer`);
      } else {
        add('fail', describe(t, x), `initialize ${asked}: ${x.outcome}`);
      }
    }
    // A counter-offer must be a version the server accepts when asked for it directly.
    for (const [asked, got] of counterOffers) {
      const askedDirectly = t.connections.some((c) => (c.purpose === 'version' || c.purpose === 'main') && c.version === got);
      if (askedDirectly && !echoed.has(got)) add('fail', `${asked} was answered with ${got}, yet ${got} itself is not echoed`, `counter-offers ${got} but does not accept it`);
    }

    // The modern wire: an unknown version gets -32022 with the supported list.
    const modern = modernSession(t);
    const discovered = modern ? (modern.result.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string') : undefined;
    for (const x of exchangesOf(t, { label: LABEL.unknownVersion })) {
      const sentMeta = asObject(asObject(sentOf(t, x)?.params)._meta);
      const c = { version: String(sentMeta[META.protocolVersion]) };
      const error = errorOf(t, x);
      if (!modern) {
        evidence.push(`INFO modern ${c.version}: ${describe(t, x)} (the server has no modern wire)`);
        continue;
      }
      if (error?.code === ERROR.unsupportedVersion) {
        const supported = asObject(error.data).supported;
        if (!Array.isArray(supported) || supported.length === 0) add('warn', `${describe(t, x)} — -32022 without data.supported`, '-32022 without the supported list');
        else {
          add('pass', `modern ${c.version}: -32022, supported ${JSON.stringify(supported)}`);
          const a = [...supported].filter((v) => typeof v === 'string' && isModernVersion(v)).sort().join(',');
          const b = discovered!.filter(isModernVersion).sort().join(',');
          if (a !== b) add('fail', `-32022 lists ${JSON.stringify(supported)} but server/discover lists ${JSON.stringify(discovered)}`, 'the -32022 supported list differs from server/discover');
        }
      } else if (resultOf(t, x)) add('fail', `${describe(t, x)} — accepted a request for an unknown version`, `modern request naming ${c.version} was served`);
      else add('fail', `${describe(t, x)} — expected -32022`, `modern request naming ${c.version}: expected -32022`);
    }
    // Legacy versions advertised by server/discover must really work over initialize.
    for (const v of discovered ?? []) {
      if (isModernVersion(v)) continue;
      const asked = t.connections.some((c) => (c.purpose === 'version' || c.purpose === 'main') && c.version === v);
      if (asked && !echoed.has(v)) add('fail', `server/discover lists ${v}, but initialize with ${v} is not echoed`, `server/discover lists ${v} which initialize does not accept`);
    }
    if (statuses.length === 0) return skip('no version was probed');
    const status = worst(statuses);
    const summary =
      status === 'pass'
        ? `echoed ${[...echoed].sort().join(', ') || 'no legacy version'}${discovered ? `; modern ${discovered.join(', ')}` : ''}; unknown versions handled`
        : problems.join('; ');
    return outcome(status, summary, evidence);
  },
};
