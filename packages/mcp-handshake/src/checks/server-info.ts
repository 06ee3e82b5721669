import { META } from '../protocol.js';
import type { Check } from '../types.js';
import { asObject, excerpt, mainSession, outcome, skip, SPEC } from './lib.js';

const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export const serverInfo: Check = {
  id: 'server-info',
  title: 'serverInfo has a name and a version',
  why: 'Hosts show the name in their server list and logs, and bug reports need the version. The SDK clients reject an initialize result whose serverInfo lacks either.',
  fix: 'Pass a non-empty name and version to your server constructor (new McpServer({ name, version })).',
  spec: `${SPEC}/basic/lifecycle#initialization`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const info = session.era === 'legacy' ? session.result.serverInfo : asObject(session.result._meta)[META.serverInfo];
    const where = session.era === 'legacy' ? 'initialize result serverInfo' : `server/discover _meta["${META.serverInfo}"]`;
    if (info === undefined && session.era === 'modern') return outcome('warn', `${where} is missing (servers SHOULD identify themselves)`);
    const o = asObject(info);
    const missing = ['name', 'version'].filter((k) => !nonEmpty(o[k]));
    if (missing.length > 0) return outcome('fail', `${where} lacks a non-empty ${missing.join(' and ')}`, [`${where}: ${excerpt(info)}`]);
    return outcome('pass', `${String(o.name)} ${String(o.version)}`, [`${where}: ${excerpt(info)}`]);
  },
};
