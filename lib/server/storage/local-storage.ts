import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../env';
import type { Storage, StoredObject } from './storage';
import { assertStorageKey, contentTypeOf } from './keys';

/**
 * Files under one folder (`DATA_DIR/uploads` by default). Writes go to a temporary file that is
 * renamed into place, so a reader never sees half a file. The content type follows from the name.
 */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  static defaultRoot(): string {
    return path.join(dataDir(), 'uploads');
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, body, { flag: 'wx' });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      return { body: await fs.readFile(this.pathOf(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
