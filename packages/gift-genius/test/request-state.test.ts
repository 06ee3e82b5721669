import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpCli } from './harness.js';

/** requestState round trips (2026-07-28 input_required): sealed, bound to the call, single use. */
let server: RunningServer;
beforeAll(async () => {
  server = await startHttpCli();
});
afterAll(async () => server?.stop());

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const ARGS = { age: 33, relationship: 'sister', interests: ['tea'] };

async function call(params: Record<string, unknown>, id = 1) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'suggest_gifts',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'suggest_gifts', _meta: META, ...params },
    }),
  });
  const text = await response.text();
  return JSON.parse(
    text.startsWith('event:') || text.startsWith('data:')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data:'))!
          .slice(5)
      : text,
  );
}
const answer = { budget: { action: 'accept', content: { budget: 40 } } };

describe('requestState', () => {
  it('asks with a sealed state, completes with it once, and refuses a replay', async () => {
    const first = await call({ arguments: ARGS });
    expect(first.result.resultType).toBe('input_required');
    expect(first.result.inputRequests.budget.method).toBe('elicitation/create');
    const state = first.result.requestState as string;
    expect(typeof state).toBe('string');
    expect(state).not.toContain('sister'); // opaque: nothing of the call is readable in it

    const done = await call({ arguments: ARGS, inputResponses: answer, requestState: state }, 2);
    expect(done.result.structuredContent).toMatchObject({ budget: 40, acrossPriceRanges: false });

    const replay = await call({ arguments: ARGS, inputResponses: answer, requestState: state }, 3);
    expect(replay.error?.code).toBe(-32602);
    expect(replay.id).toBe(3);
  });

  it('refuses a tampered state', async () => {
    const first = await call({ arguments: ARGS });
    const state = first.result.requestState as string;
    const tampered = state.slice(0, -3) + (state.slice(-3) === 'AAA' ? 'BBB' : 'AAA');
    const result = await call({ arguments: ARGS, inputResponses: answer, requestState: tampered }, 4);
    expect(result.error?.code).toBe(-32602);
    expect(result.error?.message).toMatch(/requestState/);
  });

  it('refuses a state presented with other arguments', async () => {
    const first = await call({ arguments: ARGS });
    const result = await call(
      { arguments: { ...ARGS, age: 34 }, inputResponses: answer, requestState: first.result.requestState },
      5,
    );
    // The seal is fine, so the refusal comes from the tool itself, as a tool error.
    expect(result.result.isError).toBe(true);
    expect(result.result.content[0].text).toMatch(/other arguments/);
    expect(result.result.structuredContent).toBeUndefined();
  });
});
