import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** The file the embedded catalog is kept in, inside the data folder. */
export const SQLITE_FILE = 'giftgen.sqlite';
const SQLITE_HEADER = 'SQLite format 3\0';
const FIX = 'choose another folder with --data (or GIFTGEN_DATA_DIR)';

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;
const reasonOf = (error: unknown) =>
  (
    ({
      EACCES: 'permission denied',
      EPERM: 'operation not permitted',
      EROFS: 'read-only file system',
      ENOSPC: 'the disk is full',
      ENOENT: 'it takes no new files',
    }) as Record<string, string>
  )[codeOf(error) ?? ''] ?? (error as Error).message;

/**
 * Makes `dir` (and its missing parents) one level at a time. Node's `mkdirSync(…, { recursive: true })`
 * loops for ever under /proc (mkdir answers ENOENT although the parent exists, and Node retries the
 * parent), which made `--data /proc/x` hang; here that ENOENT is an error.
 */
function makeFolder(dir: string): void {
  const parent = dirname(dir);
  if (parent !== dir && !isFolder(parent)) makeFolder(parent);
  try {
    mkdirSync(dir);
  } catch (error) {
    if (codeOf(error) === 'EEXIST' && isFolder(dir)) return;
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR')
      throw new Error(`the data folder ${dir} cannot be created: ${parent} does not take new folders; ${FIX}`);
    throw new Error(`the data folder ${dir} cannot be created (${reasonOf(error)}): ${FIX}`);
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The data folder exists (made if missing), is a folder, is writable (SQLite writes its journal
 * beside the file), and holds no catalog file that SQLite would refuse. Throws one sentence naming
 * the path and the fix. A probe file is written and removed: access(2) says yes to root on a
 * read-only mode and on /proc, where SQLite then fails with no path ("unable to open database file").
 */
export function checkDataDir(dir: string): void {
  let stats: ReturnType<typeof statSync> | undefined;
  try {
    stats = statSync(dir);
  } catch {
    makeFolder(dir);
  }
  if (stats && !stats.isDirectory())
    throw new Error(`--data ${dir} is a file, not a folder: give a folder for the catalog (it is created if missing)`);
  const probe = join(dir, `.giftgen-write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new Error(
      `the data folder ${dir} is not writable (${reasonOf(error)}): make it writable for this user, or ${FIX}`,
    );
  }
  checkSqliteFile(join(dir, SQLITE_FILE));
}

/**
 * The catalog file and SQLite's files beside it are used as they are, never through a link: SQLite
 * follows one, so a link planted there (dangling or not) would put the catalog, or its journal,
 * wherever the link points (a dangling one created the database at its target). Deliberately
 * refused, naming the link and where it points.
 */
export function catalogLinkProblem(file: string): string | undefined {
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    let link: string;
    try {
      if (!lstatSync(path).isSymbolicLink()) continue;
      link = readlinkSync(path);
    } catch {
      continue; // not there
    }
    const what = path === file ? 'the catalog file' : "the catalog's SQLite file";
    return `${what} ${path} is a symbolic link (to ${link}): gift-genius keeps its catalog in the folder itself; put the file there in place of the link, or point --data (or GIFTGEN_DATA_DIR) at the folder that holds it`;
  }
  return undefined;
}

function checkSqliteFile(file: string): void {
  const linked = catalogLinkProblem(file);
  if (linked) throw new Error(linked);
  let fd: number;
  try {
    fd = openSync(file, 'r+');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return; // made on first start
    if (codeOf(error) === 'EISDIR') throw new Error(`the catalog file ${file} is a folder: move it away, or ${FIX}`);
    throw new Error(
      `the catalog file ${file} is read-only for this user (${reasonOf(error)}): make it writable, or ${FIX}`,
    );
  }
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    if (read > 0 && header.toString('latin1', 0, read) !== SQLITE_HEADER) {
      throw new Error(`the catalog file ${file} is not a SQLite database: move it away, or ${FIX}`);
    }
  } finally {
    closeSync(fd);
  }
}
