/**
 * PGlite takes no lock on its folder, and two processes writing one data folder corrupt it.
 * We hold an exclusive lock file with our pid; a second process fails with a clear message.
 * A lock left by a process that no longer exists is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'tagger.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processExists(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Tagger server (pid ${pid}). ` +
            'The embedded database allows one process at a time: stop the other server, ' +
            'or use a different DATA_DIR, or DATABASE_URL for PostgreSQL.',
        );
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process.`);
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
