// raw over node:http: POST /mcp → precomputed JSON (no sessions, no SSE); notifications → 202.
import { createServer } from 'node:http';
import { loadRaw } from './raw-core.mjs';

const answer = loadRaw();
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/mcp') {
    res.writeHead(405).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = answer(Buffer.concat(chunks).toString('utf8'));
    if (body === null) {
      res.writeHead(202).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
const i = process.argv.indexOf('--port');
server.listen(i >= 0 ? Number(process.argv[i + 1]) : 0, '127.0.0.1', () => {
  process.stderr.write(
    `${JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${server.address().port}/mcp` })}\n`,
  );
});
