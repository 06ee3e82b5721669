// A server built with mcp-handler (Vercel's framework-agnostic adapter, SDK v2), served the way a Next.js
// route would serve it, on node:http with a Web Request/Response bridge. The package is resolved from the
// install prefix given as the first argument (scripts/install-hosts.mjs puts it outside the repo).
//
//   node mcp-handler-server.mjs <prefix> [--port N]      prints {"event":"listening","url":…} on stderr
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [prefix] = process.argv.slice(2);
const port = process.argv.includes('--port') ? Number(process.argv[process.argv.indexOf('--port') + 1]) : 0;
const from = (pkg, file) => import(pathToFileURL(join(prefix, 'node_modules', pkg, file)).href);
const { createMcpHandler } = await from('mcp-handler', 'dist/index.mjs');
const { z } = await from('zod', 'index.js');

const handler = createMcpHandler((server) => {
  server.registerTool(
    'roll_dice',
    {
      title: 'Roll Dice',
      description: 'Roll a dice with a given number of sides.',
      inputSchema: z.object({ sides: z.number().int().min(2) }),
    },
    async ({ sides }) => ({ content: [{ type: 'text', text: `You rolled ${1 + Math.floor(Math.random() * sides)}` }] }),
  );
  server.registerTool(
    'echo',
    { description: 'Echoes its text back.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
});

const http = createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method,
    headers,
    ...(chunks.length && { body: Buffer.concat(chunks) }),
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return res.end();
  for await (const chunk of response.body) res.write(chunk);
  res.end();
});
http.listen(port, '127.0.0.1', () =>
  process.stderr.write(
    `${JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${http.address().port}/api/mcp` })}\n`,
  ),
);
process.on('SIGTERM', () => http.close(() => process.exit(0)));
