// raw over node:http: POST /mcp → precomputed JSON, or an SSE stream where gift-genius sends notifications before
// the answer (framed as it frames them); no sessions; notifications → 202.
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
    const messages = answer(Buffer.concat(chunks).toString('utf8'));
    if (messages === null) {
      res.writeHead(202).end();
      return;
    }
    if (messages.length > 1) {
      const stream = messages.map((m) => `event: message\ndata: ${m}\n\n`).join('');
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'content-length': Buffer.byteLength(stream),
      });
      res.end(stream);
      return;
    }
    const body = messages[0];
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
