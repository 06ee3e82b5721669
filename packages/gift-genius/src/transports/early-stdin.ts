import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Logger } from 'pino';
import { HandshakeTap, NO_COUNTERS } from '../observe/handshake-tap.js';
import { type EarlyAnswer, type EarlyAnswers, earlyAnswerFor } from './early-answers.js';

/** stdin as the stdio server takes it over from cli.ts. */
export interface StdioHandoff {
  /** What was read while looking at the opening line, then the rest of stdin, in order. */
  input: Readable;
  /** The answer already written to the opening request, if there was one. */
  early?: EarlyAnswer;
  /**
   * To be called once the SDK has answered the replayed opening request. Until then the end of
   * stdin is held back from `input`: a client that quits right after the early answer still gets
   * its opening through the SDK (the handshake logged, the answer checked) before the SDK sees the end.
   */
  openingAnswered(): void;
}

/**
 * How long to wait for the opening line before loading the server anyway. Hosts write their
 * first message as soon as they spawn us, and node takes ~40 ms to boot, so the line is normally
 * there at the first read. A host that speaks later is better served by a server that spent the
 * idle time loading (and then answers at once) than by an early answer followed by the whole load.
 */
export const OPENING_LINE_WAIT_MS = 25;

/**
 * Why this exists: the SDK and the rest of the server take ~80 ms to load, and the first answer
 * a host waits for (`initialize`, or `server/discover`) is the same for every client. So cli.ts
 * reads the opening line before loading anything heavy and, when early-answers.ts has the SDK's
 * captured answer for it, writes that answer at once. Everything read is handed on untouched:
 * the server replays it (the opening request included, so the SDK sets up the connection as
 * always and its own answer is checked against this one, then dropped: transports/early-verify.ts).
 * Any other opening line gets no early answer and takes the normal path.
 */
export function takeOpeningLine(
  stdin: Readable,
  stdout: Writable,
  answers: EarlyAnswers,
  waitMs = OPENING_LINE_WAIT_MS,
  /** Where the early handshake is logged, synchronously, before the answer is written (the server then does not). */
  log?: Pick<Logger, 'info' | 'warn'>,
): Promise<StdioHandoff> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended = false;
    let decided = false;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.includes(0x0a)) decide();
    };
    const onEnd = () => {
      ended = true;
      decide();
    };
    // On expiry, decide in the check phase, after the event loop's poll phase: a line already waiting
    // in the pipe (this process was descheduled past the wait, say, on a busy machine) is read first.
    const timer = setTimeout(() => setImmediate(decide), waitMs);
    stdin.on('data', onData);
    stdin.once('end', onEnd);

    function decide(): void {
      if (decided) return;
      decided = true;
      clearTimeout(timer);
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      const read = Buffer.concat(chunks);
      const newline = read.indexOf(0x0a);
      const opening = newline < 0 ? '' : read.subarray(0, newline).toString('utf8').replace(/\r$/, '');
      const early = newline < 0 ? undefined : earlyAnswerFor(opening, answers);
      if (early && log) {
        // Logged here, before the answer: a host may end the process as soon as it has it.
        const tap = new HandshakeTap(log as Logger, NO_COUNTERS, 'stdio');
        tap.inbound(JSON.parse(opening));
        tap.outbound(JSON.parse(early.line));
        early.logged = true;
      }
      if (early) stdout.write(early.line);
      // Handed on in the same tick the data listener went away, so no chunk is lost in between.
      const input = new PassThrough();
      input.write(read);
      let answered = !early;
      const endWhenDone = () => {
        if (answered && ended && !input.writableEnded) input.end();
      };
      if (!ended) {
        stdin.pipe(input, { end: false });
        stdin.once('end', () => {
          ended = true;
          endWhenDone();
        });
      }
      endWhenDone();
      resolve({
        input,
        early,
        openingAnswered: () => {
          answered = true;
          endWhenDone();
        },
      });
    }
  });
}
