// raw over stdio: newline-delimited JSON-RPC in, precomputed answers out.
import { createInterface } from 'node:readline';
import { loadRaw } from './raw-core.mjs';

const answer = loadRaw();
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const messages = answer(line);
  if (messages !== null) process.stdout.write(`${messages.join('\n')}\n`);
});
rl.on('close', () => process.exit(0));
