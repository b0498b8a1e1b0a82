import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Where uploaded files live (docs/architecture.md#uploads): put, get and delete by key. The
// default keeps them on local disk under the data folder; another store (S3-compatible, say) only
// has to implement this interface. Keys are paths of safe segments, e.g. "therapists/t-1/a-96.jpg".

export interface MediaStorage {
  /** Stores bytes under a key, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_~%.-]{1,255}$/;

/** Whether a key is one the storage accepts: no empty, "." or ".." segment, no odd characters. */
export function isSafeKey(key: string): boolean {
  const segments = key.split('/');
  return segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder on this machine (one instance, or a folder every instance shares). */
export function localDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...checked(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a crash or a concurrent reader never meets a partial file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
