/**
 * The false verdicts of issue 11, on hand-written transcripts (pure checks, no I/O).
 * Each of these failed before its fix.
 */

import { describe, expect, it } from 'vitest';
import { capabilitiesBacked } from '../src/rules/capabilities-backed.js';
import { viewOf } from '../src/rules/index.js';
import { jsonrpcEnvelope } from '../src/rules/jsonrpc-envelope.js';
import { pagination } from '../src/rules/pagination.js';
import { toolSchemas } from '../src/rules/tool-schemas.js';
import { undeclaredMethods } from '../src/rules/undeclared-methods.js';
import { CAPS, healthyMain, INIT_RESULT, TranscriptBuilder } from './helpers.js';

describe('jsonrpc-envelope', () => {
  it('a transport-level HTTP 400 carrying id null is not an envelope failure', () => {
    const b = new TranscriptBuilder('http');
    healthyMain(b);
    const c = b.conn('malformed', 'malformed', 'legacy');
    b.request(
      c,
      'init',
      undefined,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } },
      { label: 'variant:method-init', httpStatus: 400 },
    );
    const r = jsonrpcEnvelope.run(b.build(), viewOf(b.build()));
    expect(r.status, r.summary).toBe('pass');
    expect(r.findings?.map((f) => f.code)).toEqual(['jsonrpc-envelope/transport-rejection']);
  });

  it('so does one without any id (server-everything after DELETE)', () => {
    const b = new TranscriptBuilder('http');
    healthyMain(b);
    const c = b.conn('http-session', 'http-probe', 'legacy');
    b.request(
      c,
      'ping',
      undefined,
      { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' } },
      { label: 'after-delete', httpStatus: 400 },
    );
    expect(jsonrpcEnvelope.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });

  it('id null over HTTP 200 (or stdio) still fails', () => {
    const b = new TranscriptBuilder('http');
    healthyMain(b);
    const c = b.conn('x', 'main', 'legacy');
    b.request(c, 'ping', undefined, { jsonrpc: '2.0', id: null, result: {} }, { label: 'ping', httpStatus: 200 });
    expect(jsonrpcEnvelope.run(b.build(), viewOf(b.build())).status).toBe('fail');
  });

  it('a late answer that came back on the POST of a timed-out request is late, not "an answer to no pending request"', () => {
    const b = new TranscriptBuilder('http');
    healthyMain(b);
    const c = b.conn('malformed', 'malformed', 'legacy');
    b.request(c, 'initialize', undefined, 'timeout', {
      label: 'variant:no-jsonrpc',
      raw: { id: 'variant-1', method: 'initialize' },
    });
    const post = b.build().exchanges.at(-1)!.sentSeq;
    b.event(c, {
      dir: 'in',
      kind: 'message',
      message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      replyTo: post,
    });
    const r = jsonrpcEnvelope.run(b.build(), viewOf(b.build()));
    expect(r.status, r.evidence.join('\n')).toBe('pass');
  });
});

describe('result: null is named as such', () => {
  it('undeclared-methods: an undeclared method answered with result null is a warning that says so', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { tools: {} }), 'initialize');
    b.ok(c, 'tools/list', undefined, { tools: [] }, 'list-1');
    b.ok(c, 'completion/complete', {}, null, 'probe:completions');
    b.err(c, 'mcp-handshake/no-such-method', {}, -32601, 'unknown-method');
    const r = undeclaredMethods.run(b.build(), viewOf(b.build()));
    expect(r.status).toBe('warn');
    expect(r.summary).toMatch(/completion\/complete: answered with "result": null/);
    expect(r.summary).not.toMatch(/no JSON-RPC answer/);
  });
});

describe('capabilities-backed', () => {
  it('resources/templates/list answering -32601 does not fail: templates are optional under resources', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { resources: {} }), 'initialize');
    b.ok(c, 'resources/list', undefined, { resources: [{ uri: 'x://1', name: '1' }] }, 'list-1');
    b.err(c, 'resources/templates/list', undefined, -32601, 'list-1');
    const r = capabilitiesBacked.run(b.build(), viewOf(b.build()));
    expect(r.status, r.summary).toBe('pass');
    expect(r.evidence.join('\n')).toMatch(/INFO resources\/templates\/list/);
  });
  // The list method is how a declared primitive is discovered (2025-11-25 server/resources: "To discover available
  // resources, clients send a resources/list request"): refusing it contradicts the declaration, and clients refuse it.
  it('resources/list answering -32601 still fails (it never passes)', () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', { resources: {} }), 'initialize');
    b.err(c, 'resources/list', undefined, -32601, 'list-1');
    expect(capabilitiesBacked.run(b.build(), viewOf(b.build()))).toMatchObject({
      status: 'fail',
      findings: [{ code: 'capabilities-backed/core-refused' }],
    });
  });
});

describe('a looping nextCursor is its own finding', () => {
  const looping = () => {
    const b = new TranscriptBuilder();
    const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
    b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', CAPS), 'initialize');
    const tools = [{ name: 'echo', inputSchema: { type: 'object' } }];
    b.ok(c, 'tools/list', undefined, { tools, nextCursor: 'page-2' }, 'list-1');
    b.ok(c, 'tools/list', { cursor: 'page-2' }, { tools, nextCursor: 'page-2' }, 'list-1:page-2');
    return b.build();
  };
  it('pagination reports the loop', () => {
    const r = pagination.run(looping(), viewOf(looping()));
    expect(r.status).toBe('warn');
    expect(r.summary).toMatch(/nextCursor "page-2" names a page already fetched/);
    expect(r.findings?.[0].code).toBe('pagination/cursor-loop');
  });
  it('tool-schemas does not call the repeated page duplicate tools', () => {
    const r = toolSchemas.run(looping(), viewOf(looping()));
    expect(r.status, r.summary).toBe('pass');
  });
  it('a healthy listing passes', () => {
    const b = new TranscriptBuilder();
    healthyMain(b);
    expect(pagination.run(b.build(), viewOf(b.build())).status).toBe('pass');
  });
});
