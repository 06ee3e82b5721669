import { describe, expect, it } from 'vitest';
import { applyProfile } from '../src/findings/profile.js';
import { capabilitiesBacked } from '../src/rules/capabilities-backed.js';
import { capabilitiesDeclared } from '../src/rules/capabilities-declared.js';
import { clientCapabilities } from '../src/rules/client-capabilities.js';
import { discover } from '../src/rules/discover.js';
import { emptyDiscovery } from '../src/rules/empty-discovery.js';
import { eraSupport } from '../src/rules/era-support.js';
import { httpContentType } from '../src/rules/http-content-type.js';
import { RULES, runRules, viewOf } from '../src/rules/index.js';
import { initializeFormat } from '../src/rules/initialize-format.js';
import { jsonrpcEnvelope } from '../src/rules/jsonrpc-envelope.js';
import { lifecycleOrder } from '../src/rules/lifecycle-order.js';
import { listChanged } from '../src/rules/list-changed.js';
import { messageSchema } from '../src/rules/message-schema.js';
import { serverInfo } from '../src/rules/server-info.js';
import { stdioHygiene } from '../src/rules/stdio-hygiene.js';
import { toolSchemas } from '../src/rules/tool-schemas.js';
import { undeclaredMethods } from '../src/rules/undeclared-methods.js';
import { versionNegotiation } from '../src/rules/version-negotiation.js';
import { CAPS, healthyMain, INIT_RESULT, TranscriptBuilder } from './helpers.js';

const MODERN_META = (v: string) => ({
  _meta: { 'io.modelcontextprotocol/protocolVersion': v, 'io.modelcontextprotocol/clientCapabilities': {} },
});
const DISCOVER_RESULT = {
  supportedVersions: ['2026-07-28'],
  capabilities: CAPS,
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
};

/** A rule's arguments for a transcript: the transcript and what rules read of it. */
const judgeArgs = (t: Parameters<typeof viewOf>[0]) => [t, viewOf(t)] as const;

