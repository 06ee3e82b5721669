/** Builders for the evidence of a fact, so each host file states its facts in one line each. */
import type { Evidence, Fact, Reaction } from './types.js';

export const REAL_HOSTS_TEST = 'packages/mcp-handshake/test/hosts/real-hosts.test.ts';
export const CORPUS_HOSTS_TEST = 'packages/mcp-handshake/test/hosts/corpus-hosts.test.ts';

/** Facts measured on one host version: `at(command, test)` gives the evidence, `fact(value, …)` the fact. */
export function measuredOn(hostVersion: string, testFile = REAL_HOSTS_TEST) {
  const at = (command: string, test: string): Evidence => ({
    basis: 'measured',
    hostVersion,
    command,
    test: `${testFile} › ${test}`,
  });
  return {
    at,
    fact: <T>(value: T, command: string, test: string): Fact<T> => ({ value, ...at(command, test) }),
    /** A reaction to a fault fixture (test/fixtures/host-faults.mjs <fault>), measured by a batch test. */
    reaction: (
      effect: Reaction['effect'],
      note: string,
      command: string,
      test: string,
      health?: Reaction['health'],
    ): Fact<Reaction> => ({
      value: { effect, note, ...(health && { health }) },
      ...at(command, test),
    }),
  };
}

/** Whether the host keeps MCP Apps' app-only tools from its model, measured on the host corpus's server-pdf. */
export const appOnlyMeasured = (
  hostVersion: string,
  label: string,
  session: string,
  hides: boolean,
): Fact<{ hides: boolean }> => ({
  value: { hides },
  basis: 'measured',
  hostVersion,
  command: `${session}; server: @modelcontextprotocol/server-pdf 2.0.4 --stdio (6 of its 9 tools _meta.ui.visibility ["app"])`,
  test: `${CORPUS_HOSTS_TEST} › ${label} ${hostVersion}: the stdio servers`,
});

/**
 * The host corpus's code-runner-stdio (log lines on stdout before its first answer only), measured by
 * corpus-hosts.test.ts: every host driven here keeps its tool.
 */
export const bannerKept = (hostVersion: string, label: string, session: string): Fact<Reaction> => ({
  value: { effect: 'keeps-all', note: 'the model saw its 1 tool: lines before the first message are skipped' },
  basis: 'measured',
  hostVersion,
  command: `${session}; server: mcp-server-code-runner 0.1.8 (stdio: log lines on stdout before its first answer only)`,
  test: `${CORPUS_HOSTS_TEST} › ${label} ${hostVersion}: the stdio servers`,
});

export const reported = <T>(value: T, url: string, note?: string): Fact<T> => ({
  value,
  basis: 'reported',
  url,
  ...(note && { note }),
});
