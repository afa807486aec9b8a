import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
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

  it('starts again on the same directory after the owner was killed with SIGKILL, with its data intact', async () => {
    const dir = tempDir();
    const holder = holdDatabase(dir);
    expect(await holder.ready).toBe('ready');

    // While the holder lives, a second open is refused with the clear error.
    await expect(openPglite({ directory: dir })).rejects.toThrow(
      new RegExp(`in use by process ${holder.child.pid}.*DATABASE_URL`),
    );

    holder.child.kill('SIGKILL');
    await once(holder.child, 'exit');
    const handle = await openPglite({ directory: dir });
    try {
      const result: unknown = await handle.db.execute('select note from crash_check order by id');
      expect(result).toMatchObject({ rows: [{ note: 'written before the crash' }] });
    } finally {
      await handle.close();
    }
    // Two embedded databases are made from scratch here (initdb, seconds each on a busy machine).
  }, 90_000);
});

const HOLDER = `
import { openPglite } from ${JSON.stringify(path.resolve('lib/server/db/client.ts'))};
const handle = await openPglite({ directory: process.argv[2] });
await handle.db.execute('create table crash_check (id serial primary key, note text not null)');
await handle.db.execute("insert into crash_check (note) values ('written before the crash')");
process.stdout.write('ready\\n');
setInterval(() => undefined, 60_000);
`;

/** Another node process that opens the directory through the app's code and keeps it open. */
function holdDatabase(dir: string) {
  const script = path.join(dir, '..', `${path.basename(dir)}-holder.mts`);
  fs.writeFileSync(script, HOLDER);
  dirs.push(script);
  // One process (node --import tsx, not the tsx CLI, which would run node as a child of its own).
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve('ready');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`holder exited (${code}): ${output}`)));
  });
  return { child, ready };
}