describe('the rule set', () => {
  it('has the required ids, once each, one file each, as data', () => {
    expect(RULES.map((c) => c.id)).toEqual([
      'stdio-hygiene',
      'initialize-format',
      'version-negotiation',
      'discover',
      'lifecycle-order',
      'session-lifecycle',
      'capabilities-declared',
      'capabilities-backed',
      'capabilities-used',
      'undeclared-methods',
      'list-changed',
      'list-drift',
      'era-switch',
      'jsonrpc-envelope',
      'server-info',
      'tool-schemas',
      'era-support',
      'empty-discovery',
      'message-schema',
      'http-content-type',
      'client-capabilities',
      'pagination',
      'http-accepted',
      'http-session',
      'http-origin',
      'http-protocol-version',
      'http-standard-headers',
      'http-sse',
      'oauth-steps',
      'start-up',
    ]);
    for (const c of RULES) {
      expect(c.title && c.why && c.fix).toBeTruthy();
      expect(c.spec).toMatch(/^https:\/\//);
    }
  });

  it('a healthy transcript passes every check', () => {
    const b = new TranscriptBuilder();
    healthyMain(b);
    const findings = runRules(b.build());
    expect(findings.filter((f) => f.status === 'fail' || f.status === 'warn')).toEqual([]);
  });

  it('an empty transcript makes checks skip, not crash', () => {
    const findings = runRules(new TranscriptBuilder().build());
    expect(findings.every((f) => ['skip', 'info', 'pass'].includes(f.status))).toBe(true);
  });
});

describe('stdio-hygiene', () => {
  it('fails on a stdout banner even when the handshake works', () => {
    const b = new TranscriptBuilder();
    const c = healthyMain(b);
    b.event(c, { dir: 'in', kind: 'noise', raw: 'Server listening on stdio' });
    const r = stdioHygiene.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('fail');
    expect(r.evidence.join('\n')).toContain('Server listening on stdio');
  });
  // basic/transports#stdio has no sentence an exit of its own breaks (other checks see the requests it left
  // unanswered): info, not a warning.
  it('reports stderr and an unexpected exit, as info', () => {
    const b = new TranscriptBuilder();
    const c = healthyMain(b);
    b.event(c, { dir: 'in', kind: 'stderr', raw: 'booting' });
    b.event(c, { dir: 'in', kind: 'exit', exit: { code: 3, signal: null, expected: false } });
    const r = stdioHygiene.run(b.build(), viewOf(b.build()));
    expect(r).toMatchObject({ status: 'info', findings: [{ code: 'stdio-hygiene/exited', severity: 'info' }] });
    expect(r.evidence.join('\n')).toMatch(/exit code 3/);
    expect(r.evidence.join('\n')).toMatch(/stderr captured: 1 lines/);
  });
  it('skips HTTP targets', () => {
    expect(stdioHygiene.run(...judgeArgs(new TranscriptBuilder('http').build())).status).toBe('skip');
  });
});

describe('initialize-format', () => {
  const variants = (b: TranscriptBuilder, codes: Array<number | 'result' | 'timeout'>) => {
    const c = b.conn('malformed', 'malformed');
    const names = ['method-init', 'capabilities-boolean', 'no-protocol-version', 'no-jsonrpc'];
    names.forEach((name, i) => {
      const code = codes[i];
      const raw = { jsonrpc: '2.0', id: `variant-${i}`, method: 'initialize' };
      if (code === 'timeout') b.request(c, 'initialize', undefined, 'timeout', { raw, label: `variant:${name}` });
      else if (code === 'result')
        b.request(
          c,
          'initialize',
          undefined,
          { jsonrpc: '2.0', id: raw.id, result: INIT_RESULT() },
          { raw, label: `variant:${name}` },
        );
      else
        b.request(
          c,
          'initialize',
          undefined,
          { jsonrpc: '2.0', id: raw.id, error: { code, message: 'x' } },
          { raw, label: `variant:${name}` },
        );
    });
    b.ok(c, 'initialize', {}, INIT_RESULT(), 'usable-check');
  };
  it('passes with the right codes', () => {
    const b = new TranscriptBuilder();
    variants(b, [-32601, -32602, -32602, -32600]);
    expect(initializeFormat.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
  it('warns on a wrong code (the SDKs answer bad params with -32603)', () => {
    const b = new TranscriptBuilder();
    variants(b, [-32601, -32603, -32603, 'timeout']);
    expect(initializeFormat.run(b.build(), viewOf(b.build())).status).toBe('warn');
  });
  // No revision obliges a server to refuse a malformed request, and JSON-RPC 2.0 §5.1 lists -32602 without a MUST:
  // accepting one is a warning. No answer to a request breaks JSON-RPC 2.0 §5 "the Server MUST reply": a failure.
  it('warns when a malformed initialize is accepted; fails when one gets no answer', () => {
    const b = new TranscriptBuilder();
    variants(b, [-32601, 'result', -32602, -32600]);
    const r = initializeFormat.run(b.build(), viewOf(b.build()));
    expect(r).toMatchObject({
      status: 'warn',
      findings: [{ code: 'initialize-format/accepted-malformed', severity: 'warn' }],
    });
    expect(r.findings![0].cite).toMatchObject({ revision: '2025-11-25' });
    const hang = new TranscriptBuilder();
    variants(hang, [-32601, 'timeout', -32602, -32600]);
    expect(initializeFormat.run(hang.build(), viewOf(hang.build()))).toMatchObject({
      status: 'fail',
      findings: [{ code: 'initialize-format/no-answer' }],
    });
  });
  it('fails when the server is unusable afterwards', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('malformed', 'malformed');
    b.request(c, 'init', undefined, 'closed', { label: 'variant:method-init' });
    b.request(c, 'initialize', {}, 'closed', { label: 'usable-check' });
    expect(initializeFormat.run(b.build(), viewOf(b.build())).status).toBe('fail');
  });
});

describe('version-negotiation', () => {
  const probe = (b: TranscriptBuilder, asked: string, answered: string | number) => {
    const c = b.conn(`version-${asked}`, 'version', 'legacy', asked);
    if (typeof answered === 'number') b.err(c, 'initialize', {}, answered, 'initialize');
    else b.ok(c, 'initialize', { protocolVersion: asked }, INIT_RESULT(answered), 'initialize');
  };
  it('skips when no initialize got a JSON-RPC answer at all (an HTTP 501 from a server that is no MCP server): the root cause says it', () => {
    const b = new TranscriptBuilder('http');
    for (const asked of ['2025-11-25', '2024-11-05', '2099-01-01']) {
      const c = b.conn(`version-${asked}`, asked === '2025-11-25' ? 'main' : 'version', 'legacy', asked);
      b.request(c, 'initialize', { protocolVersion: asked }, 'timeout', { label: 'initialize', httpStatus: 501 });
    }
    const t = b.build();
    for (const x of t.exchanges) x.outcome = 'transport-error';
    expect(versionNegotiation.run(t, viewOf(t)).status).toBe('skip');
  });
  it('passes for echo, counter-offer and unknown versions answered with a supported one', () => {
    const b = new TranscriptBuilder();
    probe(b, '2025-11-25', '2025-11-25');
    probe(b, '2024-11-05', '2025-11-25');
    probe(b, '2099-01-01', '2025-11-25');
    probe(b, '1900-01-01', '2025-11-25');
    expect(versionNegotiation.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
  it('fails when an unknown version is echoed', () => {
    const b = new TranscriptBuilder();
    probe(b, '2099-01-01', '2099-01-01');
    const r = versionNegotiation.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('fail');
    expect(r.summary).toContain('2099-01-01');
  });
  it('fails when a counter-offered version is itself not accepted', () => {
    const b = new TranscriptBuilder();
    probe(b, '2024-11-05', '2025-06-18');
    probe(b, '2025-06-18', '2025-11-25');
    expect(versionNegotiation.run(b.build(), viewOf(b.build())).status).toBe('fail');
  });
  it('modern: wants -32022 with the supported list, consistent with server/discover', () => {
    const good = new TranscriptBuilder();
    const c = good.conn('modern', 'modern-main', 'modern', '2026-07-28');
    good.err(c, 'server/discover', MODERN_META('2099-01-01'), -32022, 'unknown-version', {
      supported: ['2026-07-28'],
      requested: '2099-01-01',
    });
    good.ok(c, 'server/discover', MODERN_META('2026-07-28'), DISCOVER_RESULT, 'discover');
    expect(versionNegotiation.run(good.build(), viewOf(good.build())).status).toBe('pass');

    const inconsistent = new TranscriptBuilder();
    const d = inconsistent.conn('modern', 'modern-main', 'modern', '2026-07-28');
    inconsistent.err(d, 'server/discover', MODERN_META('2099-01-01'), -32022, 'unknown-version', {
      supported: ['2026-07-28', '2027-01-01'],
      requested: '2099-01-01',
    });
    inconsistent.ok(d, 'server/discover', MODERN_META('2026-07-28'), DISCOVER_RESULT, 'discover');
    expect(versionNegotiation.run(inconsistent.build(), viewOf(inconsistent.build())).status).toBe('fail');

    const served = new TranscriptBuilder();
    const e = served.conn('modern', 'modern-main', 'modern', '2026-07-28');
    served.ok(e, 'server/discover', MODERN_META('2099-01-01'), DISCOVER_RESULT, 'unknown-version');
    served.ok(e, 'server/discover', MODERN_META('2026-07-28'), DISCOVER_RESULT, 'discover');
    expect(versionNegotiation.run(served.build(), viewOf(served.build())).status).toBe('fail');
  });
});

describe('discover', () => {
  const run = (reply: Record<string, unknown> | 'timeout', httpStatus?: number) => {
    const b = new TranscriptBuilder(httpStatus ? 'http' : 'stdio');
    const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
    b.request(c, 'server/discover', MODERN_META('2026-07-28'), reply, { label: 'discover', httpStatus });
    return discover.run(b.build(), viewOf(b.build()));
  };
  it('passes a valid DiscoverResult', () =>
    expect(run({ jsonrpc: '2.0', id: 1, result: DISCOVER_RESULT }).status).toBe('pass'));
  it('passes a legacy server that answers with a JSON-RPC error echoing the id over HTTP 200', () =>
    expect(run({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }, 200).status).toBe(
      'pass',
    ));
  // 2026-07-28 Streamable HTTP, Backward Compatibility: a 4xx without a recognised modern error is the fallback signal.
  it('warns (naming ChatGPT) on a non-modern JSON-RPC error over HTTP 400: legal, SDK clients fall back', () => {
    const r = run({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Bad Request' } }, 400);
    expect(r.status).toBe('warn');
    expect(r.findings?.[0]).toMatchObject({
      code: 'discover/http-error-status',
      severity: 'warn',
      hosts: ['chatgpt'],
      args: { httpStatus: 400 },
    });
    expect(r.findings?.[0].cite).toMatchObject({
      revision: '2026-07-28',
      section: 'basic/transports/streamable-http#backward-compatibility',
    });
  });
  it('fails an error with id null', () =>
    expect(run({ jsonrpc: '2.0', id: null, error: { code: -32601, message: 'no' } }).status).toBe('fail'));
  it('judges the first modern request when it went unanswered, instead of saying the era was not probed', () => {
    // Seen on a first `npx -y` run: the probe's process was still being installed, so the unknown-version
    // discover timed out and the doctor sent nothing after it.
    const b = new TranscriptBuilder('stdio');
    const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
    b.request(c, 'server/discover', MODERN_META('2099-01-01'), 'timeout', { label: 'unknown-version' });
    const r = discover.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('warn');
    expect(r.findings?.[0].code).toBe('discover/timeout');
  });
  it('names ChatGPT only over HTTP: it connects to remote servers, never to a stdio one', () => {
    const timedOut = (transport: 'stdio' | 'http') => {
      const b = new TranscriptBuilder(transport);
      const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
      b.request(c, 'server/discover', MODERN_META('2026-07-28'), 'timeout', { label: 'discover' });
      return discover.run(b.build(), viewOf(b.build())).findings?.[0];
    };
    expect(timedOut('stdio')).toMatchObject({ code: 'discover/timeout', severity: 'warn' });
    expect(timedOut('stdio')?.hosts ?? []).toEqual([]);
    expect(timedOut('http')).toMatchObject({ code: 'discover/timeout', severity: 'warn', hosts: ['chatgpt'] });
  });
  it('fails a malformed result; warns on silence (the stdio fallback signal, at the cost of a timeout)', () => {
    expect(run({ jsonrpc: '2.0', id: 1, result: { versions: 'x' } }).status).toBe('fail');
    expect(run('timeout').status).toBe('warn');
    expect(run('timeout').findings?.[0].code).toBe('discover/timeout');
  });
  it('warns when serverInfo is missing (a SHOULD); fails without ttlMs (REQUIRED in the 2026-07-28 schema)', () => {
    const { _meta, ...rest } = DISCOVER_RESULT;
    expect(run({ jsonrpc: '2.0', id: 1, result: rest }).status).toBe('warn');
    const { ttlMs, ...noTtl } = DISCOVER_RESULT;
    const r = run({ jsonrpc: '2.0', id: 1, result: noTtl });
    expect(r.status).toBe('fail');
    expect(r.summary).toMatch(/\/ttlMs must have required property "ttlMs" \(2026-07-28 schema\)/);
  });
});

describe('lifecycle-order', () => {
  // 2025-11-25 lifecycle: the server SHOULD NOT send requests other than pings and logging before initialized.
  it('warns on a notification before notifications/initialized (a SHOULD NOT; fails under --profile strict)', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT(), 'initialize');
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    b.outbound(c, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const r = lifecycleOrder.run(b.build(), viewOf(b.build()));
    expect(r).toMatchObject({
      status: 'warn',
      findings: [{ code: 'lifecycle-order/before-initialized', severity: 'warn' }],
    });
    const [strict] = applyProfile([{ ...lifecycleOrder, ...r, findings: r.findings! }], 'strict');
    expect(strict.status).toBe('fail');
  });
  it('fails on anything before the initialize result, allows ping and logging after it', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    const sent = b.outbound(c, { jsonrpc: '2.0', id: 1, method: 'initialize' });
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    const reply = b.inbound(c, { jsonrpc: '2.0', id: 1, result: INIT_RESULT() });
    const t = b.build();
    t.exchanges.push({
      conn: c,
      id: 1,
      method: 'initialize',
      label: 'initialize',
      sentSeq: sent,
      replySeq: reply,
      outcome: 'reply',
      ms: 1,
    });
    expect(lifecycleOrder.run(t, viewOf(t)).status).toBe('fail');

    const ok = new TranscriptBuilder();
    const d = ok.conn('legacy', 'main', 'legacy', '2025-11-25');
    ok.ok(d, 'initialize', {}, INIT_RESULT(), 'initialize');
    ok.inbound(d, { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    ok.inbound(d, { jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
    ok.outbound(d, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(lifecycleOrder.run(ok.build(), viewOf(ok.build())).status).toBe('pass');
  });
});

describe('capabilities-declared / capabilities-backed / undeclared-methods', () => {
  it('an undeclared primitive that answers fails capabilities-declared only', () => {
    const b = new TranscriptBuilder();
    const { prompts: _p, ...caps } = CAPS;
    healthyMain(b, { capabilities: caps });
    const t = b.build();
    expect(capabilitiesDeclared.run(t, viewOf(t)).status).toBe('fail');
    expect(undeclaredMethods.run(t, viewOf(t)).status).toBe('pass');
    expect(capabilitiesBacked.run(t, viewOf(t)).status).toBe('pass');
  });
  // No revision says a declared capability MUST answer its methods (the MUST runs the other way: "Servers that support
  // tools MUST declare the tools capability"): an error answer warns; silence breaks JSON-RPC's "MUST reply": fails.
  // 2025-03-26+ server/utilities/completion: "Servers that support completions MUST declare the completions
  // capability"; 2024-11-05 has no such capability, and logging's MUST binds emitting notifications only.
  it('capabilities-declared: completions fail from 2025-03-26, are info on 2024-11-05; logging/setLevel warns', () => {
    const run = (version: string) => {
      const b = new TranscriptBuilder();
      const c = b.conn('legacy', 'main', 'legacy', version);
      b.ok(c, 'initialize', {}, INIT_RESULT(version, {}), 'initialize');
      b.ok(c, 'completion/complete', {}, { completion: { values: [] } }, 'probe:completions');
      b.ok(c, 'logging/setLevel', { level: 'info' }, {}, 'probe:logging');
      return capabilitiesDeclared
        .run(b.build(), viewOf(b.build()))
        .findings!.map((f) => `${f.args.capability} ${f.severity} ${f.cite.section}`);
    };
    expect(run('2025-03-26')).toEqual([
      'logging warn server/utilities/logging#capabilities',
      'completions fail server/utilities/completion#capabilities',
    ]);
    expect(run('2024-11-05')).toEqual([
      'logging warn server/utilities/logging#capabilities',
      'completions info server/utilities/completion',
    ]);
  });
  it('a declared capability whose core method is refused fails, another method warns; one that hangs fails', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { logging: {}, resources: { subscribe: true } }), 'initialize');
    b.err(c, 'logging/setLevel', {}, -32601, 'probe:logging');
    b.ok(c, 'resources/list', undefined, { resources: [{ uri: 'x://1' }] }, 'list-1');
    b.err(c, 'resources/subscribe', { uri: 'x://1' }, -32601, 'probe:subscribe');
    const r = capabilitiesBacked.run(b.build(), viewOf(b.build()));
    // logging/setLevel is what a declared `logging` is for (Inspector's CLI gives up on it); subscribe is not.
    expect(r.status).toBe('fail');
    expect(r.findings!.map((f) => [f.code, f.severity])).toEqual([
      ['capabilities-backed/core-refused', 'fail'],
      ['capabilities-backed/refused', 'warn'],
    ]);
    expect(r.summary).toContain('logging/setLevel');
    expect(r.findings![1]!.message).toContain('resources/subscribe');
    const hang = new TranscriptBuilder();
    const h = hang.conn('legacy', 'main', 'legacy', '2025-06-18');
    hang.ok(h, 'initialize', {}, INIT_RESULT('2025-06-18', { logging: {} }), 'initialize');
    hang.request(h, 'logging/setLevel', {}, 'timeout', { label: 'probe:logging' });
    const hung = capabilitiesBacked.run(hang.build(), viewOf(hang.build()));
    expect(hung).toMatchObject({
      status: 'fail',
      findings: [{ code: 'capabilities-backed/no-answer', cite: { revision: '2025-06-18' } }],
    });
  });
  // JSON-RPC 2.0 §5 "the Server MUST reply with a Response": a hang fails. §5.1 names -32601 "Method not found"
  // without a MUST (and no MCP revision adds one): another code warns.
  it('a hang on an unknown method fails undeclared-methods, a wrong code warns; -32601 passes', () => {
    for (const [reply, status] of [
      ['timeout', 'fail'],
      [{ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } }, 'warn'],
      [{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, 'pass'],
    ] as const) {
      const b = new TranscriptBuilder();
      const c = b.conn('legacy', 'main');
      b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', {}), 'initialize');
      b.request(c, 'mcp-handshake/no-such-method', {}, reply as never, { label: 'unknown-method' });
      expect(undeclaredMethods.run(b.build(), viewOf(b.build())).status).toBe(status);
    }
  });
});

describe('list-changed', () => {
  const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
  // "servers that declared listChanged SHOULD send a notification": a warning naming the hosts that cache tool lists.
  it('warns when a list changes without a notification, naming ChatGPT, Claude and VS Code (over stdio VS Code only); --profile chatgpt fails it', () => {
    const silentChange = (transport: 'stdio' | 'http') => {
      const b = new TranscriptBuilder(transport);
      healthyMain(b, { tools: [tool('a')], tools2: [tool('a'), tool('b')] });
      return listChanged.run(b.build(), viewOf(b.build()));
    };
    expect(silentChange('stdio')).toMatchObject({
      status: 'warn',
      findings: [{ code: 'list-changed/silent-change', hosts: ['vscode'] }],
    });
    const r = silentChange('http');
    expect(r).toMatchObject({
      status: 'warn',
      findings: [{ code: 'list-changed/silent-change', hosts: ['chatgpt', 'claude', 'vscode'] }],
    });
    const [chatgpt] = applyProfile([{ ...listChanged, ...r, findings: r.findings! }], 'chatgpt');
    expect(chatgpt.status).toBe('fail');
  });
  it('passes when the change is announced', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT(), 'initialize');
    b.ok(c, 'tools/list', undefined, { tools: [tool('a')] }, 'list-1');
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    b.ok(c, 'tools/list', undefined, { tools: [tool('b')] }, 'list-2');
    expect(listChanged.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
  it('fails a list_changed without listChanged declared', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { prompts: {} }), 'initialize');
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' });
    expect(listChanged.run(b.build(), viewOf(b.build())).status).toBe('fail');
  });
});

describe('jsonrpc-envelope', () => {
  it('fails id null, a wrong id, a missing jsonrpc, a malformed error', () => {
    for (const reply of [
      { jsonrpc: '2.0', id: null, result: {} },
      { jsonrpc: '2.0', id: 99, result: {} },
      { id: 1, result: {} },
      { jsonrpc: '2.0', id: 1, error: { code: 'bad' } },
      { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } },
    ]) {
      const b = new TranscriptBuilder();
      b.request(b.conn('legacy', 'main'), 'ping', undefined, reply);
      expect(jsonrpcEnvelope.run(b.build(), viewOf(b.build())).status, JSON.stringify(reply)).toBe('fail');
    }
  });
  it('names an answer whose id changed type (sent 2, got "2") as an id not echoed, not as an unsolicited answer', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main');
    b.request(c, 'ping', undefined, { jsonrpc: '2.0', id: 1, result: {} });
    b.request(c, 'ping', undefined, 'timeout'); // the doctor matched no answer to id 2…
    b.inbound(c, { jsonrpc: '2.0', id: '2', result: {} }); // …because it came back as "2"
    const r = jsonrpcEnvelope.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('fail');
    expect(r.findings?.map((f) => f.code)).toEqual(['jsonrpc-envelope/id-not-echoed']);
    expect(r.findings?.[0].message).toMatch(/sent 2, got "2"/);
  });
  it('passes echoed ids', () => {
    const b = new TranscriptBuilder();
    healthyMain(b);
    expect(jsonrpcEnvelope.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
});

describe('server-info', () => {
  // serverInfo.name and .version are REQUIRED strings in every legacy revision's schema; "" satisfies it.
  it('fails a missing name, warns on an empty one, passes a full serverInfo', () => {
    const missing = new TranscriptBuilder();
    missing.ok(
      missing.conn('legacy', 'main'),
      'initialize',
      {},
      { ...INIT_RESULT(), serverInfo: { version: '1' } },
      'initialize',
    );
    expect(serverInfo.run(missing.build(), viewOf(missing.build()))).toMatchObject({
      status: 'fail',
      findings: [{ code: 'server-info/missing', args: { missing: ['name'] } }],
    });
    const b = new TranscriptBuilder();
    b.ok(
      b.conn('legacy', 'main'),
      'initialize',
      {},
      { ...INIT_RESULT(), serverInfo: { name: '', version: '1' } },
      'initialize',
    );
    expect(serverInfo.run(b.build(), viewOf(b.build()))).toMatchObject({
      status: 'warn',
      findings: [{ code: 'server-info/empty', severity: 'warn' }],
    });
    const ok = new TranscriptBuilder();
    healthyMain(ok);
    expect(serverInfo.run(ok.build(), viewOf(ok.build())).status).toBe('pass');
  });
});

describe('tool-schemas', () => {
  const run = (tools: unknown[]) => {
    const b = new TranscriptBuilder();
    healthyMain(b, { tools });
    return toolSchemas.run(b.build(), viewOf(b.build()));
  };
  it('passes valid 2020-12 and draft-07 schemas', () => {
    expect(
      run([
        {
          name: 'a',
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { x: { type: 'string' } },
          },
        },
        { name: 'b', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } },
      ]).status,
    ).toBe('pass');
  });
  // 2025-11-25 server/tools: inputSchema "MUST be a valid JSON Schema object"; the schema's `type: "object"` is
  // REQUIRED; "Tool names SHOULD be unique within a server" (a warning); `required` naming a property that is not in
  // `properties` is valid JSON Schema (info).
  it('fails invalid schemas and non-object roots; warns on duplicates; notes required ⊄ properties', () => {
    expect(run([{ name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'strin' } } } }]).status).toBe(
      'fail',
    );
    expect(run([{ name: 'a', inputSchema: { type: 'string' } }]).status).toBe('fail');
    const unlisted = run([{ name: 'a', inputSchema: { type: 'object', properties: {}, required: ['x'] } }]);
    expect(unlisted).toMatchObject({
      status: 'pass',
      findings: [{ code: 'tool-schemas/required-not-in-properties', severity: 'info' }],
    });
    const twice = run([
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'a', inputSchema: { type: 'object' } },
    ]);
    expect(twice).toMatchObject({
      status: 'warn',
      findings: [
        { code: 'tool-schemas/duplicate-name', cite: { revision: '2025-11-25', section: 'server/tools#tool-names' } },
      ],
    });
  });
  // Before 2025-11-25 no revision words tool names ("Each tool is uniquely identified by a name" has no level): info.
  it('on 2025-06-18 a duplicate or an odd name is info only', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-06-18');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-06-18', { tools: {} }), 'initialize');
    b.ok(
      c,
      'tools/list',
      undefined,
      {
        tools: [
          { name: 'a b', inputSchema: { type: 'object' } },
          { name: 'a b', inputSchema: { type: 'object' } },
        ],
      },
      'list-1',
    );
    const r = toolSchemas.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('pass');
    expect(r.findings!.map((f) => `${f.code} ${f.severity}`).sort()).toEqual([
      'tool-schemas/duplicate-name info',
      'tool-schemas/name-format info',
      'tool-schemas/name-format info',
    ]);
  });
  it('warns on a name outside the allowed form', () => {
    expect(run([{ name: 'has space', inputSchema: { type: 'object' } }]).status).toBe('warn');
  });
});

