import { ImportFileError, ImportInterrupted, ImportRejected, openImportFile } from './catalog/import-file.js';
import { formatFromPath } from './catalog/parse.js';
import type { CatalogStore, ImportResult } from './catalog/store.js';
import { plural } from './startup/plural.js';

export interface ImportOptions {
  replace?: boolean;
  progress?: boolean;
  format?: 'json' | 'csv';
  /** MiB. */
  maxFileSize: number;
}

/**
 * `catalog import`: the file streamed into one transaction (catalog/import-file.ts, store.importRows).
 * Every bad row is named and nothing is written; Ctrl-C ends it with a line saying nothing was
 * written. Returns the exit status (0, 1 for a bad file or a failed write, 130 after Ctrl-C).
 */
export async function importCatalog(
  file: string,
  opts: ImportOptions,
  openStore: () => Promise<CatalogStore>,
  /** A failure of the database as the sentence naming the setting and the fix. */
  worded: (error: Error) => Error = (error) => error,
): Promise<number> {
  const source = openImportFile(file, opts.format ?? formatFromPath(file), opts.maxFileSize * 1024 ** 2);
  const store = await openStore();
  const tty = process.stderr.isTTY === true;
  let progressShown = false;
  const progress = (rows: number) => {
    const share = source.size > 0 ? ` (${Math.round((source.bytesRead() / source.size) * 100)}%)` : '';
    if (tty) process.stderr.write(`\rimporting ${plural(rows, 'gift')}${share}`);
    else if (opts.progress) process.stderr.write(`importing ${plural(rows, 'gift')}${share}\n`);
    progressShown = tty;
  };
  // The first Ctrl-C stops reading and rolls back; the line below says so. (A second one ends it at once.)
  const onInterrupt = () => {
    process.off('SIGINT', onInterrupt);
    source.interrupt();
  };
  process.on('SIGINT', onInterrupt);
  const endLine = () => progressShown && process.stderr.write('\n');
  let result: ImportResult;
  try {
    result = await store.importRows(source.rows, opts.replace ? 'replace' : 'merge', {
      progress,
      duplicate: source.duplicate,
      beforeCommit: source.verdict,
    });
  } catch (error) {
    endLine();
    await store.close().catch(() => undefined);
    if (error instanceof ImportInterrupted) {
      console.error('Interrupted: nothing was imported; the catalog is as it was.');
      return 130;
    }
    if (error instanceof ImportRejected) {
      for (const e of error.errors)
        console.error(`${file}: row ${e.row}${e.id ? ` (${e.id})` : ''}: ${e.problems.join('; ')}`);
      if (error.total > error.errors.length)
        console.error(`${file}: … and ${plural(error.total - error.errors.length, 'more bad row')}`);
      console.error(`Nothing was imported: ${plural(error.total, 'problem')}; fix the file and import it again.`);
      return 1;
    }
    if (error instanceof ImportFileError) {
      console.error(error.message);
      console.error('Nothing was imported: 1 problem; fix the file and import it again.');
      return 1;
    }
    // One transaction: a failed write (disk full, read-only file, lost database) changes nothing.
    const cause = store.kind === 'postgres' ? worded(error as Error).message : (error as Error).message;
    console.error(`Nothing was imported: the catalog could not be written (${cause}).`);
    return 1;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
  endLine();
  await store.close();
  const total = result.added + result.updated + result.unchanged;
  console.log(
    `Imported ${plural(total, 'gift')}: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.removed} removed (revision ${result.revision}).`,
  );
  return 0;
}
