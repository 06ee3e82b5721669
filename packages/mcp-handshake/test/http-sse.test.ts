import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../src/commands/call.js';
import { doctor } from '../src/commands/doctor.js';
import { runInspect } from '../src/commands/inspect.js';
import type { Target } from '../src/target.js';
import { CORPUS } from './corpus/servers.js';

/** The 2024-11-05 HTTP+SSE transport (server-everything's `sse` mode): recognised by every command. */
describe('an HTTP+SSE (2024-11-05 transport) server', () => {
  let target: Target;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ target, stop } = await CORPUS.find((s) => s.id === 'server-everything/sse')!.start());
  }, 30_000);
  afterAll(() => stop?.());

  it('doctor: no false version-negotiation failure from the Streamable HTTP probe that told the transport', async () => {
    const { report, transcript } = await doctor(target, { concurrency: 3 });
    const vn = report.checks.find((c) => c.id === 'version-negotiation')!;
    expect(vn.status, `${vn.summary}\n${vn.evidence.join('\n')}`).toBe('pass');
    expect(transcript.connections.find((c) => c.id === 'legacy')?.purpose).toBe('transport-probe');
    expect(report.eras.find((e) => e.era === 'legacy')!.served).toContain('2025-11-25');
  }, 60_000);

  it('inspect connects and lists the tools; call calls one', async () => {
    const r = await runInspect(target, { era: 'auto', timeoutMs: 5000 });
    expect(r.connected).toBe(true);
    expect(r.era).toBe('legacy');
    expect(r.discovery.tools.length).toBeGreaterThan(0);
    expect(r.notes.join(' ')).toMatch(/HTTP\+SSE/);
    const call = await callTool(target, 'echo', { era: 'auto', timeoutMs: 5000, args: '{"message":"hi"}' });
    expect(call.exitCode, JSON.stringify(call.problem ?? call.error)).toBe(0);
  }, 60_000);
});
