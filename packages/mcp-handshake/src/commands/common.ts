import { InvalidArgumentError } from 'commander';
import { CannotWrite } from '../report/print.js';
import { UsageError } from '../target.js';
import type { Transcript } from '../types.js';

export interface CommonOptions {
  header?: string[];
  env?: string[];
  cwd?: string;
  timeout: number;
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];

export const positiveInt =
  (name: string, min = 1, max = 3_600_000) =>
  (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
    return n;
  };

export function parseEra<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--era must be one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * A bug of ours met after the server was heard: it carries the transcript recorded so far, which the
 * CLI writes to a file for the bug report (the user keeps what the run learnt about their server).
 */
export class InternalError extends Error {
  constructor(
    readonly cause: unknown,
    readonly transcript: Transcript,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    if (cause instanceof Error && cause.stack) this.stack = cause.stack;
  }
}

/** Run `work` over a transcript; any throw becomes an InternalError carrying it. */
export function withTranscript<T>(transcript: Transcript, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof InternalError || error instanceof UsageError || error instanceof CannotWrite
      ? error
      : new InternalError(error, transcript);
  }
}

/** Exit codes, documented in the README. */
export const EXIT = { ok: 0, failed: 1, noConnection: 2, usage: 64, internal: 70 } as const;
