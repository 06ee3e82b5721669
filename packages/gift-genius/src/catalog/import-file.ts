import { closeSync, constants, createReadStream, fstatSync, openSync } from 'node:fs';
import { JSONParser } from '@streamparser/json';
import { parse as parseCsv } from 'csv-parse';
import {
  csvDelimiter,
  csvHeaderProblem,
  csvRecordToObject,
  DEFAULT_MAX_IMPORT_BYTES,
  type RowError,
  validateRecord,
} from './parse.js';
import type { ImportRow } from './store.js';

/** Bad rows named one by one; past this many, only counted. */
const MAX_ROW_ERRORS_SHOWN = 100;

/** A problem with the file as a whole: one sentence naming the file and the fix. */
export class ImportFileError extends Error {}

/** Every bad row of a file, found while it was read (the write was rolled back). */
export class ImportRejected extends Error {
  constructor(
    readonly errors: RowError[],
    readonly total: number,
  ) {
    super(`${total} bad rows`);
  }
}

/** The user stopped the import (Ctrl-C). */
export class ImportInterrupted extends Error {}

export interface ImportFile {
  /** Its valid records, in order, read as they are written; bad ones are collected in `errors`. */
  rows: AsyncIterable<ImportRow>;
  /** Bytes read so far, and the file's size (for progress). */
  bytesRead(): number;
  readonly size: number;
  /** A repeated id, as the store reports it. */
  duplicate(id: string, row: number, firstRow: number): void;
  /** Throws ImportRejected when any row was bad (called before the store commits), or ImportInterrupted. */
  verdict(): void;
  /** Stops reading: the next row throws ImportInterrupted. */
  interrupt(): void;
}

/**
 * An import file, streamed: opened once (not blocking on a FIFO) and refused unless it is a regular
 * file (a symlink to one is followed: the user named it) of at most `maxBytes`; then read 64 KiB at a
 * time, parsed record by record (CSV with csv-parse, JSON with a streaming parser for `[…]` or
 * `{"gifts": […]}`), each record checked against the schema as it comes. Memory stays at a chunk
 * and a record, whatever the file's size (before: the whole text, every record and every gift at once,
 * ~18× the file). Throws ImportFileError for a file that cannot be imported at all.
 */
export function openImportFile(path: string, format: 'json' | 'csv', maxBytes = DEFAULT_MAX_IMPORT_BYTES): ImportFile {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportFileError(
      `${path} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`}: give the path of a JSON or CSV catalog file`,
    );
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    const kind = stats.isDirectory()
      ? 'a folder'
      : stats.isFIFO()
        ? 'a pipe (FIFO)'
        : stats.isCharacterDevice() || stats.isBlockDevice()
          ? 'a device'
          : stats.isSocket()
            ? 'a socket'
            : 'not a regular file';
    throw new ImportFileError(`${path} is ${kind}: give the path of a JSON or CSV catalog file (a regular file)`);
  }
  if (stats.size > maxBytes) {
    closeSync(fd);
    throw new ImportFileError(
      `${path} is ${mib(stats.size)}, over the import limit of ${mib(maxBytes)}: split it, or raise the limit with --max-file-size`,
    );
  }
  let bytes = 0;
  let interrupted = false;
  let bad = 0;
  const errors: RowError[] = [];
  const fail = (error: RowError) => {
    if (++bad <= MAX_ROW_ERRORS_SHOWN) errors.push(error);
  };
  const chunks = async function* (): AsyncGenerator<Buffer> {
    const stream = createReadStream('', { fd, highWaterMark: 64 * 1024 });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        // It grew while being read (something still writing it): the limit holds all the same.
        if (bytes > maxBytes) throw new ImportFileError(`${path} grew past the import limit of ${mib(maxBytes)}`);
        yield chunk;
      }
    } finally {
      stream.destroy();
    }
  };
  const records = format === 'csv' ? csvRecords(path, chunks()) : jsonRecords(path, chunks());
  const rows = async function* (): AsyncGenerator<ImportRow> {
    let row = 0;
    for await (const record of records) {
      if (interrupted) throw new ImportInterrupted();
      row++;
      const checked = validateRecord(record);
      if ('gift' in checked) yield { row, gift: checked.gift };
      else fail({ row, ...checked });
    }
    if (interrupted) throw new ImportInterrupted();
    if (row === 0) throw new ImportFileError(`${path}: the file holds no gifts`);
  };
  return {
    rows: rows(),
    bytesRead: () => bytes,
    size: stats.size,
    duplicate: (id, row, firstRow) => fail({ row, id, problems: [`id: duplicates row ${firstRow}`] }),
    verdict: () => {
      if (interrupted) throw new ImportInterrupted();
      if (bad > 0) throw new ImportRejected(errors, bad);
    },
    interrupt: () => {
      interrupted = true;
    },
  };
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(bytes < 1024 ** 2 ? 2 : 0)} MiB`;

/** CSV records as objects, the delimiter taken from the header line (`,`, or `;` when it has no comma). */
async function* csvRecords(path: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<Record<string, unknown>> {
  const source = chunks[Symbol.asyncIterator]();
  // The header line decides the delimiter: read until it is whole.
  let head = Buffer.alloc(0);
  for (;;) {
    const next = await source.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
    if (head.includes(10) || head.length > 1024 * 1024) break;
  }
  const firstLine = head.toString('utf8').split('\n', 1)[0] ?? '';
  let headerProblem: string | undefined;
  const parser = parseCsv({
    delimiter: csvDelimiter(firstLine),
    columns: (header: string[]) => {
      headerProblem = csvHeaderProblem(header);
      return header;
    },
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  const feed = (async () => {
    try {
      if (head.length) parser.write(head);
      for (;;) {
        const next = await source.next();
        if (next.done) break;
        if (!parser.write(next.value)) await new Promise((r) => parser.once('drain', r));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (headerProblem) throw new ImportFileError(`${path}: ${headerProblem}`);
      yield csvRecordToObject(record);
    }
    if (headerProblem) throw new ImportFileError(`${path}: ${headerProblem}`);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportInterrupted) throw error;
    throw new ImportFileError(`${path}: cannot parse CSV: ${(error as Error).message}`);
  } finally {
    await source.return?.(undefined);
    await feed;
  }
}

/** The elements of a JSON array, or of `{"gifts": […]}`, one at a time. */
async function* jsonRecords(path: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  let parser: JSONParser | undefined;
  let sawList = false;
  const ready: unknown[] = [];
  try {
    for await (const chunk of chunks) {
      if (!parser) {
        const first = chunk.toString('utf8', 0, Math.min(chunk.length, 4096)).trimStart()[0];
        if (first !== '[' && first !== '{')
          throw new ImportFileError(`${path}: cannot parse JSON: expected a JSON array of gifts (or {"gifts": [...]})`);
        parser = new JSONParser({ paths: [first === '[' ? '$.*' : '$.gifts.*'], keepStack: false });
        sawList = first === '[';
        parser.onValue = ({ value, parent }) => {
          sawList = true;
          if (Array.isArray(parent)) ready.push(value);
        };
      }
      parser.write(chunk);
      yield* ready.splice(0);
    }
    if (!parser || !sawList) throw new ImportFileError(`${path}: expected a JSON array of gifts (or {"gifts": [...]})`);
    // A complete top-level value ends the parser by itself; ending it again is an error of its own.
    if (!parser.isEnded) parser.end();
    yield* ready.splice(0);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportInterrupted) throw error;
    throw new ImportFileError(`${path}: cannot parse JSON: ${(error as Error).message}`);
  }
}
