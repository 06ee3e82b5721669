import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { describe, exchangesOf, resultOf, skip } from './lib.js';
import type { Rule } from './rule.js';

const ORIGIN = cite('2025-11-25', 'basic/transports#security-warning');
/** Where DNS rebinding reaches: loopback and private networks. */
const LOCAL =
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/i;

function hostname(target: string): string {
  try {
    return new URL(target).hostname;
  } catch {
    return '';
  }
}

export const httpOrigin: Rule = {
  id: 'http-origin',
  title: 'a foreign Origin is refused with 403 (DNS rebinding)',
  why: "Any web page a user opens can point its own host name at 127.0.0.1 (DNS rebinding) and call a local MCP server from the browser. The Origin header is what tells such a request apart; a server that serves it lets the page call its tools with the user's access.",
  fix: 'Validate Origin on every request: answer 403 Forbidden when it is present and not an origin you serve (the SDKs have allowedOrigins / DNS-rebinding protection options; requests without Origin are not browsers and stay allowed).',
  spec: ORIGIN.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const x = exchangesOf(t, { label: LABEL.foreignOrigin })[0];
    if (!x) return skip('the foreign-Origin probe was not sent');
    const line = describe(t, x);
    if (x.httpStatus === 403)
      return verdict([], { summary: 'Origin: http://evil.example is refused with 403', evidence: [line] });
    if (resultOf(t, x) || (x.httpStatus !== undefined && x.httpStatus < 300)) {
      const local = LOCAL.test(hostname(t.target));
      const message = `initialize with Origin: http://evil.example was served (HTTP ${x.httpStatus ?? '?'}) instead of refused with 403${local ? ': on a local address, any web page can reach it by DNS rebinding' : ''}`;
      return verdict(
        [
          finding('http-origin/foreign-origin-served', local ? 'fail' : 'warn', message, ORIGIN, {
            args: { httpStatus: x.httpStatus, local },
            evidence: [line],
          }),
        ],
        { summary: message },
      );
    }
    const message = `a foreign Origin got HTTP ${x.httpStatus ?? x.outcome}, not 403: refused, though not with the status the spec names`;
    return verdict(
      [
        finding('http-origin/not-403', 'info', message, ORIGIN, {
          args: { httpStatus: x.httpStatus },
          evidence: [line],
        }),
      ],
      { summary: message, evidence: [line] },
    );
  },
};
