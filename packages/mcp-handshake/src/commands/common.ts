import { InvalidArgumentError } from 'commander';
import { UsageError } from '../target.js';

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

/** Exit codes, documented in the README. */
export const EXIT = { ok: 0, failed: 1, noConnection: 2, usage: 64, internal: 70 } as const;
