/*
 * Lovelane's service worker, version 2 (spec §7), registered at /sw-push.js for logged-in members
 * (components/push/push-worker.tsx). Hand-written, served as it is:
 * - shows the web pushes the server sends (lib/server/push/send-member-push.ts: payload version 2)
 *   with the sender's photo, and keeps the app icon's badge at unread messages plus new likes;
 * - a click on a notification brings an open tab of the site to the chat or likes page, or opens one;
 * - keeps the offline page (/offline) and answers a navigation that finds no network with it.
 */
'use strict';

const VERSION = 2;
const CACHE = `lovelane-offline-v${VERSION}`;
const CACHE_PREFIX = 'lovelane-offline-';
const OFFLINE_URL = '/offline';
const APP_ICON = '/icons/icon-192.png';
const BADGE_ICON = '/icons/badge-96.png';
/** The offline page is fetched again when the kept copy is older than this (a new release). */
const OFFLINE_MAX_AGE_MS = 24 * 3_600_000;

// ---------------------------------------------------------------------------------------------
// Install and update

self.addEventListener('install', (event) => {
  // A push must never wait for the offline page: a failed copy is made again later.
  event.waitUntil(
    keepOfflinePage()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      // Navigations start while the worker wakes up, so it adds no delay to page loads.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

// ---------------------------------------------------------------------------------------------
// The offline page

/** Every address on this site that the offline page loads (styles, scripts, fonts, icons). */
function assetsOf(text) {
  const found = new Set();
  for (const match of text.matchAll(/(?:src|href)="(\/(?:_next\/static|icons)\/[^"?#]+)"/g))
    found.add(match[1]);
  for (const match of text.matchAll(/url\((\/_next\/static\/[^)?#"']+)\)/g)) found.add(match[1]);
  return [...found];
}

/**
 * Keeps a fresh copy of the offline page and everything it loads. The page is asked for with the
 * browser's cookies (its language), and the server renders it for nobody in particular.
 */
async function keepOfflinePage() {
  const response = await fetch(new Request(OFFLINE_URL, { cache: 'reload', credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`offline page: HTTP ${response.status}`);
  const html = await response.clone().text();
  const assets = assetsOf(html);
  const styles = assets.filter((asset) => asset.endsWith('.css'));
  for (const style of styles) {
    const css = await fetch(style).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    for (const asset of assetsOf(css)) if (!assets.includes(asset)) assets.push(asset);
  }
  const cache = await caches.open(CACHE);
  const before = await cache.keys();
  await Promise.all(
    [APP_ICON, BADGE_ICON, ...assets].map((asset) => cache.add(asset).catch(() => undefined)),
  );
  await cache.put(OFFLINE_URL, response);
  // What the previous copy loaded and this one does not is dropped.
  const wanted = new Set(
    [OFFLINE_URL, APP_ICON, BADGE_ICON, ...assets].map((path) => new URL(path, self.location.origin).href),
  );
  await Promise.all(
    before.filter((request) => !wanted.has(request.url)).map((request) => cache.delete(request)),
  );
}

/** Makes a new copy when the kept one is in another language than the page's, or old. */
async function refreshOfflinePage(locale) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(OFFLINE_URL);
  if (kept) {
    const html = await kept.clone().text();
    const language = /<html[^>]*\slang="([^"]+)"/.exec(html);
    const age = Date.now() - new Date(kept.headers.get('date') || 0).getTime();
    if (language && language[1] === locale && age < OFFLINE_MAX_AGE_MS) return;
  }
  await keepOfflinePage();
}

/**
 * The pages that were answered with the offline page: only their files come through this worker.
 * Every other page loads its files straight from the network and the browser's cache, so a worker
 * that merely passes requests on never slows them down.
 */
const offlineClients = new Set();

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
    if (offline) {
      if (event.resultingClientId) offlineClients.add(event.resultingClientId);
      return offline;
    }
    throw error;
  }
}

/** A file of the offline page: from the network while there is one, else the kept copy. */
async function asset(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  const isAsset = url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/icons/');
  if (isAsset && offlineClients.has(event.clientId)) event.respondWith(asset(request));
});

// ---------------------------------------------------------------------------------------------
// The app badge

async function setBadge(count) {
  const nav = self.navigator;
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  try {
    if (count > 0) await nav.setAppBadge(count);
    else await nav.clearAppBadge();
  } catch {
    // Badges are a courtesy of the device; a refusal changes nothing else.
  }
}

// ---------------------------------------------------------------------------------------------
// Push

/** The message of a push: version 2 as the server sends it, else a plain notice of this site. */
function readPush(event) {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (data && data.v === VERSION && typeof data.title === 'string') return data;
  return { title: self.location.hostname, body: '', icon: APP_ICON, url: '/', tag: 'site' };
}

async function showPush(event) {
  const data = readPush(event);
  if (typeof data.badge === 'number') await setBadge(data.badge);
  const target = new URL(typeof data.url === 'string' ? data.url : '/', self.location.origin);
  if (target.origin !== self.location.origin) target.href = self.location.origin;
  // A member who is looking at that very page sees the news there already.
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const isLooking = windows.some(
    (client) =>
      client.focused &&
      client.visibilityState === 'visible' &&
      new URL(client.url).pathname === target.pathname,
  );
  if (isLooking) return;
  await self.registration.showNotification(data.title, {
    body: data.body || '',
    icon: data.icon || APP_ICON,
    badge: BADGE_ICON,
    tag: data.tag || undefined,
    // A newer message of the same conversation replaces the older one quietly.
    renotify: false,
    timestamp: Date.now(),
    data: { url: target.pathname + target.search, kind: data.kind || null },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event));
});

/** Brings an open tab of the site to `url`, else opens one. */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const href = new URL(url, self.location.origin).href;
  const exact = windows.find((client) => client.url === href);
  if (exact) {
    await exact.focus();
    return;
  }
  const tab = windows.find((client) => client.focused) || windows[0];
  if (!tab) {
    await self.clients.openWindow(href);
    return;
  }
  const focused = (await tab.focus().catch(() => null)) || tab;
  try {
    await focused.navigate(href);
  } catch {
    // A tab this worker does not control yet moves there itself (components/push/push-worker.tsx).
    focused.postMessage({ type: 'open', url });
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openPage(typeof data.url === 'string' ? data.url : '/'));
});

/** A browser that renews its subscription: the server learns the new one for the logged-in member. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const key = old && old.options ? old.options.applicationServerKey : null;
      const fresh =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      const headers = { 'Content-Type': 'application/json', 'X-Request-Type': 'client' };
      if (fresh) {
        await fetch('/api/user.php?push=1', {
          method: 'POST',
          credentials: 'same-origin',
          headers,
          body: JSON.stringify({ subscription: fresh.toJSON() }),
        });
      }
      if (old && (!fresh || old.endpoint !== fresh.endpoint)) {
        await fetch('/api/user.php?push=1', {
          method: 'DELETE',
          credentials: 'same-origin',
          headers,
          body: JSON.stringify({ endpoint: old.endpoint }),
        });
      }
    })().catch(() => undefined),
  );
});

// ---------------------------------------------------------------------------------------------
// Messages from the pages

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'badge' && typeof message.count === 'number') {
    event.waitUntil(setBadge(message.count));
  } else if (message.type === 'offline-page' && typeof message.locale === 'string') {
    event.waitUntil(refreshOfflinePage(message.locale).catch(() => undefined));
  }
});
