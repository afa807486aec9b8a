import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { photos, users } from '@/lib/server/db/schema';
import { savePhoto } from '@/lib/server/photos/save-photo';
import { getStorage } from '@/lib/server/storage/get-storage';
import { serveCdn } from '@/lib/server/storage/serve-cdn';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { bombPng, gif, jpegWithGpsAndOrientation, photo, SCRIPT, SVG } from '../fixtures/photos/make-photos';

process.env.TRUST_PROXY = '1';
const dataDir = withDataDirectory('photos-test');
const db = withTestDatabase();

type Client = ReturnType<typeof apiClient>;
const api = createApiApp();

/** A request from the client's browser (its cookies and address) with any body, e.g. multipart. */
async function send(client: Client | null, method: string, url: string, init: RequestInit = {}) {
  const host = 'lovelane.test';
  const res = await api.request(url, {
    ...init,
    method,
    headers: {
      host,
      origin: `http://${host}`,
      'x-forwarded-for': client?.ip ?? '203.0.113.9',
      'accept-language': 'en',
      ...(client?.cookies.size
        ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are asserted field by field
  const body: any = text ? JSON.parse(text) : null;
  return { status: res.status, json: body };
}
/** The photos of an OwnPhotos answer, checked against the contract. */
const photosIn = (res: { json: unknown }) => OwnPhotosSchema.strict().parse(res.json).photos;
const mainFlags = (res: { json: unknown }) => photosIn(res).map((p) => [p.id, p.is_main]);

function upload(
  client: Client | null,
  data: Buffer,
  options: { name?: string; type?: string; language?: string } = {},
) {
  const body = new FormData();
  body.append(
    'photo',
    new File([new Uint8Array(data)], options.name ?? 'photo.jpg', { type: options.type ?? 'image/jpeg' }),
  );
  return send(client, 'POST', '/api/photo.php', {
    body,
    headers: { 'accept-language': options.language ?? 'en' },
  });
}
const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const makeMain = (client: Client | null, id: number) => send(client, 'PUT', '/api/photo.php', json({ id }));
const remove = (client: Client | null, id: number) => send(client, 'DELETE', '/api/photo.php', json({ id }));
const list = (client: Client | null) => send(client, 'GET', '/api/photos.php');
const arrange = (client: Client | null, order: unknown) =>
  send(client, 'PUT', '/api/photos.php', json({ order }));

async function member(options: { premium?: boolean } = {}) {
  const client = apiClient();
  const input = buildSignup();
  expect((await client.post('/api/signup.php', input)).status).toBe(201);
  const [row] = await db.handle().db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const userId = row?.id ?? 0;
  if (options.premium) await db.handle().db.update(users).set({ paidUser: true }).where(eq(users.id, userId));
  return { client, userId };
}

const storedFileCount = () =>
  fs.existsSync(path.join(dataDir, 'uploads'))
    ? fs
        .readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length
    : 0;

async function served(name: string): Promise<Buffer | null> {
  const res = await serveCdn(new Request(`http://lovelane.test/cdn/${name}`));
  return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
}

describe('uploading a photo', () => {
  it('stores a JPEG upright, within 1280 px, with no EXIF or GPS data, and a square thumbnail', async () => {
    const { client } = await member();
    const original = await jpegWithGpsAndOrientation();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 2400, height: 1200, orientation: 6 });
    expect(before.exif?.includes('TestCam')).toBe(true);

    const res = await upload(client, original);
    expect(res.status).toBe(201);
    const body = OwnPhotosSchema.strict().parse(res.json);
    expect(body.limit).toBe(3);
    expect(body.photos).toHaveLength(1);
    const [stored] = body.photos;
    expect(stored).toMatchObject({ is_main: true, width: 640, height: 1280, image: { status: 'active' } });
    expect(stored?.image.filename).toMatch(/^p\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    expect(stored?.image.thumb_filename).toBe(stored?.image.filename.replace('.jpg', '_t.jpg'));

    const main = await served(stored?.image.filename ?? '');
    expect(main).not.toBeNull();
    const meta = await sharp(main ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 1280 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(main?.includes('TestCam')).toBe(false);
    // Turned upright: the left (red) half of the sideways original is now on top.
    const [top, bottom] = await Promise.all(
      [20, 1260].map((y) =>
        sharp(main ?? Buffer.alloc(0))
          .extract({ left: 320, top: y, width: 1, height: 1 })
          .raw()
          .toBuffer(),
      ),
    );
    expect(top?.[0]).toBeGreaterThan(200);
    expect(bottom?.[2]).toBeGreaterThan(200);

    const thumb = await served(stored?.image.thumb_filename ?? '');
    const thumbMeta = await sharp(thumb ?? Buffer.alloc(0)).metadata();
    expect(thumbMeta).toMatchObject({ format: 'jpeg', width: 320, height: 320 });
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('accepts PNG (transparency on white) and WebP, and keeps small images at their size', async () => {
    const { client } = await member();
    const png = await upload(client, await photo('png', { width: 300, height: 500, alpha: true }), {
      name: 'a.png',
      type: 'image/png',
    });
    expect(png.status).toBe(201);
    const webp = await upload(client, await photo('webp', { width: 800, height: 600 }), {
      name: 'b.webp',
      type: 'image/webp',
    });
    expect(webp.status).toBe(201);
    const { photos: stored } = OwnPhotosSchema.parse(webp.json);
    expect(stored.map((p) => [p.width, p.height])).toEqual([
      [300, 500],
      [800, 600],
    ]);
    const pngMain = await served(stored[0]?.image.filename ?? '');
    expect((await sharp(pngMain ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    const corner = await sharp(pngMain ?? Buffer.alloc(0))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...corner].every((v) => v > 240)).toBe(true);
  });

  it('converts a photo with another colour profile to plain sRGB without the profile', async () => {
    const { client } = await member();
    const p3 = await sharp(await photo('jpeg'))
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const [stored] = photosIn(await upload(client, p3));
    const meta = await sharp((await served(stored?.image.filename ?? '')) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', space: 'srgb' });
    expect(meta.icc).toBeUndefined();
  });

  it('refuses a script named .jpg, a GIF, an SVG and an empty file by their content, in the member’s language', async () => {
    const { client } = await member();
    const script = await upload(client, SCRIPT, { name: 'holiday.jpg', type: 'image/jpeg' });
    expect(script.status).toBe(422);
    expect(script.json.error).toEqual({
      code: 'photo_invalid',
      message: 'This file is not a photo we can use. Please upload a JPEG, PNG or WebP image.',
    });
    const german = await upload(client, SCRIPT, { name: 'urlaub.jpg', language: 'de' });
    expect(german.json.error.message).toBe(
      'Diese Datei ist kein verwendbares Foto. Bitte lade ein JPEG-, PNG- oder WebP-Bild hoch.',
    );
    for (const [data, name] of [
      [await gif(), 'cat.jpg'],
      [SVG, 'logo.png'],
      [Buffer.alloc(0), 'empty.jpg'],
      [(await photo('jpeg')).subarray(0, 200), 'cut.jpg'],
    ] as const) {
      const res = await upload(client, data, { name });
      expect(res.status, name).toBe(422);
      expect(res.json.error.code, name).toBe('photo_invalid');
    }
    expect((await list(client)).json.photos).toEqual([]);
  });

  it('refuses a 50 MB upload with 413, by its length or while reading it', async () => {
    const { client } = await member();
    const big = Buffer.alloc(50 * 1024 * 1024, 0xff);
    const streamed = await upload(client, big);
    expect(streamed.status).toBe(413);
    expect(streamed.json.error).toEqual({
      code: 'photo_too_large',
      message: 'This photo is too large. Photos may be up to 10 MB.',
    });
    const declared = await send(client, 'POST', '/api/photo.php', {
      body: big,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(big.length),
      },
    });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe('photo_too_large');
    expect((await list(client)).json.photos).toEqual([]);
  });

  it('refuses a decompression bomb (a tiny PNG declaring 30000×30000 pixels) without decoding it', async () => {
    const { client } = await member();
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1_000);
    const res = await upload(client, bomb, { name: 'bomb.png', type: 'image/png' });
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({
      code: 'photo_too_many_pixels',
      message: 'This image has too many pixels. Please upload an image of at most 40 megapixels.',
    });
  });

  it('needs a multipart body with a photo field', async () => {
    const { client } = await member();
    const asJson = await send(client, 'POST', '/api/photo.php', json({ photo: 'x' }));
    expect(asJson.status).toBe(415);
    expect(asJson.json.error.code).toBe('unsupported_media_type');
    const body = new FormData();
    body.append('picture', new File([new Uint8Array(await photo('jpeg'))], 'a.jpg'));
    const wrongField = await send(client, 'POST', '/api/photo.php', { body });
    expect(wrongField.status).toBe(422);
    expect(wrongField.json.error.code).toBe('validation_failed');
  });
});

describe('photo limits', () => {
  it('lets a free member hold 3 photos and refuses the 4th with the limit in the message', async () => {
    const { client } = await member();
    const image = await photo('jpeg');
    for (let i = 0; i < 3; i += 1) expect((await upload(client, image)).status).toBe(201);
    const fourth = await upload(client, image);
    expect(fourth.status).toBe(403);
    expect(fourth.json.error).toEqual({
      code: 'photo_limit_reached',
      message: 'You have reached the maximum of 3 photos. Delete a photo to add another.',
    });
    const german = await upload(client, image, { language: 'de' });
    expect(german.json.error.message).toBe(
      'Du hast die Höchstzahl von 3 Fotos erreicht. Lösche ein Foto, um ein neues hinzuzufügen.',
    );
    expect((await list(client)).json.photos).toHaveLength(3);
  });

  it('lets parallel uploads of a free member pass the limit only up to it', async () => {
    const { client, userId } = await member();
    const image = await photo('jpeg');
    const filesBefore = storedFileCount();
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(client, image)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    // The refused uploads leave no files behind.
    expect(storedFileCount() - filesBefore).toBe(6);
    const rows = await db.handle().db.select().from(photos).where(eq(photos.userId, userId));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isMain)).toHaveLength(1);
  });

  it('lets a premium member go past 3 photos, up to 25', async () => {
    const { client, userId } = await member({ premium: true });
    const image = await photo('jpeg');
    for (let i = 0; i < 4; i += 1) expect((await upload(client, image)).status).toBe(201);
    const res = await list(client);
    expect(res.json.limit).toBe(25);
    expect(res.json.photos).toHaveLength(4);
    for (let i = 0; i < 21; i += 1) await savePhoto({ userId, data: image });
    const over = await upload(client, image);
    expect(over.status).toBe(403);
    expect(over.json.error.message).toContain('25');
  });

  it('limits uploads per member to 60 an hour', async () => {
    const { client } = await member({ premium: true });
    for (let i = 0; i < 60; i += 1) expect((await upload(client, SCRIPT)).status).toBe(422);
    const res = await upload(client, await photo('jpeg'));
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe('rate_limited');
  });
});

describe('main photo and deletion', () => {
  it('makes the first photo main, switches main on request and promotes the next when main is deleted', async () => {
    const { client } = await member();
    const ids: number[] = [];
    for (const width of [400, 500, 600]) {
      const res = await upload(client, await photo('jpeg', { width, height: 300 }));
      ids.push(photosIn(res).at(-1)?.id ?? 0);
    }
    const [first = 0, second = 0, third = 0] = ids;
    let res = await list(client);
    expect(mainFlags(res)).toEqual([
      [first, true],
      [second, false],
      [third, false],
    ]);

    res = await makeMain(client, third);
    expect(res.status).toBe(200);
    expect(mainFlags(res)).toEqual([
      [third, true],
      [first, false],
      [second, false],
    ]);

    const [thirdPhoto] = photosIn(res);
    res = await remove(client, third);
    expect(res.status).toBe(200);
    expect(mainFlags(res)).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(await served(thirdPhoto?.image.filename ?? '')).toBeNull();
    expect(await served(thirdPhoto?.image.thumb_filename ?? '')).toBeNull();

    res = await remove(client, second);
    expect(mainFlags(res)).toEqual([[first, true]]);
    res = await remove(client, first);
    expect(res.json).toEqual({ photos: [], limit: 3 });
  });

  it('does not let a member touch another member’s photo', async () => {
    const owner = await member();
    const other = await member();
    const id = (await upload(owner.client, await photo('jpeg'))).json.photos[0].id;
    expect((await upload(other.client, await photo('jpeg'))).status).toBe(201);

    const main = await makeMain(other.client, id);
    expect(main.status).toBe(404);
    expect(main.json.error.code).toBe('not_found');
    expect((await remove(other.client, id)).status).toBe(404);
    expect((await remove(other.client, 999_999_999)).status).toBe(404);
    expect((await list(owner.client)).json.photos).toMatchObject([{ id, is_main: true }]);
    expect((await list(other.client)).json.photos).toHaveLength(1);
  });

  it('keeps a file that another photo row still uses', async () => {
    const a = await member();
    const b = await member();
    const saved = await savePhoto({ userId: a.userId, data: await photo('jpeg') });
    await db.handle().db.insert(photos).values({
      userId: b.userId,
      filename: saved.image.filename,
      thumbFilename: saved.image.thumb_filename,
      width: saved.width,
      height: saved.height,
      bytes: 1,
      isMain: true,
    });
    expect((await remove(a.client, saved.id)).status).toBe(200);
    expect(await served(saved.image.filename)).not.toBeNull();
    const [shared] = (await list(b.client)).json.photos;
    expect((await remove(b.client, shared.id)).status).toBe(200);
    expect(await served(saved.image.filename)).toBeNull();
  });

  it('refuses bad ids with 422', async () => {
    const { client } = await member();
    expect((await makeMain(client, -1)).status).toBe(422);
    expect((await send(client, 'DELETE', '/api/photo.php', json({ id: 'x' }))).status).toBe(422);
  });
});

describe('photo order', () => {
  async function memberWithPhotos(count: number) {
    const m = await member({ premium: true });
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await upload(m.client, await photo('jpeg', { width: 300 + i * 10, height: 400 }));
      ids.push(photosIn(res).at(-1)?.id ?? 0);
    }
    return { ...m, ids };
  }

  it('keeps the order the member chose, with the first photo as main, also for photos added later', async () => {
    const { client, ids } = await memberWithPhotos(4);
    const [a = 0, b = 0, c = 0, d = 0] = ids;
    let res = await arrange(client, [c, a, d, b]);
    expect(res.status).toBe(200);
    expect(mainFlags(res)).toEqual([
      [c, true],
      [a, false],
      [d, false],
      [b, false],
    ]);
    expect(mainFlags(await list(client))).toEqual(mainFlags(res));

    const added = photosIn(await upload(client, await photo('jpeg'))).at(-1)?.id ?? 0;
    res = await arrange(client, [b, c, a, d, added]);
    expect(photosIn(res).map((p) => p.id)).toEqual([b, c, a, d, added]);
    expect(
      UserResponseSchema.parse((await client.get('/api/user.php')).json).user.profile.main_image,
    ).toEqual(photosIn(res)[0]?.image);

    // Deleting the main photo makes the next one in the member's order main.
    res = await remove(client, b);
    expect(mainFlags(res)).toEqual([
      [c, true],
      [a, false],
      [d, false],
      [added, false],
    ]);
  });

  it('changes nothing for an order made before a photo was added or deleted elsewhere, or naming another member’s photo', async () => {
    const { client, ids } = await memberWithPhotos(3);
    const [a = 0, b = 0, c = 0] = ids;
    const other = await memberWithPhotos(1);
    const before = mainFlags(await list(client));
    for (const order of [
      [b, a],
      [b, a, c, c],
      [c, b, a, other.ids[0]],
      [c, b, other.ids[0]],
      [c, b, 999_999_999],
    ]) {
      const res = await arrange(client, order);
      expect(res.status, JSON.stringify(order)).toBe(409);
      expect(res.json.error).toMatchObject({
        code: 'photos_changed',
        message: expect.stringMatching(/another window/),
      });
    }
    expect(mainFlags(await list(client))).toEqual(before);
    expect(mainFlags(await list(other.client))).toEqual([[other.ids[0], true]]);
  });

  it('refuses an empty or malformed order with 422', async () => {
    const { client } = await memberWithPhotos(1);
    expect((await arrange(client, [])).status).toBe(422);
    expect((await arrange(client, ['x'])).status).toBe(422);
    expect((await send(client, 'PUT', '/api/photos.php', json({ order: [1], extra: true }))).status).toBe(
      422,
    );
  });
});

describe('logged out', () => {
  it('answers 403 authentication_required to every photo call, even before a large body', async () => {
    const image = await photo('jpeg');
    for (const res of [
      await list(null),
      await upload(null, image),
      await upload(null, Buffer.alloc(20 * 1024 * 1024)),
      await makeMain(null, 1),
      await remove(null, 1),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('authentication_required');
    }
  });
});

describe('the member and their main photo', () => {
  it('shows the main photo in GET /api/user.php', async () => {
    const { client } = await member();
    const before = UserResponseSchema.parse((await client.get('/api/user.php')).json);
    expect(before.user.profile.main_image).toBeNull();
    await upload(client, await photo('jpeg'));
    const second = (await upload(client, await photo('png'), { type: 'image/png' })).json.photos[1];
    await makeMain(client, second.id);
    const after = UserResponseSchema.parse((await client.get('/api/user.php')).json);
    expect(after.user.profile.main_image).toEqual(second.image);
  });

  it('removes every photo and file of a purged account', async () => {
    const { client, userId } = await member();
    await upload(client, await photo('jpeg'));
    await upload(client, await photo('webp'), { type: 'image/webp' });
    const names = photosIn(await list(client)).flatMap((p) => [p.image.filename, p.image.thumb_filename]);
    expect(names).toHaveLength(4);
    for (const name of names) expect(await getStorage().get(name)).not.toBeNull();

    const now = new Date();
    await db
      .handle()
      .db.update(users)
      .set({ deletedAt: new Date(now.getTime() - 15 * 86_400_000) })
      .where(eq(users.id, userId));
    expect(await purgeDeletedAccounts({ now })).toBeGreaterThanOrEqual(1);
    expect(await db.handle().db.select().from(photos).where(eq(photos.userId, userId))).toEqual([]);
    for (const name of names) expect(await getStorage().get(name)).toBeNull();
  });
});

describe('the API document', () => {
  it('describes the photo endpoints, the upload as multipart with a binary photo field', async () => {
    const doc = (await send(null, 'GET', '/api/openapi.json')).json;
    expect(Object.keys(doc.paths['/api/photo.php']).sort()).toEqual(['delete', 'post', 'put']);
    expect(doc.paths['/api/photos.php'].get.responses['200']).toBeDefined();
    const upload = doc.paths['/api/photo.php'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.photo).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '403', '413', '422']));
  });
});