describe('era-support and empty-discovery', () => {
  it('era-support explains what ChatGPT does with a legacy-only server', () => {
    const b = new TranscriptBuilder();
    healthyMain(b);
    const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
    b.err(c, 'server/discover', MODERN_META('2026-07-28'), -32601, 'discover');
    const r = eraSupport.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('info');
    expect(r.evidence.join('\n')).toMatch(/falls back to initialize 2025-11-25 and connects/);
  });
  // No revision asks a server to offer anything, and no host is known to mishandle an empty one: info.
  it('empty-discovery notes (info, not a warning) when nothing is listed', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { tools: {} }), 'initialize');
    b.ok(c, 'tools/list', undefined, { tools: [] }, 'list-1');
    const r = emptyDiscovery.run(b.build(), viewOf(b.build()));
    expect(r).toMatchObject({
      status: 'info',
      findings: [{ code: 'empty-discovery/nothing-offered', severity: 'info' }],
    });
    const [strict] = applyProfile([{ ...emptyDiscovery, ...r, findings: r.findings! }], 'strict');
    expect(strict.status).toBe('info');
  });
});

describe('message-schema (the spec JSON Schema of each revision, via ajv)', () => {
  const legacyWith = (result: Record<string, unknown>, version = '2025-11-25') => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', version);
    b.ok(c, 'initialize', {}, result, 'initialize');
    return { b, c };
  };
  const findingsOf = (t: ReturnType<TranscriptBuilder['build']>) => messageSchema.run(t, viewOf(t)).findings ?? [];

  it('passes a healthy transcript', () => {
    const b = new TranscriptBuilder();
    healthyMain(b);
    expect(messageSchema.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
  it('names the field and the revision: no protocolVersion, a number there, capabilities.tools: true', () => {
    const missing = findingsOf(legacyWith({ capabilities: {}, serverInfo: { name: 's', version: '1' } }).b.build());
    expect(missing[0]).toMatchObject({
      code: 'message-schema/result',
      severity: 'fail',
      args: { pointer: '/protocolVersion', revision: '2025-11-25', definition: 'InitializeResult' },
    });
    expect(missing[0].cite.url).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/schema#initializeresult',
    );
    const number = findingsOf(
      legacyWith(
        { protocolVersion: 20250618, capabilities: {}, serverInfo: { name: 's', version: '1' } },
        '2025-06-18',
      ).b.build(),
    );
    expect(number[0].args).toMatchObject({
      pointer: '/protocolVersion',
      problem: 'must be string',
      revision: '2025-06-18',
    });
    const tools = findingsOf(legacyWith(INIT_RESULT('2025-11-25', { tools: true })).b.build());
    expect(tools.map((f) => f.args.pointer)).toEqual(['/capabilities/tools']);
  });
  it('checks list results and their entries: a non-array, a null tool', () => {
    const { b, c } = legacyWith(INIT_RESULT());
    b.ok(c, 'resources/list', undefined, { resources: {} }, 'list-1');
    b.ok(c, 'tools/list', undefined, { tools: [null] }, 'list-1');
    expect(findingsOf(b.build()).map((f) => `${f.args.method} ${f.args.pointer}`)).toEqual([
      'resources/list /resources',
      'tools/list /tools/0',
    ]);
  });
  it('checks errors and server notifications; leaves tool JSON Schemas and serverInfo to their own checks', () => {
    const { b, c } = legacyWith({ protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's' } });
    b.request(
      c,
      'mcp-handshake/no-such-method',
      {},
      { jsonrpc: '2.0', id: 2, error: { code: 'nope' } },
      { label: 'unknown-method' },
    );
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x' } });
    b.ok(c, 'tools/list', undefined, { tools: [{ name: 'x', inputSchema: { type: 'array' } }] }, 'list-1');
    expect(findingsOf(b.build()).map((f) => `${f.code} ${f.args.pointer}`)).toEqual([
      'message-schema/error /message',
      'message-schema/error /code',
      'message-schema/server-message /params/level',
    ]);
  });
  it('judges a modern connection by its envelope revision', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
    b.ok(c, 'tools/list', MODERN_META('2026-07-28'), { tools: [] }, 'list-1');
    expect(findingsOf(b.build()).map((f) => `${f.args.revision} ${f.args.pointer}`)).toEqual([
      '2026-07-28 /cacheScope',
      '2026-07-28 /resultType',
      '2026-07-28 /ttlMs',
    ]);
  });
});

