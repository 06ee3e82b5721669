import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import {
  ERROR,
  FALLBACK_LEGACY_VERSION,
  isKnownVersion,
  isModernVersion,
  META,
  MODERN_VERSION,
  UNKNOWN_VERSIONS,
} from '../protocol.js';
import type { Diagnostic, Severity } from '../types.js';
import {
  asObject,
  connsBy,
  describe,
  errorOf,
  exchangesOf,
  modernSession,
  resultOf,
  SPEC,
  sentOf,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

const isUnknown = (v: string | undefined) => (UNKNOWN_VERSIONS as readonly string[]).includes(v ?? '');

export const versionNegotiation: Rule = {
  id: 'version-negotiation',
  title: 'protocol versions are negotiated as the spec says',
  why: 'A host sends the newest version it knows. A server that echoes a version it does not speak, or refuses instead of counter-offering, leaves newer and older hosts unable to connect; a modern server that does not list its versions in -32022 leaves the client guessing.',
  fix: 'Echo the requested version when you support it, otherwise answer with the latest version you support (never the unknown one). On 2026-07-28, answer an unsupported version with -32022 and data {supported, requested}, and keep that list equal to server/discover.supportedVersions.',
  spec: `${SPEC}/basic/lifecycle#version-negotiation`,
  run(t) {
    const findings: Diagnostic[] = [];
    const evidence: string[] = [];
    const echoed = new Set<string>();
    const counterOffers: Array<[string, string]> = [];
    let judged = 0;
    // An unknown version asked for has no spec to cite: the revision this tool falls back to stands in.
    const rev = (v: string | undefined) =>
      v && isKnownVersion(v) && !isModernVersion(v) ? v : FALLBACK_LEGACY_VERSION;
    const legacyAt = (v: string | undefined) => cite(rev(v), 'basic/lifecycle#version-negotiation');
    // 2026-07-28 basic/versioning: an unsupported version "MUST respond with an UnsupportedProtocolVersionError listing
    // the versions it does support": no list, another answer, or a list that server/discover contradicts, fails.
    const modernAt = cite(MODERN_VERSION, 'basic/versioning#protocol-version-negotiation');
    const pass = (line: string) => {
      judged++;
      evidence.push(`PASS ${line}`);
    };
    const add = (code: string, severity: Severity, line: string, problem: string, where = legacyAt(undefined)) => {
      judged++;
      findings.push(
        finding(`version-negotiation/${code}`, severity, problem, where, {
          evidence: [`${severity.toUpperCase()} ${line}`],
        }),
      );
    };

    const initializes = [...connsBy(t, 'main'), ...connsBy(t, 'version')]
      .map((c) => exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0])
      .filter((x) => x !== undefined);
    // No initialize got a JSON-RPC answer at all (timed out, closed, or an HTTP error such as a 501 from a server that
    // is no MCP server): the root cause says it; versions were not judged. A 4xx keeps its own warning (http-error).
    const unanswered =
      initializes.length > 0 &&
      initializes.every((x) => x.outcome === 'timeout' || x.outcome === 'closed' || x.outcome === 'transport-error') &&
      !initializes.some((x) => x.httpStatus !== undefined && x.httpStatus >= 400 && x.httpStatus < 500);
    for (const c of unanswered ? [] : [...connsBy(t, 'main'), ...connsBy(t, 'version')]) {
      const x = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
      const asked = c.version;
      if (!x || !asked) continue;
      const at = legacyAt(asked);
      const result = resultOf(t, x);
      const error = errorOf(t, x);
      if (result) {
        const got = typeof result.protocolVersion === 'string' ? result.protocolVersion : undefined;
        if (got === asked && isUnknown(asked))
          add(
            'echoed-unknown',
            'fail',
            `${asked}: echoed back a version no server can support`,
            `echoed the unknown version ${asked}`,
            at,
          );
        else if (got === asked) {
          echoed.add(asked);
          pass(`${asked}: echoed (supported)`);
        } else if (got && isKnownVersion(got)) {
          counterOffers.push([asked, got]);
          pass(`${asked}: counter-offered ${got}`);
        } else
          add(
            'unknown-version-offered',
            'warn',
            `${asked}: answered with ${JSON.stringify(got)}, not a version this tool knows`,
            `${asked} answered with ${JSON.stringify(got)}`,
            at,
          );
      } else if (error && error.code === ERROR.unsupportedVersion && Array.isArray(asObject(error.data).supported)) {
        const supported = asObject(error.data).supported as unknown[];
        pass(`${asked}: refused with -32022, supported ${JSON.stringify(supported)} (a modern-only answer)`);
      } else if (error) {
        add(
          'refused',
          'warn',
          `${describe(t, x)} — refused instead of counter-offering a supported version`,
          `initialize ${asked} was refused (error ${String(error.code)}) instead of counter-offered`,
          at,
        );
      } else if (x.outcome === 'transport-error' && (x.httpStatus ?? 0) >= 400 && (x.httpStatus ?? 0) < 500) {
        add(
          'http-error',
          'warn',
          `${describe(t, x)}`,
          `initialize ${asked}: HTTP ${x.httpStatus} without a JSON-RPC answer`,
          cite(rev(asked), 'basic/transports'),
        );
      } else {
        add(
          'no-answer',
          'fail',
          describe(t, x),
          `initialize ${asked}: ${x.outcome}`,
          cite(rev(asked), 'basic#messages'),
        );
      }
    }
    // Legacy lifecycle (every revision): "If the server supports the requested protocol version, it MUST respond with
    // the same version. Otherwise, the server MUST respond with another protocol version it supports": echoing an
    // unknown version and counter-offering one it then refuses fail. A refusal with an error warns: the same page's
    // error-handling example answers an unsupported version with -32602 "Unsupported protocol version".
    // A counter-offer must be a version the server accepts when asked for it directly.
    for (const [asked, got] of counterOffers) {
      const askedDirectly = t.connections.some(
        (c) => (c.purpose === 'version' || c.purpose === 'main') && c.version === got,
      );
      if (askedDirectly && !echoed.has(got))
        add(
          'counter-offer-refused',
          'fail',
          `${asked} was answered with ${got}, yet ${got} itself is not echoed`,
          `counter-offers ${got} but does not accept it`,
          legacyAt(got),
        );
    }

    // The modern wire: an unknown version gets -32022 with the supported list.
    const modern = modernSession(t);
    const discovered = modern
      ? (modern.result.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string')
      : undefined;
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
        if (!Array.isArray(supported) || supported.length === 0)
          add(
            'modern-no-supported-list',
            'fail',
            `${describe(t, x)} — -32022 without data.supported`,
            '-32022 without the supported list',
            modernAt,
          );
        else {
          pass(`modern ${c.version}: -32022, supported ${JSON.stringify(supported)}`);
          const a = [...supported]
            .filter((v) => typeof v === 'string' && isModernVersion(v))
            .sort()
            .join(',');
          const b = discovered!.filter(isModernVersion).sort().join(',');
          if (a !== b)
            add(
              'modern-lists-differ',
              'fail',
              `-32022 lists ${JSON.stringify(supported)} but server/discover lists ${JSON.stringify(discovered)}`,
              'the -32022 supported list differs from server/discover',
              modernAt,
            );
        }
      } else if (resultOf(t, x))
        add(
          'modern-unknown-accepted',
          'fail',
          `${describe(t, x)} — accepted a request for an unknown version`,
          `modern request naming ${c.version} was served`,
          modernAt,
        );
      else
        add(
          'modern-wrong-error',
          'fail',
          `${describe(t, x)} — expected -32022`,
          `modern request naming ${c.version}: expected -32022`,
          modernAt,
        );
    }
    // Legacy versions advertised by server/discover must really work over initialize.
    for (const v of discovered ?? []) {
      if (isModernVersion(v)) continue;
      const asked = t.connections.some((c) => (c.purpose === 'version' || c.purpose === 'main') && c.version === v);
      if (asked && !echoed.has(v))
        add(
          'discover-lists-unaccepted',
          'fail',
          `server/discover lists ${v}, but initialize with ${v} is not echoed`,
          `server/discover lists ${v} which initialize does not accept`,
          legacyAt(v),
        );
    }
    if (judged === 0) return skip(unanswered ? 'no initialize got a JSON-RPC answer' : 'no version was probed');
    const summary = `echoed ${[...echoed].sort().join(', ') || 'no legacy version'}${discovered ? `; modern ${discovered.join(', ')}` : ''}; unknown versions handled`;
    return verdict(findings, { summary, evidence });
  },
};
