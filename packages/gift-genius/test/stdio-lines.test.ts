import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { StdioLineGuard } from '../dist/stdio/line-guard.js';
import { CLI, tempDir } from './harness.js';

/** Runs chunks through a real StdioLineGuard; returns the lines it passes on and the errors it answers. */
async function guard(chunks: Buffer[], maxLineBytes?: number) {
  const replies: Array<{ id: unknown; error: { code: number; message: string } }> = [];
  const g = new StdioLineGuard((r) => replies.push(r), maxLineBytes);
  const passed: string[] = [];
  g.on('data', (d: Buffer) => passed.push(...d.toString('utf8').split('\n').filter(Boolean)));
  for (const c of chunks) g.write(c);
  g.end();
  await new Promise((r) => g.once('end', r));
  return { replies, passed };
}

describe('stdio lines', () => {
  it('decodes a UTF-8 character split across two reads', async () => {
    const line = Buffer.from(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { who: 'señora' } })}\n`,
    );
    const at = line.indexOf(Buffer.from('ñ')) + 1; // between the two bytes of ñ
    const { passed, replies } = await guard([line.subarray(0, at), line.subarray(at)]);
    expect(replies).toEqual([]);
    expect(JSON.parse(passed[0]!).params.who).toBe('señora');
  });

  it('answers an overlong line once, however many reads it takes, and serves the next line', async () => {
    const chunk = Buffer.alloc(1024, 'x');
    const chunks = [
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"'),
      ...Array(200).fill(chunk),
      Buffer.from('"}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n'),
    ];
    const { passed, replies } = await guard(chunks, 4096);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.error.code).toBe(-32600);
    expect(passed.map((l) => JSON.parse(l).id)).toEqual([2]);
  });

  it('a real stdio server reads a split character right (get_gift echoes the id)', async () => {
    const data = tempDir();
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
    const call = Buffer.from(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_gift', arguments: { id: 'señora' } } })}\n`,
    );
    const at = call.indexOf(Buffer.from('ñ')) + 1;
    child.stdin.write(call.subarray(0, at));
    await new Promise((r) => setTimeout(r, 300)); // a separate read
    child.stdin.write(call.subarray(at));
    const end = Date.now() + 10_000;
    while (!stdout.includes('"id":1') && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    data.remove();
    const reply = stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((m) => m.id === 1);
    expect(reply.result.content[0].text).toContain('señora');
    expect(reply.result.content[0].text).not.toContain('\ufffd');
  });
});

describe('stdio: terminated right after the first answer', () => {
  const opening = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '2' } },
  };
  it('the handshake line is in the log (SIGTERM as soon as it is answered)', async () => {
    const data = tempDir();
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: process.env,
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.kill('SIGTERM')); // what the SDK v2 client's stdio probe does
    child.stdin.write(`${JSON.stringify(opening)}\n`);
    await new Promise((r) => child.once('close', r));
    data.remove();
    const lines = stderr.split('\n').filter((l) => l.includes('"event":"handshake"'));
    expect(lines, stderr).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      client: { name: 'probe', version: '2' },
      negotiatedVersion: '2025-11-25',
      transport: 'stdio',
    });
  });
});
