import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempDir, waitFor } from './harness.js';

/**
 * Both packages as a user gets them: packed (prepack builds them, as `npm publish` would) from a
 * copy of the sources, so the repository's dist/ that other tests use is never rebuilt under them,
 * then installed from the tarballs into an empty project and run through npx.
 *
 * better-sqlite3 compiles from source here (no prebuilt binary reachable: ~90 s of two shared
 * cores); the install skips install scripts and takes the repository's compiled copy of the same
 * version for the same Node instead. GIFTGEN_PACK_TEST_COMPILE=1 installs with scripts, as a user does.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const work = tempDir('gg-pack-');
const project = join(work.path, 'project');
const home = join(work.path, 'home');
const tarballs = new Map<string, string>();
const children: ChildProcess[] = [];
/** Without npm's own variables: the test may itself run under `npm test`. */
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));
/** HOME is the test's (the catalog lands in its data folder); npm keeps the machine's package cache. */
const npmCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', env: userEnv }).stdout.trim();
const env = {
  ...userEnv,
  HOME: home,
  XDG_DATA_HOME: '',
  GIFTGEN_DATA_DIR: '',
  DATABASE_URL: '',
  npm_config_cache: npmCache,
  npm_config_update_notifier: 'false',
};

function run(cmd: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** A copy of the workspace with what prepack needs (sources, configs, the installed node_modules). */
function copySources(): string {
  const repo = join(work.path, 'repo');
  mkdirSync(join(repo, 'packages'), { recursive: true });
  cpSync(join(ROOT, 'tsconfig.base.json'), join(repo, 'tsconfig.base.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
  for (const pkg of ['gift-genius', 'mcp-handshake']) {
    cpSync(join(ROOT, 'packages', pkg), join(repo, 'packages', pkg), {
      recursive: true,
      filter: (src) => !/[/\\](dist|test|bench|node_modules|test-output)$/.test(src),
    });
  }
  return repo;
}

const tarList = (file: string) => run('tar', ['tzf', file], work.path).stdout.trim().split('\n');
const manifestOf = (pkg: string) =>
  JSON.parse(readFileSync(join(project, 'node_modules', pkg, 'package.json'), 'utf8'));
const warnings = (stderr: string) => stderr.split('\n').filter((l) => /warn|"level":(4|5|6)\d/i.test(l));

beforeAll(async () => {
  mkdirSync(home, { recursive: true });
  const repo = copySources();
  for (const pkg of ['gift-genius', 'mcp-handshake']) {
    run('npm', ['pack', '--pack-destination', work.path], join(repo, 'packages', pkg));
  }
  for (const f of readdirSync(work.path).filter((f) => f.endsWith('.tgz')))
    tarballs.set(f.replace(/-\d.*$/, ''), join(work.path, f));
  mkdirSync(project);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true }));
  const compile = process.env.GIFTGEN_PACK_TEST_COMPILE === '1';
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      ...(compile ? [] : ['--ignore-scripts']),
      ...tarballs.values(),
    ],
    project,
  );
  if (!compile) {
    const ours = join(ROOT, 'node_modules', 'better-sqlite3');
    const theirs = join(project, 'node_modules', 'better-sqlite3');
    expect(JSON.parse(readFileSync(join(theirs, 'package.json'), 'utf8')).version).toBe(
      JSON.parse(readFileSync(join(ours, 'package.json'), 'utf8')).version,
    );
    cpSync(
      join(ours, 'build', 'Release', 'better_sqlite3.node'),
      join(theirs, 'build', 'Release', 'better_sqlite3.node'),
    );
  }
}, 400_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  work.remove();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '1' } },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

