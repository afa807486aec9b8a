import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ERRORS,
  COUNTRY_NAMES,
  PAGE_NAMESPACES,
  SHELL_NAMESPACES,
  shellMessages,
} from '@/lib/i18n/client-messages';
import en from '@/messages/en.json';

const ROOT = path.resolve(__dirname, '../..');
const PAGES_DIR = path.join(ROOT, 'app/(default)');
/** Route groups whose pages take their texts through `<PageMessages>`, keyed by folder within the group. */
const GROUP_DIRS = [PAGES_DIR, path.join(ROOT, 'app/(chat)'), path.join(ROOT, 'app/(empty)')];

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const file of [
    `${base}.ts`,
    `${base}.tsx`,
    base,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The namespaces that client components reachable from `entry` ask for: every file marked
 * 'use client', and every file such a file imports (statically or lazily), is followed.
 */
function clientNamespaces(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const key = `${file}|${inClient}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = fs.readFileSync(file, 'utf8');
    const isClient = inClient || /^\s*['"]use client['"]/.test(source);
    if (isClient) {
      for (const match of source.matchAll(/useTranslations\(\s*'([A-Za-z]+)'/g)) found.add(match[1] ?? '');
    }
    for (const match of source.matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
      const next = resolveImport(file, match[1] ?? '');
      if (next) visit(next, isClient);
    }
  };
  visit(entry, false);
  return found;
}

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name === 'page.tsx' ? [full] : [];
  });
}

const shell = new Set<string>(SHELL_NAMESPACES);
const groupOf = (file: string) => GROUP_DIRS.find((dir) => file.startsWith(`${dir}${path.sep}`)) ?? PAGES_DIR;
const pageKey = (file: string) => path.relative(groupOf(file), path.dirname(file)).split(path.sep).join('/');
const allPageFiles = () => GROUP_DIRS.flatMap(pageFiles);
const pageNamespaces = PAGE_NAMESPACES as Record<string, readonly string[]>;

describe('messages sent to the browser', () => {
  it.each([
    ['the frame', path.join(PAGES_DIR, 'layout.tsx')],
    ['the root 404 page', path.join(ROOT, 'app/not-found.tsx')],
    ['the error page', path.join(ROOT, 'components/layout/error-view.tsx')],
  ])('cover what the client components of %s use', (_name, file) => {
    expect([...clientNamespaces(file)].filter((ns) => !shell.has(ns))).toEqual([]);
  });

  it.each(allPageFiles().map((file) => [pageKey(file) || '/', file] as const))(
    'cover what the client components of %s use',
    (key, file) => {
      const extra = [...clientNamespaces(file)].filter((ns) => !shell.has(ns)).sort();
      if (extra.length === 0) return;
      expect(extra.filter((ns) => !pageNamespaces[key]?.includes(ns))).toEqual([]);
      // The page hands them over.
      expect(fs.readFileSync(file, 'utf8')).toContain(`<PageMessages page="${key}">`);
    },
  );

  it('name only pages that exist and namespaces the message files have', () => {
    const keys = new Set(allPageFiles().map(pageKey));
    expect(Object.keys(PAGE_NAMESPACES).filter((key) => !keys.has(key))).toEqual([]);
    const all = [...SHELL_NAMESPACES, ...Object.values(pageNamespaces).flat()];
    expect(all.filter((ns) => ns !== COUNTRY_NAMES && !(ns in en))).toEqual([]);
  });

  it('send no namespace twice: a page adds only what the frame does not send', () => {
    const twice = Object.entries(pageNamespaces).flatMap(([page, list]) =>
      list.filter((ns) => shell.has(ns)).map((ns) => `${page}: ${ns}`),
    );
    expect(twice).toEqual([]);
  });

  it('leave out of the frame what only some pages use', () => {
    const frame = new Set([
      ...clientNamespaces(path.join(PAGES_DIR, 'layout.tsx')),
      ...clientNamespaces(path.join(ROOT, 'components/layout/error-view.tsx')),
    ]);
    expect(SHELL_NAMESPACES.filter((ns) => !frame.has(ns))).toEqual([]);
  });
});

/** Every source file the browser may run: components, app, hooks, stores and the shared lib. */
function browserSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(ROOT, 'lib/server') ? [] : browserSources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('error texts sent to the browser', () => {
  const files = ['components', 'app', 'lib', 'stores', 'hooks']
    .map((dir) => path.join(ROOT, dir))
    .filter((dir) => fs.existsSync(dir))
    .flatMap(browserSources);
  // Where the key is a form check's code, all of which are listed (lib/i18n/client-messages.ts).
  const BY_CODE = ['components/forms/field-errors.ts', 'components/complaints/complaint-form.tsx'];

  it('cover every key a client component asks for', () => {
    const used = new Set<string>();
    const unknownCalls: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const names = [...source.matchAll(/const (\w+) = useTranslations\(\s*'Errors'\s*\)/g)].map((m) => m[1]);
      for (const name of names) {
        for (const call of source.matchAll(new RegExp(`\\b${name}\\(\\s*([^\\s)])([a-z_]*)`, 'g'))) {
          if (call[1] === "'") used.add(call[2] ?? '');
          else if (!BY_CODE.includes(path.relative(ROOT, file))) unknownCalls.push(path.relative(ROOT, file));
        }
      }
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((key) => !(CLIENT_ERRORS as readonly string[]).includes(key))).toEqual([]);
    // A key chosen at run time cannot be checked here: the file must be one whose codes are listed.
    expect(unknownCalls).toEqual([]);
  });

  it('are texts the message files have, and only those go with the frame', () => {
    expect(CLIENT_ERRORS.filter((key) => !(key in en.Errors))).toEqual([]);
    const sent = shellMessages(en as unknown as Record<string, unknown>);
    expect(Object.keys(sent.Errors as object).sort()).toEqual([...new Set(CLIENT_ERRORS)].sort());
    expect(Object.keys(sent).sort()).toEqual([...SHELL_NAMESPACES].sort());
  });
});
