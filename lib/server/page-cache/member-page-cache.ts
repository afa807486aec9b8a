import 'server-only';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { getBotType } from 'next/dist/shared/lib/router/utils/is-bot.js';
import { CLIENT_ADDRESS_HEADER, resolveClient } from '@/lib/shared/client-address';
import {
  ENTRY_WARNING_COOKIE,
  FRESH_READS_COOKIE,
  LOCALE_COOKIE,
  SESSION_COOKIE,
  THEME_COOKIE,
} from '@/lib/shared/constants';
import { resolveLocale } from '@/lib/shared/locales';
import {
  memberPageClass,
  offerOf,
  PAGE_CLASS_HEADER,
  PAGE_COUNTED_HEADER,
  RENDER_TOKEN_HEADER,
  scriptNonce,
  type PageClass,
} from '@/lib/shared/page-class';
import { pageHolesElement, type PageHoles } from '@/lib/shared/page-holes';
import { pageTimeZone, TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import type { User } from '@/lib/shared/schemas/user';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import { findSessionUser, type SessionUser } from '../auth/sessions';
import { getUserOrThrow } from '../auth/get-user';
import { getDb, type Db } from '../db/client';
import { blocks, profiles, searchGenerations } from '../db/schema/members';
import { memberOffers } from '../discounts/member-offers';
import { env } from '../env';
import { getLikesState } from '../likes/likes-state';
import { defaultSearchFilters } from '../members/default-filters';
import { seeLikes } from '../members/get-member';
import { memberAccess, type MemberAccess } from '../members/member-access';
import { isOnline } from '../members/member-filters';
import { hasTrafficSource } from '../members/search-access';
import { readFreshAfter } from '../members/viewer-caches';
import { limitMemberPages } from '../security/limit-member-pages';
import { getDomainLanguage, getSettings } from '../settings/get-settings';
import { createPageStore, type PageEntry } from './page-store';

/**
 * Member pages rendered once. The search (`/members`) and a member's page (`/members/{id}`) are the
 * same for every viewer of a class — visitors, or members of one standing (premium or not, the
 * discount their banner shows, the few account values the frame shows the same way, and on the
 * search where they start searching) — in one locale, time zone and theme. The server renders such
 * a page once per class, as Next renders any page but with the viewer replaced by the class
 * (PAGE_CLASS_HEADER), keeps the HTML, and answers later views from it. What is the viewer's own
 * (who they are, their credits and offers, how they stand to the member, their likes, where their
 * search starts) is read for each view and written into the page as its holes
 * (lib/shared/page-class.ts), which fill the page once it runs (components/providers/page-holes.tsx).
 *
 * A member's page holds while its key holds: the key names the member's page version (moved on by
 * triggers with every change to the profile, photos or interests), whether the member is online, the
 * day (ages), the site's settings as loaded (a settings change on any instance reloads them), the
 * class and the request's locale, time zone, theme, host and scheme. The member's visibility and
 * blocks are checked for every view before any kept page is used: a hidden member, a member who
 * blocked the viewer and the member's own page are rendered for the viewer alone, as before. A search
 * page holds while its country's search generation does (moved on by a trigger whenever a profile may
 * enter or leave a search there) and every member it lists is unchanged, for at most a minute; one
 * that lists the viewer, or anyone with a block between them and the viewer, is the viewer's own.
 * Pages that set a cookie or have a query, and the pages of client-side navigation, are always
 * rendered for the viewer.
 */

// Shared with the server processes a primary starts (they inherit its environment).
process.env.LOVELANE_RENDER_TOKEN ??= randomBytes(24).toString('hex');
const RENDER_TOKEN = process.env.LOVELANE_RENDER_TOKEN;

const MEMBER_PAGE = /^\/members\/([1-9]\d{0,9})$/;
const SEARCH_PAGE = '/members';
/**
 * A search page is rendered again after this long: who is online and who was active last move on
 * by themselves. (A change to a listed member, a block between the viewer and one, and any profile
 * that may have entered or left the search are checked on every view.)
 */
const SEARCH_TTL_MS = 60_000;
/** Entries kept per process (and by the primary of several, for all); the least recently used go first. */
const MAX_ENTRIES = 1_000;
/** An entry is rendered again after this long even if its key still holds. */
const ENTRY_TTL_MS = 10 * 60_000;
/** Stands for the request's script nonce in a kept page. */
const NONCE_MARK = '\u0000nonce\u0000';

/** Headers of a rendered answer that belong to one answer only. */
const ANSWER_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'set-cookie',
]);

function parseCookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (jar.has(name)) continue;
    try {
      jar.set(name, decodeURIComponent(pair.slice(at + 1).trim()));
    } catch {
      jar.set(name, pair.slice(at + 1).trim());
    }
  }
  return jar;
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/** The settings as loaded: a new load (a settings change) is a new id, so its pages are new entries. */
const settingsIds = new WeakMap<object, number>();
let nextSettingsId = 0;
function settingsId(settings: object): number {
  let id = settingsIds.get(settings);
  if (id === undefined) {
    id = nextSettingsId += 1;
    settingsIds.set(settings, id);
  }
  return id;
}

/** Whether a request is one of this server's class renders (its client address is in a header). */
export function isOwnRender(req: IncomingMessage): boolean {
  return header(req, RENDER_TOKEN_HEADER) === RENDER_TOKEN;
}

/** The members a rendered search page lists (their page links), with their page versions as stored. */
async function withListedMembers(db: Db, entry: PageEntry): Promise<PageEntry> {
  const ids = [...new Set([...entry.html.matchAll(/href="\/members\/(\d+)"/g)].map((m) => Number(m[1])))];
  if (!ids.length) return { ...entry, members: [] };
  const rows = await db
    .select({ id: profiles.userId, version: profiles.pageVersion })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  return { ...entry, members: rows };
}

/**
 * Whether a kept search page still lists what it should for this viewer: 'viewer' when it lists the
 * viewer or a member with a block between them (the page is the viewer's own), 'changed' when a listed
 * member changed or is no longer shown, else 'same'.
 */
async function listedMembersNow(
  db: Db,
  members: readonly { id: number; version: number }[],
  viewerId: number | null,
): Promise<'viewer' | 'changed' | 'same'> {
  if (!members.length) return 'same';
  const ids = members.map((m) => m.id);
  if (viewerId !== null && ids.includes(viewerId)) return 'viewer';
  const [rows, blocked] = await Promise.all([
    db
      .select({
        id: profiles.userId,
        version: profiles.pageVersion,
        status: profiles.status,
        invisible: profiles.invisible,
      })
      .from(profiles)
      .where(inArray(profiles.userId, ids)),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ blockerId: blocks.blockerId })
          .from(blocks)
          .where(
            or(
              and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, ids)),
              and(eq(blocks.blockedId, viewerId), inArray(blocks.blockerId, ids)),
            ),
          )
          .limit(1),
  ]);
  if (blocked.length) return 'viewer';
  const now = new Map(rows.map((row) => [row.id, row]));
  for (const member of members) {
    const row = now.get(member.id);
    if (!row || row.version !== member.version || row.status !== 'active' || row.invisible) return 'changed';
  }
  return 'same';
}

/** The viewer of a member page request, as the cache needs them. */
type Viewer = { kind: 'visitor' } | { kind: 'member'; session: SessionUser; user: User };

