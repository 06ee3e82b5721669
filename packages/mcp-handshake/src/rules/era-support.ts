import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION, isKnownVersion, isModernVersion, MODERN_VERSION } from '../protocol.js';
import { connsBy, exchangesOf, modernSession, resultOf, skip } from './lib.js';
import type { Rule } from './rule.js';

export const eraSupport: Rule = {
  id: 'era-support',
  title: 'which protocol revisions this transport serves',
  why: 'Hosts differ in what they speak first: ChatGPT probes server/discover with 2026-07-28 and falls back to initialize with 2025-11-25; hosts on the 1.x SDKs only send initialize with their latest 2025 revision.',
  fix: "Serve 2025-11-25 over initialize for today's hosts, and server/discover with 2026-07-28 for ChatGPT and SDK 2.x clients (the SDK 2.x serves both from one server).",
  spec: 'https://modelcontextprotocol.io/specification/versioning',
  run(t) {
    const echoed: string[] = [];
    const counter = new Map<string, string>();
    for (const c of [...connsBy(t, 'main'), ...connsBy(t, 'version')]) {
      const r = resultOf(t, exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0]);
      if (!r || !c.version) continue;
      if (r.protocolVersion === c.version) {
        // An unknown version echoed back is version-negotiation's failure, not a revision served.
        if (isKnownVersion(c.version)) echoed.push(c.version);
      } else if (typeof r.protocolVersion === 'string') counter.set(c.version, r.protocolVersion);
    }
    const modern = modernSession(t);
    const modernVersions = modern
      ? (modern.result.supportedVersions as unknown[]).filter(
          (v): v is string => typeof v === 'string' && isModernVersion(v),
        )
      : [];
    const probedLegacy = t.options.eras.includes('legacy');
    const probedModern = t.options.eras.includes('modern');
    if (!probedLegacy && !probedModern) return skip('no era was probed');
    const evidence: string[] = [];
    if (probedLegacy) evidence.push(`legacy (initialize) on ${t.transport}: ${echoed.sort().join(', ') || 'none'}`);
    if (probedModern)
      evidence.push(`modern (server/discover) on ${t.transport}: ${modernVersions.join(', ') || 'none'}`);
    let chatgpt: string;
    if (modernVersions.includes(MODERN_VERSION)) chatgpt = `ChatGPT: discovers the server and talks ${MODERN_VERSION}.`;
    else if (echoed.includes(FALLBACK_LEGACY_VERSION))
      chatgpt = `ChatGPT: server/discover fails, falls back to initialize ${FALLBACK_LEGACY_VERSION} and connects on it.`;
    else if (counter.has(FALLBACK_LEGACY_VERSION))
      chatgpt = `ChatGPT: falls back to initialize ${FALLBACK_LEGACY_VERSION}, is offered ${counter.get(FALLBACK_LEGACY_VERSION)} and must accept that version to connect.`;
    else
      chatgpt =
        probedLegacy && probedModern
          ? 'ChatGPT: neither server/discover nor initialize 2025-11-25 succeeds: it cannot connect.'
          : 'ChatGPT: not fully determined (one era was not probed).';
    evidence.push(chatgpt);
    if (probedLegacy) {
      evidence.push(
        echoed.length > 0
          ? `1.x-SDK hosts (initialize with their latest 2025 revision): served on ${echoed.sort().join(', ')}${counter.size ? `; other requests are counter-offered ${[...new Set(counter.values())].join(', ')}` : ''}.`
          : 'Hosts that only send initialize cannot connect.',
      );
    }
    if (
      t.transport === 'http' &&
      echoed.includes('2024-11-05') === false &&
      connsBy(t, 'version').some((c) => c.version === '2024-11-05')
    ) {
      evidence.push('2024-11-05 clients (HTTP+SSE transport) are not served on this URL.');
    }
    const summary = `${[echoed.length ? `legacy ${echoed.sort().join(', ')}` : '', modernVersions.length ? `modern ${modernVersions.join(', ')}` : ''].filter(Boolean).join('; ') || 'no revision served'} over ${t.transport}`;
    // Which eras a server serves is its choice (2026-07-28 basic/versioning: a server "MAY implement both
    // behaviors"): a fact, never a warning; what the server gets wrong in an era is other checks' findings.
    const where = probedModern
      ? cite(MODERN_VERSION, 'basic/versioning#backward-compatibility-with-initialization-based-versions')
      : cite(undefined, 'versioning');
    const args = { transport: t.transport, legacy: echoed, modern: modernVersions };
    const served = finding('era-support/served', 'info', summary, where, { args, evidence });
    return verdict([served], { summary, status: 'info' });
  },
};
