// Whether the production build is missing or older than the sources it is built from.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

const SOURCES = [
  'app',
  'components',
  'lib',
  'stores',
  'messages',
  'styles',
  'content',
  'public',
  'proxy.ts',
  'server.ts',
  'next.config.ts',
  'package.json',
  'scripts/db.ts',
];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export function isBuildStale() {
  const marks = ['.next/BUILD_ID', 'dist/server.js', 'dist/db.js'];
  if (marks.some((m) => !fs.existsSync(m))) return true;
  const built = Math.min(...marks.map((m) => fs.statSync(m).mtimeMs));
  return Math.max(...SOURCES.map(newest)) > built;
}

/**
 * A hash of every file of the project that git would see (tracked, or new and not ignored), with its
 * path: equal fingerprints mean the same sources, tests and configuration.
 */
export function sourceFingerprint() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  if (listed.status !== 0) return `untracked-${Date.now()}`;
  const hash = createHash('sha256');
  for (const file of [...new Set(listed.stdout.split('\0').filter(Boolean))].sort()) {
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}
