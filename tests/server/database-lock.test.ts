import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DatabaseInUseError, openPglite } from '@/lib/server/db/client';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
  dirs.push(dir);
  return dir;
}

/** A real other process that stays alive while the test runs. */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}

describe('embedded database directory lock', () => {
  it('refuses a directory that another live process holds, with a clear error', async () => {
    const dir = tempDir();
    const pid = otherProcess();
    fs.writeFileSync(path.join(dir, 'app.lock'), `${pid}\n${os.hostname()}\n`);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseInUseError);
    expect(() => acquireDirectoryLock(dir)).toThrow(new RegExp(`in use by process ${pid}.*DATABASE_URL`));
    await expect(openPglite({ directory: dir })).rejects.toThrow(DatabaseInUseError);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.lock'), `999999999\n${os.hostname()}\n`);
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8')).toContain(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
  });

  it('holds the lock while the database is open and frees it on close', async () => {
    const dir = tempDir();
    const handle = await openPglite({ directory: dir });
    expect(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
  });
});
