import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { resetEnv } from '@/lib/server/env';

/**
 * A test file whose members upload files (photos, chat media, exports): a fresh data directory for the
 * stored files, removed afterwards, and no chat rate limit in the way. Call it before
 * `withTestDatabase()`; answers the directory.
 */
export function withDataDirectory(name: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  process.env.DATA_DIR = dataDir;
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    process.env.CHAT_MESSAGES_PER_MINUTE = '100000';
    resetEnv();
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    delete process.env.CHAT_MESSAGES_PER_MINUTE;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}