/** Spawns a stdio start, writes the opening lines at once (as hosts do), times the first answer and tools/list. */
async function stdioStart(cmd: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}) {
  const started = performance.now();
  const child = spawn(cmd, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const at: { first?: number; ready?: number } = {};
  child.stdout.on('data', (d: Buffer) => {
    out += d;
    at.first ??= performance.now() - started;
    if (out.includes('"id":2')) at.ready ??= performance.now() - started;
  });
  child.stderr.on('data', (d: Buffer) => (err += d));
  child.stdin.write(`${INITIALIZE}\n${INITIALIZED}\n${TOOLS_LIST}\n`);
  await waitFor('tools/list answer', () => at.ready !== undefined, 30_000);
  child.stdin.end();
  await once(child, 'exit');
  return { out, err, firstMs: at.first!, readyMs: at.ready! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('installed from the packed tarballs', () => {
  it('ship a LICENSE, their README, complete metadata, the stdio bundle and no source maps', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License/);
    for (const pkg of ['gift-genius', 'mcp-handshake']) {
      const files = tarList(tarballs.get(pkg)!);
      expect(files).toContain('package/LICENSE');
      expect(files).toContain('package/README.md');
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      expect(files.some((f) => f.startsWith('package/src/') || f.startsWith('package/test/'))).toBe(false);
      expect(readFileSync(join(project, 'node_modules', pkg, 'LICENSE'), 'utf8')).toBe(license);
      const manifest = manifestOf(pkg);
      expect(manifest).toMatchObject({ license: 'MIT' });
      for (const key of ['description', 'author', 'keywords', 'exports', 'files', 'bin', 'engines'])
        expect(manifest[key], `${pkg}: ${key}`).toBeTruthy();
      // No public repository exists yet: repository/homepage/bugs stay out rather than point at a guessed URL.
      for (const key of ['repository', 'homepage', 'bugs']) expect(manifest[key], `${pkg}: ${key}`).toBeUndefined();
    }
    const files = tarList(tarballs.get('gift-genius')!);
    for (const f of [
      'dist/bundle/stdio.cjs',
      'dist/bundle/stdio.cjs.cache',
      'dist/bundle/stdio.cjs.cache.json',
      'dist/bundle/inputs.json',
      'catalog/gifts.json',
    ]) {
      expect(files).toContain(`package/${f}`);
    }
  });

  it('the exports map serves the library entry', () => {
    const r = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('gift-genius'); console.log(typeof m.openCatalog, typeof m.rankGifts)",
      ],
      project,
    );
    expect(r.stdout.trim()).toBe('function function');
    expect(
      run(
        process.execPath,
        ['--input-type=module', '-e', "await import('mcp-handshake'); console.log('ok')"],
        project,
      ).stdout.trim(),
    ).toBe('ok');
  });

  it('npx gift-genius stdio answers with no warning, from the bundle, as fast as the repository build', async () => {
    const first = await stdioStart('npx', ['gift-genius', 'stdio'], project);
    expect(first.out).toContain('"serverInfo":{"name":"gift-genius"');
    expect(warnings(first.err)).toEqual([]);
    expect(first.err).toContain('"loader":"bundle"');
    expect(first.err).toContain('"codeCache":"accepted"');
    // No --data: the catalog went to the user's data folder (env-paths), not the working directory.
    expect(existsSync(join(home, '.local', 'share', 'gift-genius', 'giftgen.sqlite'))).toBe(true);
    expect(existsSync(join(project, 'data'))).toBe(false);

    // The same start from the installed copy and from the repository, interleaved (node directly: npx adds npm's start).
    const installed = join(project, 'node_modules', 'gift-genius', 'dist', 'cli.js');
    const data = join(work.path, 'timing-data');
    const times = {
      installed: [] as number[],
      repository: [] as number[],
      installedReady: [] as number[],
      repositoryReady: [] as number[],
    };
    for (let i = 0; i < 5; i++) {
      for (const [side, cli] of [
        ['installed', installed],
        ['repository', CLI],
      ] as const) {
        const r = await stdioStart(process.execPath, [cli, 'stdio', '--data', data], work.path);
        expect(warnings(r.err)).toEqual([]);
        if (i === 0) continue; // the first pair seeds the catalog and warms the disk cache
        times[side].push(r.firstMs);
        times[`${side}Ready`].push(r.readyMs);
      }
    }
    const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
    console.log(
      `[packaging] stdio start, median of 4: first answer installed ${median(times.installed).toFixed(0)} ms vs repository ${median(times.repository).toFixed(0)} ms ` +
        `(${ratio(times.installed, times.repository)}×); tools/list answered ${median(times.installedReady).toFixed(0)} vs ${median(times.repositoryReady).toFixed(0)} ms ` +
        `(${ratio(times.installedReady, times.repositoryReady)}×)`,
    );
  }, 120_000);

  it('npx mcp-handshake doctor -- npx gift-genius stdio passes, with no warning', () => {
    const r = spawnSync('npx', ['mcp-handshake', 'doctor', '--', 'npx', 'gift-genius', 'stdio'], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(warnings(r.stderr)).toEqual([]);
    expect(r.stdout).toMatch(/fail\w*\W+0|0 fail/i);
  }, 120_000);

  const serveStarts: [string, string[], () => string][] = [
    ['npx gift-genius serve', ['npx', 'gift-genius', 'serve', '--port', '0'], () => project],
    [
      "the package's npm start",
      ['npm', 'start', '--', '--port', '0', '--data', join(work.path, 'start-data')],
      () => join(project, 'node_modules', 'gift-genius'),
    ],
  ];
  it.each(serveStarts)(
    '%s answers /healthz, and SIGTERM to npm ends the server',
    async (_name, [cmd, ...args], cwd) => {
      const child = spawn(cmd!, args, { cwd: cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d));
      const url = await waitFor('listening line', () => /"url":"([^"]+)"/.exec(err)?.[1], 30_000);
      const health = await (await fetch(new URL('/healthz', url))).json();
      expect(health).toMatchObject({ status: 'ok', catalog: { store: 'sqlite' } });
      expect(warnings(err)).toEqual([]);
      child.kill('SIGTERM');
      await waitFor(
        'the server to stop listening',
        () =>
          fetch(new URL('/healthz', url)).then(
            () => undefined,
            () => true,
          ),
        10_000,
      );
    },
    60_000,
  );

  it('output into a closed pipe ends quietly (catalog export | head, mcp-handshake … | head)', () => {
    const bin = join(project, 'node_modules', '.bin');
    const r = spawnSync(
      'sh',
      [
        '-c',
        `"${bin}/gift-genius" catalog export | head -c 10 >/dev/null; "${bin}/mcp-handshake" inspect -- "${bin}/gift-genius" stdio | head -c 10 >/dev/null`,
      ],
      { cwd: project, env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