describe('http-content-type', () => {
  const withType = (contentType: string, status = 200) => {
    const b = new TranscriptBuilder('http');
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    const sent = b.outbound(c, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    b.event(c, { dir: 'in', kind: 'http', http: { method: 'POST', url: 'u', status, contentType } });
    const reply = b.inbound(c, { jsonrpc: '2.0', id: 1, result: INIT_RESULT() });
    const t = b.build();
    t.exchanges.push({
      conn: c,
      id: 1,
      method: 'initialize',
      label: 'initialize',
      sentSeq: sent,
      replySeq: reply,
      outcome: 'reply',
      ms: 1,
      httpStatus: status,
    });
    return httpContentType.run(t, viewOf(t));
  };
  it('passes application/json (with parameters) and text/event-stream', () => {
    expect(withType('application/json; charset=utf-8').status).toBe('pass');
    expect(withType('text/event-stream').status).toBe('pass');
  });
  it('fails a JSON answer served as text/plain, citing the revision; warns for a 4xx error body', () => {
    const r = withType('text/plain');
    expect(r).toMatchObject({
      status: 'fail',
      findings: [{ code: 'http-content-type/answer', args: { contentType: 'text/plain', revision: '2025-11-25' } }],
    });
    expect(withType('text/plain', 400).status).toBe('warn');
  });
  it('skips stdio', () =>
    expect(httpContentType.run(...judgeArgs(new TranscriptBuilder().build())).status).toBe('skip'));
});

describe('client-capabilities', () => {
  const session = (capabilities: Record<string, unknown>) => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(
      c,
      'initialize',
      { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'c', version: '1' } },
      INIT_RESULT(),
      'initialize',
    );
    b.inbound(c, { jsonrpc: '2.0', id: 's1', method: 'roots/list' });
    b.inbound(c, { jsonrpc: '2.0', id: 's2', method: 'ping' });
    return clientCapabilities.run(b.build(), viewOf(b.build()));
  };
  it('fails roots/list to a client without roots; passes when roots is declared', () => {
    expect(session({})).toMatchObject({
      status: 'fail',
      findings: [
        { code: 'client-capabilities/undeclared-request', args: { method: 'roots/list', capability: 'roots' } },
      ],
    });
    expect(session({ roots: {} }).status).toBe('pass');
  });
  it('skips when the server sent nothing at all: there was nothing to judge, so no pass', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
    b.request(c, 'initialize', params, 'timeout', { label: 'initialize' });
    expect(clientCapabilities.run(b.build(), viewOf(b.build())).status).toBe('skip');
  });
});