export function createMemberPageCache(options: { host: string; port: number }) {
  const pages = createPageStore({ maxEntries: MAX_ENTRIES, ttlMs: ENTRY_TTL_MS });
  const rendering = new Map<string, Promise<PageEntry | null>>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const renderHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;

  /** Renders the page for a class through this server, as Next renders any page. */
  function render(req: IncomingMessage, pageClass: PageClass): Promise<PageEntry | null> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name === 'accept-encoding' || name === 'connection' || name === 'keep-alive') continue;
        headers[name] = value;
      }
      headers[PAGE_CLASS_HEADER] = JSON.stringify(pageClass);
      headers[RENDER_TOKEN_HEADER] = RENDER_TOKEN;
      // Nothing of the viewer's goes into a class render.
      const jar = parseCookies(header(req, 'cookie') ?? undefined);
      jar.delete(SESSION_COOKIE);
      headers.cookie = [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
      headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
      const call = http.request(
        { host: renderHost, port: options.port, path: req.url, method: 'GET', headers, agent },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const type = String(answer.headers['content-type'] ?? '');
            if (answer.statusCode !== 200 || !type.startsWith('text/html') || answer.headers['set-cookie']) {
              resolve(null);
              return;
            }
            const csp = String(answer.headers['content-security-policy'] ?? '');
            const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
            if (!nonce) {
              resolve(null);
              return;
            }
            const kept: [string, string][] = [];
            for (const [name, value] of Object.entries(answer.headers)) {
              if (ANSWER_HEADERS.has(name) || value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value])
                kept.push([name, one.replaceAll(nonce, NONCE_MARK)]);
            }
            resolve({
              status: 200,
              headers: kept,
              html: Buffer.concat(chunks).toString('utf8').replaceAll(nonce, NONCE_MARK),
              storedAt: Date.now(),
            });
          });
        },
      );
      call.on('error', reject);
      call.end();
    });
  }

  async function viewerOf(jar: Map<string, string>): Promise<Viewer | null> {
    const token = jar.get(SESSION_COOKIE);
    if (!token) return { kind: 'visitor' };
    const session = await findSessionUser({ token, timeZone: jar.get(TIME_ZONE_COOKIE) ?? null });
    if (!session) return { kind: 'visitor' };
    readFreshAfter(session.userId, jar.get(FRESH_READS_COOKIE));
    try {
      return { kind: 'member', session, user: await getUserOrThrow({ userId: session.userId }) };
    } catch {
      return null;
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: PageEntry, holes: PageHoles): void {
    const nonce = scriptNonce();
    const html = entry.html
      .replace('</head>', `${pageHolesElement(holes)}</head>`)
      .replaceAll(NONCE_MARK, nonce);
    for (const [name, value] of entry.headers) res.appendHeader(name, value.replaceAll(NONCE_MARK, nonce));
    let body = Buffer.from(html, 'utf8');
    if (/\bgzip\b/.test(header(req, 'accept-encoding') ?? '')) {
      body = zlib.gzipSync(body, { level: 5 });
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader('Content-Length', body.length);
    res.writeHead(entry.status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Finds the kept page of a key, or renders it once for the class (one render at a time per key). */
  async function classPage(
    req: IncomingMessage,
    key: string,
    pageClass: PageClass,
    options: { since: number; maxAgeMs: number; onStore?: (entry: PageEntry) => Promise<PageEntry> },
  ): Promise<PageEntry | null> {
    const kept = await pages.get(key, options.since);
    if (kept && options.since - kept.storedAt <= options.maxAgeMs) return kept;
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(req, pageClass)
        .then((entry) => (entry && options.onStore ? options.onStore(entry) : entry))
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    const entry = await pending.catch(() => null);
    if (entry) pages.set(key, entry);
    return entry;
  }

  /**
   * Answers a request if it is a member page the cache may answer (true), else leaves it to Next
   * (false). Removes the class header from every request that is not this server's own.
   */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (isOwnRender(req)) return false;
    delete req.headers[PAGE_CLASS_HEADER];
    delete req.headers[RENDER_TOKEN_HEADER];
    delete req.headers[PAGE_COUNTED_HEADER];
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // The QA mode's pages take their data from the mocked API in the browser, never from the server.
    if (env().API_MOCKING) return false;
    const url = req.url ?? '';
    const match = MEMBER_PAGE.exec(url);
    const isSearch = url === SEARCH_PAGE;
    if (!match && !isSearch) return false;
    // Client-side navigation and prefetches get the viewer's own render.
    if (req.headers.rsc || req.headers['next-router-prefetch'] || req.headers['next-router-state-tree'])
      return false;
    const memberId = match ? Number(match[1]) : null;
    if (memberId !== null && memberId > 2_147_483_647) return false;
    const jar = parseCookies(header(req, 'cookie') ?? undefined);
    // The locale as proxy.ts resolves it; a page that stores the domain's language sets a cookie.
    const localeCookie = jar.get(LOCALE_COOKIE);
    const { locale, source } = resolveLocale({
      cookie: localeCookie,
      domainLanguage: localeCookie
        ? null
        : await Promise.resolve(getDomainLanguage(header(req, 'host'))).catch(() => null),
      acceptLanguage: header(req, 'accept-language'),
    });
    if (source === 'domain') return false;

    const viewer = await viewerOf(jar);
    if (!viewer) return false;
    const viewerId = viewer.kind === 'member' ? viewer.session.userId : null;
    if (memberId !== null && viewerId === memberId) return false;

    const db = await getDb();
    let shown: { access: MemberAccess; pageVersion: number; online: boolean } | null = null;
    if (memberId !== null) {
      const [profile] = await db
        .select({
          status: profiles.status,
          invisible: profiles.invisible,
          lastActiveAt: profiles.lastActiveAt,
          pageVersion: profiles.pageVersion,
        })
        .from(profiles)
        .where(eq(profiles.userId, memberId))
        .limit(1);
      if (!profile) return false;
      const access = await memberAccess(db, { memberId, viewerId, profile });
      if (!access.shown || access.blockedByMember) return false;
      shown = {
        access,
        pageVersion: profile.pageVersion,
        online: isOnline(profile.lastActiveAt, new Date()),
      };
    }

    const config = env();
    const client = resolveClient(
      { header: (name) => header(req, name), socketAddress: req.socket.remoteAddress ?? 'unknown' },
      config.TRUST_PROXY,
    );
    const host = header(req, 'host');
    const settings = await getSettings({ host, locale, geoipCountry: client.country });
    const [offers, searchFilters] =
      viewer.kind === 'member'
        ? await Promise.all([
            viewer.user.paid_user ? null : memberOffers({ userId: viewer.session.userId, locale }),
            defaultSearchFilters({
              viewerId: viewer.session.userId,
              settings,
              viewerProfile: viewer.session.searchProfile,
            }),
          ])
        : [null, null];

    // A search holds while no profile may have entered or left it (search_generations).
    let generation: number | null = null;
    if (isSearch) {
      const country = (searchFilters ?? (await defaultSearchFilters({ viewerId: null, settings }))).country;
      // A search of every country: the sum of all countries' generations.
      const [row] = await db
        .select({ generation: sql<number>`coalesce(sum(${searchGenerations.generation}), 0)::bigint` })
        .from(searchGenerations)
        .where(country ? eq(searchGenerations.country, country) : undefined);
      generation = Number(row?.generation ?? 0);
    }

    const limited = await limitMemberPages({
      path: url,
      sessionToken: viewer.kind === 'member' ? jar.get(SESSION_COOKIE) : undefined,
      ip: client.address,
      locale,
    });
    if (limited) {
      res.writeHead(limited.status, Object.fromEntries(limited.headers));
      res.end(await limited.text());
      return true;
    }
    /** Leaves the view to Next, rendered for the viewer: it is counted already. */
    const forTheViewer = () => {
      req.headers[PAGE_COUNTED_HEADER] = RENDER_TOKEN;
      return false;
    };

    const since = Date.now();
    const pageClass: PageClass =
      viewer.kind === 'member'
        ? memberPageClass(
            viewer.user,
            offerOf(offers, since),
            isSearch ? (searchFilters ?? undefined) : undefined,
          )
        : { kind: 'visitor' };
    const now = new Date(since);
    const key = JSON.stringify([
      url,
      host,
      header(req, 'x-forwarded-proto'),
      header(req, 'forwarded'),
      client.isTls,
      locale,
      pageTimeZone({
        cookie: jar.get(TIME_ZONE_COOKIE),
        geoipCountry: config.TRUST_PROXY
          ? (header(req, 'cf-ipcountry') ?? header(req, 'x-geoip-country'))
          : null,
      }),
      jar.get(THEME_COOKIE) ?? '',
      jar.get(ENTRY_WARNING_COOKIE) === '1',
      getBotType(header(req, 'user-agent') ?? '') ?? '',
      pageClass,
      settingsId(settings),
      now.toISOString().slice(0, 10),
      // A member's page: as long as the member's page version and online state hold.
      shown?.pageVersion ?? null,
      shown?.online ?? null,
      // The search: a visitor from an ad network may search where others may not.
      isSearch && viewer.kind === 'visitor' ? hasTrafficSource(jar.get(TRACKING_COOKIE)) : null,
      generation,
    ]);

    let entry = await classPage(req, key, pageClass, {
      since,
      maxAgeMs: isSearch ? SEARCH_TTL_MS : ENTRY_TTL_MS,
      onStore: isSearch ? (rendered) => withListedMembers(db, rendered) : undefined,
    });
    if (!entry) return forTheViewer();
    if (isSearch && entry.members?.length) {
      const listed = await listedMembersNow(db, entry.members, viewerId);
      if (listed === 'viewer') return forTheViewer();
      if (listed === 'changed') {
        pages.set(key, { ...entry, storedAt: 0 });
        entry = await classPage(req, key, pageClass, {
          since,
          maxAgeMs: SEARCH_TTL_MS,
          onStore: (rendered) => withListedMembers(db, rendered),
        });
        if (!entry) return forTheViewer();
        if (viewerId !== null && (await listedMembersNow(db, entry.members ?? [], viewerId)) !== 'same')
          return forTheViewer();
      }
    }

    const holes: PageHoles = { since, user: viewer.kind === 'member' ? viewer.user : null };
    if (viewer.kind === 'member') {
      const userId = viewer.session.userId;
      holes.offers = offers ?? { welcome: null, timeBonus: null };
      holes.searchFilters = searchFilters ?? {};
      if (memberId !== null && shown) {
        // Opening a liker's page is seeing their like (spec §7), as a render for the viewer does.
        const relation = await seeLikes(db, userId, memberId);
        holes.member = {
          id: memberId,
          liked_by_viewer: relation.likedByViewer,
          likes_viewer: relation.likesViewer,
          match: relation.match,
          blocked_by_viewer: shown.access.blockedByViewer,
        };
      }
      if (isSearch) holes.likes = await getLikesState({ userId });
    }
    send(req, res, entry, holes);
    return true;
  }

  return { handle };
}
