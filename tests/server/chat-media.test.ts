import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { chatMessages } from '@/lib/server/db/schema';
import { serveCdn } from '@/lib/server/storage/serve-cdn';
import { ChatSentSchema } from '@/lib/shared/schemas/chat';
import { jpegWithGpsAndOrientation, SCRIPT, SVG } from '../fixtures/photos/make-photos';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { chatOf, chatsOf, eventsOf, memberWith, newKey, sent, type Client } from './chat-helpers';

vi.mock('@/lib/server/gifts/gift-catalogue', () => ({
  findGift: (id: string) => (id === 'rose' ? { id: 'rose', image: '/gifts/rose.webp' } : null),
}));
vi.mock('@/lib/server/gifs/resolve-gif', () => ({
  resolveGif: ({ source, id }: { source: string; id: string }) =>
    Promise.resolve(
      source === 'catalogue' && id === 'wave'
        ? {
            source,
            id,
            url: '/gifs/wave.gif',
            preview: '/gifs/wave-small.gif',
            width: 200,
            height: 150,
            title: 'Wave',
          }
        : null,
    ),
}));

process.env.TRUST_PROXY = '1';
const dataDir = withDataDirectory('chat-media-test');
const db = withTestDatabase();
const database = () => db.handle().db;

const api = createApiApp();

/** A request from the client's browser with any body (multipart), answered raw. */
function request(client: Client, method: string, url: string, init: RequestInit = {}) {
  const host = 'lovelane.test';
  return api.request(url, {
    ...init,
    method,
    headers: {
      host,
      origin: `http://${host}`,
      'x-forwarded-for': client.ip,
      'accept-language': 'en',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function sendPhoto(client: Client, member: number, data: Buffer, clientKey = newKey()) {
  const body = new FormData();
  body.append('member', String(member));
  body.append('client_key', clientKey);
  body.append('photo', new File([new Uint8Array(data)], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await request(client, 'POST', '/api/chat-photo.php', { body });
  return { status: res.status, json: await res.json() };
}

const storedFiles = () =>
  fs.existsSync(dataDir)
    ? fs
        .readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.jpg')).length
    : 0;

describe('gifts and GIFs', () => {
  it('prices a gift at gift_credits and a GIF at message_credits, and shows both to both members', async () => {
    const a = await memberWith(database(), { credits: 100 });
    const b = await memberWith(database());
    const gift = await a.client.post('/api/chat.php', {
      kind: 'gift',
      member: b.id,
      client_key: newKey(),
      gift: 'rose',
    });
    expect(gift.status, JSON.stringify(gift.json)).toBe(200);
    expect(ChatSentSchema.strict().parse(gift.json)).toMatchObject({
      message: { kind: 'gift', gift: { id: 'rose', image: '/gifts/rose.webp' }, text: null, credits: 20 },
      credits: 80,
    });
    const gif = await a.client.post('/api/chat.php', {
      kind: 'gif',
      member: b.id,
      client_key: newKey(),
      gif: { source: 'catalogue', id: 'wave' },
    });
    expect(gif.status, JSON.stringify(gif.json)).toBe(200);
    expect(gif.json).toMatchObject({
      message: {
        kind: 'gif',
        gif: {
          url: '/gifs/wave.gif',
          preview: '/gifs/wave-small.gif',
          width: 200,
          height: 150,
          title: 'Wave',
        },
        credits: 10,
      },
      credits: 70,
    });
    const seen = await chatOf(b.client, `member=${a.id}`);
    expect(seen.messages.map((m) => [m.kind, m.credits])).toEqual([
      ['gift', 0],
      ['gif', 0],
    ]);
    expect((await chatsOf(b.client)).chats[0]?.last_message).toMatchObject({ kind: 'gif', preview: null });
    expect(await getCreditBalance({ userId: a.id })).toBe(70);
  });
});

describe('photo messages', () => {
  it('stores the photo privately without EXIF, charges photo_credits and serves it only to the two', async () => {
    const a = await memberWith(database(), { credits: 100 });
    const b = await memberWith(database());
    const res = await sendPhoto(a.client, b.id, await jpegWithGpsAndOrientation());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = ChatSentSchema.strict().parse(res.json);
    expect(body).toMatchObject({
      message: { kind: 'photo', credits: 5, photo: { width: 640, height: 1280 } },
      credits: 95,
    });
    const url = body.message.photo?.url ?? '';
    expect(url).toBe(`/api/chat-photo.php?id=${body.message.id}`);

    for (const member of [a, b]) {
      const image = await request(member.client, 'GET', url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 1280 });
      expect(meta.exif).toBeUndefined();
    }
    expect((await eventsOf(database(), b.id)).filter((e) => e.type === 'message')).toHaveLength(1);

    // Anyone else: as for a photo that does not exist. The stored file is not under the public prefix.
    const stranger = await memberWith(database());
    const theirs = await request(stranger.client, 'GET', url);
    const unknown = await request(stranger.client, 'GET', '/api/chat-photo.php?id=2000000000');
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    const [row] = await database()
      .select({ photoKey: chatMessages.photoKey })
      .from(chatMessages)
      .where(eq(chatMessages.id, body.message.id));
    expect(row?.photoKey).toMatch(/^private\//);
    expect((await serveCdn(new Request(`http://lovelane.test/cdn/${row?.photoKey}`))).status).toBe(404);

    // Removed by the recipient: no longer served to them, still to the sender.
    await b.client.delete('/api/chat.php', { profile: a.id });
    expect((await request(b.client, 'GET', url)).status).toBe(404);
    expect((await request(a.client, 'GET', url)).status).toBe(200);
  });

  it('refuses what is not a photo by its content, spending nothing, and stores a retried send once', async () => {
    const a = await memberWith(database(), { credits: 100 });
    const b = await memberWith(database());
    for (const data of [SVG, SCRIPT]) {
      const res = await sendPhoto(a.client, b.id, data);
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('photo_invalid');
    }
    expect(await getCreditBalance({ userId: a.id })).toBe(100);

    const before = storedFiles();
    const key = newKey();
    const photo = await jpegWithGpsAndOrientation();
    const first = await sendPhoto(a.client, b.id, photo, key);
    const again = await sendPhoto(a.client, b.id, photo, key);
    expect(again.json).toEqual(first.json);
    expect(storedFiles()).toBe(before + 1);
    expect(await getCreditBalance({ userId: a.id })).toBe(95);
  });

  it('refuses a photo without enough credits and keeps no file', async () => {
    const a = await memberWith(database(), { credits: 4 });
    const b = await memberWith(database());
    await sent(b.client, a.id, 'Send me a photo');
    const before = storedFiles();
    const res = await sendPhoto(a.client, b.id, await jpegWithGpsAndOrientation());
    expect(res.status).toBe(402);
    expect(res.json.error.message).toBe('You do not have enough credits');
    expect(storedFiles()).toBe(before);
  });
});

describe('the API document', () => {
  it('describes the photo upload as multipart and the photo itself as a JPEG', async () => {
    const doc = (await (
      await api.request('/api/openapi.json', { headers: { host: 'lovelane.test' } })
    ).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const photo = doc.paths['/api/chat-photo.php'];
    expect(photo?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { photo: { format: 'binary' } } } } },
    });
    expect(photo?.get?.responses['200']).toMatchObject({
      content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/chats.php',
        '/api/chat.php',
        '/api/chat-read.php',
        '/api/chat-typing.php',
      ]),
    );
  });
});
