// Whether the production build is missing or older than the sources it is built from.
import fs from 'node:fs';
import path from 'node:path';

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
