import { malformedVariants } from '../probes/malformed.js';
import type { Check, CheckStatus } from '../types.js';
import { connsBy, describe, errorOf, exchangesOf, outcome, resultOf, skip, SPEC, worst } from './lib.js';
import { LABEL } from '../labels.js';

const EXPECTED = new Map(malformedVariants().map((v) => [v.name, v.expectedCode]));

export const initializeFormat: Check = {
  id: 'initialize-format',
  title: 'malformed initialize requests get proper JSON-RPC errors',
  why: 'A client with a bug, an old client or a proxy that mangles the request must get an error it can show, with the id it can match, instead of waiting for its timeout; and one bad request must not take the server down for the next.',
  fix: 'Validate the request before dispatch: -32600 for a message that is not JSON-RPC 2.0, -32601 for an unknown method, -32602 for bad params, always echoing the id. Never let a validation error escape as -32603 or kill the process.',
  spec: `${SPEC}/basic#requests`,
  run(t) {
    const c = connsBy(t, 'malformed')[0];
    if (!c) return skip('the legacy era was not probed');
    const statuses: CheckStatus[] = [];
    const evidence: string[] = [];
    const problems: string[] = [];
    for (const x of exchangesOf(t, { conn: c.id, labelPrefix: LABEL.variantPrefix })) {
      const name = x.label!.slice(LABEL.variantPrefix.length);
      const expected = EXPECTED.get(name);
      const error = errorOf(t, x);
      let status: CheckStatus;
      let note: string;
      if (x.outcome === 'reply' && error) {
        status = error.code === expected ? 'pass' : 'warn';
        note = error.code === expected ? 'right code' : `expected ${expected}`;
      } else if (x.outcome === 'reply') {
        status = 'fail';
        note = 'accepted a malformed initialize';
      } else if (x.outcome === 'timeout') {
        // The official SDKs drop a message without "jsonrpc" on stdio without a word: a wart, not a break.
        status = name === 'no-jsonrpc' ? 'warn' : 'fail';
        note = `no answer; expected error ${expected}`;
      } else if (x.outcome === 'transport-error' && x.httpStatus !== undefined && x.httpStatus >= 400 && x.httpStatus < 500) {
        status = 'warn';
        note = `HTTP ${x.httpStatus} without a JSON-RPC error; expected error ${expected}`;
      } else {
        status = 'fail';
        note = 'the connection broke';
      }
      statuses.push(status);
      if (status !== 'pass') problems.push(`${name}: ${note}`);
      evidence.push(`${status.toUpperCase()} ${name}: ${describe(t, x)}${status === 'pass' ? '' : ` — ${note}`}`);
    }
    const usable = exchangesOf(t, { conn: c.id, label: LABEL.usableCheck })[0];
    if (usable) {
      const ok = resultOf(t, usable) !== undefined;
      statuses.push(ok ? 'pass' : 'fail');
      if (!ok) problems.push('a valid initialize after the malformed ones was not answered with a result');
      evidence.push(`${ok ? 'PASS' : 'FAIL'} still usable: ${describe(t, usable)}`);
    }
    if (statuses.length === 0) return skip('no malformed initialize was sent');
    const status = worst(statuses);
    return outcome(status, status === 'pass' ? 'every malformed initialize got the right JSON-RPC error, and the server stayed usable' : problems.join('; '), evidence);
  },
};
