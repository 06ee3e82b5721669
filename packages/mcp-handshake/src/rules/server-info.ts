import { cite, finding, verdict } from '../findings/finding.js';
import { FALLBACK_LEGACY_VERSION, META, MODERN_VERSION } from '../protocol.js';
import { asObject, excerpt, mainSession, SPEC, skip } from './lib.js';
import type { Rule } from './rule.js';

const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';

export const serverInfo: Rule = {
  id: 'server-info',
  title: 'serverInfo has a name and a version',
  why:
    'Hosts show the name in their server list and logs, and bug reports need the version. The SDK clients reject an ' +
    'initialize result whose serverInfo lacks either.',
  fix: 'Pass a non-empty name and version to your server constructor (new McpServer({ name, version })).',
  spec: `${SPEC}/basic/lifecycle#initialization`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const legacy = session.era === 'legacy';
    const info = legacy ? session.result.serverInfo : asObject(session.result._meta)[META.serverInfo];
    const where = legacy ? 'initialize result serverInfo' : `server/discover _meta["${META.serverInfo}"]`;
    const negotiated = session.result.protocolVersion;
    const revision = legacy
      ? typeof negotiated === 'string'
        ? negotiated
        : (session.conn.version ?? FALLBACK_LEGACY_VERSION)
      : MODERN_VERSION;
    const evidence = [`${where}: ${excerpt(info)}`];
    // Modern: serverInfo in _meta is a SHOULD. Legacy: serverInfo, its name and version are REQUIRED strings.
    if (info === undefined && !legacy) {
      const message = `${where} is missing (servers SHOULD identify themselves)`;
      return verdict(
        [finding('server-info/missing', 'warn', message, cite(revision, 'server/discover'), { args: { where } })],
        { summary: message },
      );
    }
    const o = asObject(info);
    const missing = ['name', 'version'].filter((k) => typeof o[k] !== 'string');
    const empty = ['name', 'version'].filter((k) => blank(o[k]));
    const findings = [];
    const section = cite(revision, legacy ? 'basic/lifecycle#initialization' : 'server/discover');
    if (missing.length > 0) {
      const severity = legacy ? 'fail' : 'warn';
      findings.push(
        finding('server-info/missing', severity, `${where} lacks ${missing.join(' and ')}`, section, {
          args: { where, missing },
          evidence,
        }),
      );
    }
    // An empty string satisfies every revision's schema: hosts just show nothing, so a warning.
    if (empty.length > 0) {
      findings.push(
        finding('server-info/empty', 'warn', `${where} has an empty ${empty.join(' and ')}`, section, {
          args: { where, empty },
          evidence,
        }),
      );
    }
    return verdict(findings, { summary: `${String(o.name)} ${String(o.version)}`, evidence });
  },
};
