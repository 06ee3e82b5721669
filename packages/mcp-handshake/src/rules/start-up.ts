import { cite, finding, verdict } from '../findings/finding.js';
import { HOSTS_IN_ORDER } from '../hosts/index.js';
import type { HostProfile } from '../hosts/types.js';
import { START_MARGIN, startUpOf } from '../hosts/verdict.js';
import { skip } from './lib.js';
import type { Rule } from './rule.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
/** Start-ups shorter than this are not worth a line. */
const NOTABLE_MS = 1000;

/** How long a stdio host waits for a server's first answer, and what it then does, from its data. */
function hostWait(h: HostProfile): { ms: number; words: string; lowerBound?: boolean } | undefined {
  const w = h.startupTimeout?.value;
  if (!w || !h.transports.value.includes('stdio')) return undefined;
  if (w.omitsAfterMs !== undefined)
    return { ms: w.omitsAfterMs, words: `${h.name} goes on without it after ${seconds(w.omitsAfterMs)}` };
  if (w.ms !== undefined) return { ms: w.ms, words: `${h.name} gives up at ${seconds(w.ms)}` };
  if (w.atLeastMs !== undefined)
    return { ms: w.atLeastMs, words: `${h.name} waits at least ${seconds(w.atLeastMs)}`, lowerBound: true };
  return undefined;
}

/**
 * A slow start is its own finding, never "could not connect" and never a negotiation failure: the first answer's
 * time against each host's measured (or reported) start-up wait, naming the hosts that give up before it.
 */
export const startUp: Rule = {
  id: 'start-up',
  title: 'how long the server takes to start, against how long each host waits',
  why: 'Hosts start a stdio server and wait a fixed time for its first answer; one that starts slower (npx fetching a package, a large bundle, a database connection before serving) is left out by the hosts that wait less, with no error the user sees.',
  fix: 'Answer initialize before slow work: connect databases and load models lazily, ship a bundle instead of fetching at start, and pin the package so npx does not resolve it on every start.',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#timeouts',
  run(t) {
    if (t.transport !== 'stdio') return skip('start-up is a stdio server’s (an HTTP server is already running)');
    const start = startUpOf(t);
    if (start === undefined) return skip('initialize was not answered on the main connection');
    const ms = start.ms;
    const waits = HOSTS_IN_ORDER.flatMap((h) => {
      const w = hostWait(h);
      return w ? [w] : [];
    }).sort((a, b) => a.ms - b.ms);
    // A lower bound passed says nothing of that host: named apart, as not known.
    const short = waits.filter((w) => w.ms * START_MARGIN < ms && !w.lowerBound);
    const unknown = waits.filter((w) => w.ms < ms && w.lowerBound).map((w) => `${w.words} (longer not measured)`);
    const rest = waits.filter((w) => w.ms * START_MARGIN >= ms && !(w.lowerBound && w.ms < ms)).map((w) => w.words);
    // Judged on the idle-machine figure; the wall clock and the CPU wait are said too.
    const evidence = [
      start.cpuWaitMs === undefined
        ? `first answer (initialize) after ${Math.round(ms)} ms`
        : `first answer (initialize) after ${Math.round(start.measuredMs)} ms, of which ${start.cpuWaitMs} ms waiting for a CPU (a busy machine): ${Math.round(ms)} ms on an idle one`,
    ];
    if (short.length === 0)
      return verdict(
        ms < NOTABLE_MS
          ? []
          : [
              finding(
                'start-up/measured',
                'info',
                `answered initialize after ${seconds(ms)}: within every known host's wait (the shortest: ${waits[0]?.words ?? 'none known'})`,
                cite('2025-11-25', 'basic/lifecycle#timeouts'),
                { args: { ms: Math.round(ms) }, evidence },
              ),
            ],
        { summary: `first answer after ${Math.round(ms)} ms`, evidence },
      );
    const busy = start.cpuWaitMs ? ` (${seconds(start.measuredMs)} on this busy machine)` : '';
    const message = `answered initialize after ${seconds(ms)}${busy}: ${short.map((w) => w.words).join('; ')}${[...unknown, ...rest].map((w) => `; ${w}`).join('')}`;
    return verdict(
      [
        finding('start-up/beyond-host-wait', 'warn', message, cite('2025-11-25', 'basic/lifecycle#timeouts'), {
          args: { ms: Math.round(ms), hosts: short.map((w) => w.words) },
          evidence,
        }),
      ],
      { summary: message, evidence },
    );
  },
};
