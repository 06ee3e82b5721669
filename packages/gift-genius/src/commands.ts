import { writeFileSync } from 'node:fs';
import { Option } from 'commander';
import { DEFAULT_MAX_IMPORT_BYTES, giftsToCsv } from './catalog/parse.js';
import {
  defaultDataDir,
  int,
  list,
  newProgram,
  openCheckedCatalog,
  startApp,
  withCommon,
  worded,
} from './cli-common.js';
import { DEFAULT_HTTP_OPTIONS } from './http/options.js';
import { listenProblem } from './startup/listen-error.js';
import { onParentGone } from './startup/parent-watch.js';
import { defineStdioCommand } from './stdio/command.js';

const HTTP = DEFAULT_HTTP_OPTIONS;
const ms = (name: string) => int(name, 100, 3_600_000);

/** The whole program (so help lists every command). A plain `stdio` start does not come here: cli.ts takes it the short way. */
const program = newProgram();

withCommon(program.command('serve').description('serve Streamable HTTP on every protocol revision'))
  .option(
    '-p, --port <n>',
    'port (env PORT)',
    int('port', 0, 65535),
    Number(process.env.PORT ?? DEFAULT_HTTP_OPTIONS.port),
  )
  .option('--host <host>', 'address to bind (env HOST)', process.env.HOST ?? DEFAULT_HTTP_OPTIONS.host)
  // -H was --host's short form; mcp-handshake's -H is --header, so it is no longer listed, but still works.
  .addOption(new Option('-H <host>', 'same as --host').hideHelp())
  .addOption(
    new Option('--legacy-http <mode>', '2025-era HTTP: keep sessions, or answer each POST alone')
      .choices(['sessions', 'stateless'])
      .default('sessions'),
  )
  .option(
    '--max-sessions <n>',
    'cap on open legacy sessions',
    int('max sessions', 1, 1_000_000),
    DEFAULT_HTTP_OPTIONS.maxSessions,
  )
  .option(
    '--session-idle <seconds>',
    'legacy sessions idle this long are closed',
    int('session idle', 1, 86_400),
    DEFAULT_HTTP_OPTIONS.sessionIdleMs / 1000,
  )
  .option(
    '--max-body <bytes>',
    'largest request body accepted',
    int('max body', 1024, 64 * 1024 * 1024),
    DEFAULT_HTTP_OPTIONS.maxRequestBodySize,
  )
  .option('--allowed-hosts <list>', 'extra Host names to accept, comma-separated (loopback always)', list, [])
  .option('--allowed-origins <list>', 'extra Origin host names to accept, comma-separated; * for any', list, [])
  .option('--token-file <file>', 'require a bearer token from this file (one per line); also GIFTGEN_TOKEN')
  .option('--authorization-server <url...>', 'authorization server(s) to name in /.well-known/oauth-protected-resource')
  .option('--auth-issuer <url>', 'OAuth: accept JWT access tokens of this authorization server (its metadata and JWKS)')
  .option('--auth-audience <url>', 'OAuth: the URL clients use for this server (token audience); default: as requested')
  .option(
    '--auth-scopes <list>',
    'OAuth: "scope" needed for every request, "tool=scope" to call a tool; comma-separated',
    list,
  )
  .option(
    '--rate-limit <perSecond>',
    'requests per second per client (0: off)',
    int('rate limit', 0, 1_000_000),
    DEFAULT_HTTP_OPTIONS.rateLimitPerSecond,
  )
  .option(
    '--rate-burst <n>',
    'burst allowed above the rate',
    int('rate burst', 1, 1_000_000),
    DEFAULT_HTTP_OPTIONS.rateLimitBurst,
  )
  .option(
    '--max-tool-calls <n>',
    'tool calls running at once',
    int('max tool calls', 1, 100_000),
    DEFAULT_HTTP_OPTIONS.maxConcurrentToolCalls,
  )
  .option(
    '--max-listen-streams <n>',
    'open subscriptions/listen streams',
    int('max listen streams', 1, 1_000_000),
    DEFAULT_HTTP_OPTIONS.maxListenStreams,
  )
  .option(
    '--no-direct-calls',
    'answer every tools/call through a per-request SDK instance (env GIFTGEN_DIRECT_CALLS=0)',
  )
  .option('--open-probes', '/healthz and /metrics without a bearer token (a balancer, a scraper; Host still checked)')
  .option('--max-connections <n>', 'open connections at once', int('max connections', 1, 1e6), HTTP.maxConnections)
  .option(
    '--max-streams-per-client <n>',
    'long-lived streams (listen, GET) one client (token, else address) may hold',
    int('max streams per client', 1, 1e6),
    HTTP.maxStreamsPerClient,
  )
  .option('--headers-timeout <ms>', 'time to send request headers', ms('headers timeout'), HTTP.headersTimeoutMs)
  .option(
    '--request-timeout <ms>',
    'time to send a whole request (then 408)',
    ms('request timeout'),
    HTTP.requestTimeoutMs,
  )
  .option('--idle-timeout <ms>', 'idle keep-alive connections are closed', ms('idle timeout'), HTTP.idleTimeoutMs)
  .option('--max-listen-filter <n>', 'URIs per listen filter', int('max listen filter', 0, 1e6), HTTP.maxListenFilter)
  .option(
    '--max-stream-queue <bytes>',
    'unread bytes before a stream is dropped',
    int('queue', 1024, 2 ** 30),
    HTTP.maxStreamQueueBytes,
  )
  .option(
    '--shutdown-grace <seconds>',
    'on SIGTERM, how long calls in flight may take',
    int('shutdown grace', 0, 3600),
    DEFAULT_HTTP_OPTIONS.shutdownGraceMs / 1000,
  )
  .action(async (opts) => {
    // Each command loads only what it uses: stdio starts faster without the HTTP stack and metrics.
    const [{ startHttpServer }, { ServerMetrics }, { loadTokens }] = await Promise.all([
      import('./http/server.js'),
      import('./observe/metrics.js'),
      import('./http/edge/access.js'),
    ]);
    if (opts.H !== undefined) opts.host = opts.H;
    const tokens = loadTokens(process.env.GIFTGEN_TOKEN, opts.tokenFile);
    let issuerLog: ((error: Error) => void) | undefined;
    // The OAuth verifier (jose, oauth4webapi) is loaded only when one of its flags is given.
    const wantsOAuth = Boolean(opts.authIssuer || opts.authAudience || opts.authScopes?.length);
    const oauthModules = wantsOAuth
      ? await Promise.all([import('./auth/resource-auth.js'), import('./primitives/tools.js')])
      : undefined;
    const oauth = oauthModules?.[0].resourceAuth(opts, {
      tools: [oauthModules[1].SUGGEST_TOOL, oauthModules[1].GET_GIFT_TOOL],
      staticTokens: tokens.length > 0,
      onIssuerError: (error: Error) => issuerLog?.(error),
    });
    const { app, log } = await startApp(opts, { toolScopes: oauth?.access.scopes.perTool });
    issuerLog = (error) =>
      log.error({ event: 'auth_issuer_unreachable', issuer: opts.authIssuer, err: error.message }, error.message);
    void oauth?.warm();
    app.rankingIndex(); // built before serving, as before: an HTTP start has no first answer to hurry
    const http = await startHttpServer(app, new ServerMetrics(), {
      ...DEFAULT_HTTP_OPTIONS,
      host: opts.host,
      port: opts.port,
      legacyHttp: opts.legacyHttp,
      maxSessions: opts.maxSessions,
      sessionIdleMs: opts.sessionIdle * 1000,
      maxRequestBodySize: opts.maxBody,
      // The public name clients use (--auth-audience) is a Host this server answers to.
      allowedHosts: [...opts.allowedHosts, ...(opts.authAudience ? [new URL(opts.authAudience).host] : [])],
      allowedOrigins: opts.allowedOrigins,
      tokens,
      authorizationServers: opts.authorizationServer ?? [],
      oauth: oauth?.access,
      rateLimitPerSecond: opts.rateLimit,
      rateLimitBurst: opts.rateBurst,
      maxConcurrentToolCalls: opts.maxToolCalls,
      maxListenStreams: opts.maxListenStreams,
      shutdownGraceMs: opts.shutdownGrace * 1000,
      directCalls: opts.directCalls && process.env.GIFTGEN_DIRECT_CALLS !== '0',
      openProbes: opts.openProbes === true,
      maxConnections: opts.maxConnections,
      maxStreamsPerClient: opts.maxStreamsPerClient,
      headersTimeoutMs: Math.min(opts.headersTimeout, opts.requestTimeout), // node requires headers ≤ request
      requestTimeoutMs: opts.requestTimeout,
      idleTimeoutMs: opts.idleTimeout,
      maxListenFilter: opts.maxListenFilter,
      maxStreamQueueBytes: opts.maxStreamQueue,
    }).catch(async (error: NodeJS.ErrnoException) => {
      await app.close();
      throw new Error(listenProblem(error, opts.host, opts.port));
    });
    log.info(
      {
        event: 'listening',
        url: http.url,
        legacyHttp: opts.legacyHttp,
        catalog: app.gifts.length,
        auth: oauth ? 'oauth' : http.authRequired ? 'bearer' : 'none',
      },
      `gift-genius listening on ${http.url}`,
    );
    const stop = async (signal: string) => {
      log.info({ event: 'stopping', signal }, 'stopping');
      await http.close();
      await app.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
    onParentGone(process.env, () => void stop('SIGTERM'));
  });

defineStdioCommand(program);

const catalog = program.command('catalog').description('inspect and change the catalog');

catalog
  .command('import <file>')
  .description('validate a JSON or CSV file and write it in one transaction (a bad file changes nothing)')
  .option('--data <dir>', 'catalog folder', defaultDataDir())
  .option(
    '--database-url <url>',
    'postgres:// URL of a shared catalog for many instances, instead of SQLite (env DATABASE_URL)',
  )
  .option('--replace', 'also remove gifts that are not in the file')
  .option('--progress', 'print progress lines even when stderr is not a terminal')
  .addOption(new Option('--format <format>', 'file format (default: from the extension)').choices(['json', 'csv']))
  .option(
    '--max-file-size <MiB>',
    'largest file accepted, in MiB',
    int('max file size', 1, 1024 * 1024),
    DEFAULT_MAX_IMPORT_BYTES / 1024 ** 2,
  )
  .action(async (file: string, opts) => {
    const { importCatalog } = await import('./import-command.js');
    process.exitCode = await importCatalog(
      file,
      opts,
      () => openCheckedCatalog(opts),
      (e) => worded(e, opts),
    );
  });

catalog
  .command('export')
  .description('write the catalog as JSON or CSV')
  .option('--data <dir>', 'catalog folder', defaultDataDir())
  .option(
    '--database-url <url>',
    'postgres:// URL of a shared catalog for many instances, instead of SQLite (env DATABASE_URL)',
  )
  .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
  .option('-o, --out <file>', 'write to a file instead of stdout')
  .action(async (opts) => {
    const store = await openCheckedCatalog(opts);
    const gifts = await store.all();
    await store.close();
    const text = opts.format === 'csv' ? giftsToCsv(gifts) : `${JSON.stringify(gifts, null, 2)}\n`;
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
  });

catalog
  .command('stats')
  .description('count the catalog by category and price')
  .option('--data <dir>', 'catalog folder', defaultDataDir())
  .option(
    '--database-url <url>',
    'postgres:// URL of a shared catalog for many instances, instead of SQLite (env DATABASE_URL)',
  )
  .option('--json', 'print as JSON')
  .action(async (opts) => {
    const store = await openCheckedCatalog(opts);
    const stats = await store.stats();
    await store.close();
    if (opts.json) return console.log(JSON.stringify(stats, null, 2));
    console.log(`${stats.items} gifts (store ${store.kind}, revision ${stats.revision})`);
    console.log(`price: $${stats.price.min} – $${stats.price.max}, median $${stats.price.median}`);
    for (const [category, n] of Object.entries(stats.byCategory)) console.log(`  ${category.padEnd(12)} ${n}`);
  });

export async function runCommands(argv: string[]): Promise<void> {
  await program.parseAsync(argv);
}
