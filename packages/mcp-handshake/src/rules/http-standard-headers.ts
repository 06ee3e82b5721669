import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { ERROR, MODERN_VERSION } from '../protocol.js';
import { describe, errorOf, exchangesOf, resultOf, skip } from './lib.js';
import type { Rule } from './rule.js';

const HEADERS = cite(MODERN_VERSION, 'basic/transports/streamable-http');

export const httpStandardHeaders: Rule = {
  id: 'http-standard-headers',
  title: '2026-07-28: Mcp-Method / Mcp-Name must agree with the body',
  why: 'On the 2026-07-28 wire, load balancers, gateways and rate limiters route on Mcp-Method and Mcp-Name without reading the body. A server that serves a request whose headers say something else lets a request be routed (or allowed) as one method and executed as another.',
  fix: 'Compare Mcp-Method (and Mcp-Name) with the body and answer a mismatch with HTTP 400 and the JSON-RPC error -32020 (the SDK 2.x handlers do).',
  spec: HEADERS.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const x = exchangesOf(t, { label: LABEL.headerMismatch })[0];
    if (!x) return skip('not a 2026-07-28 server (no header probe)');
    const line = describe(t, x);
    const error = errorOf(t, x);
    if (x.httpStatus === 400 && error?.code === ERROR.headerMismatch)
      return verdict([], {
        summary: 'Mcp-Method: prompts/list on a tools/list body is refused with 400 / -32020',
        evidence: [line],
      });
    if (resultOf(t, x)) {
      const message =
        'a tools/list body with Mcp-Method: prompts/list was served: intermediaries routing on the header see another method than the server executes';
      return verdict(
        [
          finding('http-standard-headers/mismatch-served', 'warn', message, HEADERS, {
            args: { httpStatus: x.httpStatus },
            evidence: [line],
          }),
        ],
        { summary: message },
      );
    }
    const message = `a header/body mismatch got ${x.httpStatus !== undefined ? `HTTP ${x.httpStatus}` : x.outcome}${error ? ` and error ${String(error.code)}` : ''}, not 400 with -32020: refused, but clients cannot tell why`;
    return verdict(
      [
        finding('http-standard-headers/not-32020', 'info', message, HEADERS, {
          args: { httpStatus: x.httpStatus, code: error?.code },
          evidence: [line],
        }),
      ],
      { summary: message, evidence: [line] },
    );
  },
};
