// A member's copy of their data (GDPR art. 15 and 20): what it holds, and who may download it.
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { SESSION_COOKIE, createSession } from '@/lib/server/auth/sessions';
import { dataExports, photos, users } from '@/lib/server/db/schema';
import { dataExportJobHandlers } from '@/lib/server/data-export/data-export-jobs';
import { DATA_EXPORT_JOB } from '@/lib/server/data-export/data-export-state';
import { deleteExpiredExports } from '@/lib/server/data-export/delete-expired-exports';
import type { JobRow } from '@/lib/server/jobs/run-jobs';
import { getStorage } from '@/lib/server/storage/get-storage';
import { DataExportLinkSchema, DataExportStateSchema } from '@/lib/shared/schemas/data-export';
import { jpegWithGpsAndOrientation } from '../fixtures/photos/make-photos';
import { apiClient } from '../helpers/api';
import { withDataDirectory } from '../helpers/data-directory';
import { withTestDatabase } from '../helpers/database';
import { memberWith, newKey, sent, type Client } from './chat-helpers';
import { drainJobs } from './payments-helpers';

process.env.TRUST_PROXY = '1';
withDataDirectory('data-export-test');
const db = withTestDatabase();
const database = () => db.handle().db;

const api = createApiApp();

/** A request from the client's browser, answered raw (the download is binary). */
function request(client: Client | null, method: string, url: string, init: RequestInit = {}) {
  const host = 'lovelane.test';
  return api.request(url, {
    ...init,
    method,
    headers: {
      host,
      origin: `http://${host}`,
      'x-forwarded-for': client?.ip ?? '203.0.113.9',
      'accept-language': 'en',
      ...(client ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function sendPhoto(client: Client, member: number, data: Buffer) {
  const body = new FormData();
  body.append('member', String(member));
  body.append('client_key', newKey());
  body.append('photo', new File([new Uint8Array(data)], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await request(client, 'POST', '/api/chat-photo.php', { body });
  expect(res.status).toBe(200);
}

/** A profile photo of the member, stored as the upload would store it; answers its bytes. */
async function givePhoto(userId: number): Promise<Buffer> {
  const bytes = await jpegWithGpsAndOrientation();
  const name = `p/${userId.toString(16).padStart(2, '0').slice(-2)}/${newKey().toLowerCase()}.jpg`;
  await getStorage().put(name, bytes, 'image/jpeg');
  await database().insert(photos).values({
    userId,
    filename: name,
    thumbFilename: name,
    width: 10,
    height: 10,
    bytes: bytes.length,
    isMain: true,
  });
  return bytes;
}

/** Asks for the copy, lets the job build it, and answers a download link. */
async function readyExport(client: Client): Promise<string> {
  const asked = await client.post('/api/data-export.php');
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  expect(DataExportStateSchema.parse(asked.json).status).toBe('preparing');
  expect((await client.get('/api/data-export.php')).json.status).toBe('preparing');
  await drainJobs();
  const state = DataExportStateSchema.parse((await client.get('/api/data-export.php')).json);
  expect(state.status).toBe('ready');
  const expires = new Date(state.expires_at ?? 0).getTime() - Date.now();
  expect(expires).toBeGreaterThan(23 * 3_600_000);
  expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
  const link = await client.post('/api/data-export-link.php');
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  return DataExportLinkSchema.parse(link.json).url;
}

describe('a copy of a member’s data', () => {
  it('holds the messages sent and received, the photos as files and the ledger, and no other member’s e-mail', async () => {
    const a = await memberWith(database());
    const b = await memberWith(database());
    const c = await memberWith(database());
    const profilePhoto = await givePhoto(a.id);
    await sent(a.client, b.id, 'Hello from A, the exporter');
    await sent(b.client, a.id, 'Hi back from B');
    await sendPhoto(a.client, b.id, await jpegWithGpsAndOrientation());
    // A conversation the member removed: what was before stays out of the copy.
    await sent(c.client, a.id, 'Something A removed');
    const chats = (await a.client.get('/api/chats.php')).json as {
      chats: { conversation: { id: number }; profile: { id: number } }[];
    };
    const withC = chats.chats.find((chat) => chat.profile.id === c.id);
    expect(
      (await a.client.delete('/api/chat.php', { conversation: withC?.conversation.id })).status,
    ).toBeLessThan(300);
    await database()
      .update(users)
      .set({ trackingNetwork: 'adnet', trackingSub1: 'campaign-7' })
      .where(eq(users.id, a.id));

    const url = await readyExport(a.client);
    const res = await request(a.client, 'GET', url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;

    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('messages.json');
    const conversations = json('messages.json') as {
      with: { id: number };
      messages: { direction: string; text: string | null; kind: string; photo: string | null }[];
    }[];
    const withB = conversations.find((conversation) => conversation.with.id === b.id);
    expect(withB?.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direction: 'sent', text: 'Hello from A, the exporter' }),
        expect.objectContaining({ direction: 'received', text: 'Hi back from B' }),
        expect.objectContaining({ direction: 'sent', kind: 'photo' }),
      ]),
    );
    expect(conversations.find((conversation) => conversation.with.id === c.id)).toBeUndefined();
    const chatPhoto = withB?.messages.find((message) => message.kind === 'photo')?.photo ?? '';
    expect(files[chatPhoto]?.subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));

    const [photo] = json('photos.json') as { file: string }[];
    expect(Buffer.from(files[photo?.file ?? ''] ?? new Uint8Array())).toEqual(profilePhoto);
    const credits = json('credits.json') as { balance: number; ledger: { change: number; reason: string }[] };
    expect(credits.ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ change: 1_000, reason: 'purchase' })]),
    );
    expect(credits.balance).toBe(credits.ledger.reduce((sum, row) => sum + row.change, 0));
    expect(json('tracking.json')).toMatchObject({ network: 'adnet', sub1: 'campaign-7' });

    const [mine, theirs] = await Promise.all(
      [a.id, b.id].map(
        async (id) => (await database().select().from(users).where(eq(users.id, id)))[0]?.email ?? '',
      ),
    );
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(json('account.json')).toMatchObject({ email: mine });
    expect(everything).not.toContain(theirs);

    // The link works once.
    expect((await request(a.client, 'GET', url)).status).toBe(404);
  });

  it('is refused to another member, a visitor, another session and after expiry', async () => {
    const a = await memberWith(database());
    const url = await readyExport(a.client);
    const other = await memberWith(database());
    const refused = await request(other.client, 'GET', url);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /no longer valid/,
    );
    expect((await request(null, 'GET', url)).status).toBe(403);
    const sameMemberElsewhere = apiClient();
    sameMemberElsewhere.cookies.set(SESSION_COOKIE, await createSession({ userId: a.id }));
    expect((await request(sameMemberElsewhere, 'GET', url)).status).toBe(404);

    await database()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(dataExports.userId, a.id));
    expect((await request(a.client, 'GET', url)).status).toBe(404);
    expect((await a.client.get('/api/data-export.php')).json.status).toBe('none');
    expect((await a.client.post('/api/data-export-link.php')).status).toBe(404);

    // Housekeeping deletes the expired copy, file and row.
    const [row] = await database().select().from(dataExports).where(eq(dataExports.userId, a.id));
    expect(await getStorage().get(row?.storageKey ?? '')).not.toBeNull();
    expect(await deleteExpiredExports()).toBeGreaterThanOrEqual(1);
    expect(await getStorage().get(row?.storageKey ?? '')).toBeNull();
    expect(await database().select().from(dataExports).where(eq(dataExports.userId, a.id))).toEqual([]);
  });

  it('is given once in 24 hours, with a clear error in the member’s language', async () => {
    const a = await memberWith(database());
    expect((await a.client.post('/api/data-export.php')).status).toBe(201);
    const again = await a.client.post('/api/data-export.php');
    expect(again.status).toBe(429);
    expect(again.json.error.message).toBe(
      'You can request a copy of your data once every 24 hours. Please try again in 24 hours.',
    );
    const german = apiClient({ language: 'de' });
    german.cookies.set(SESSION_COOKIE, await createSession({ userId: a.id }));
    await database().update(users).set({ language: 'de' }).where(eq(users.id, a.id));
    expect((await german.post('/api/data-export.php')).json.error.message).toMatch(/einmal alle 24 Stunden/);
    expect((await a.client.get('/api/data-export.php')).json.next_request_at).not.toBeNull();
  });

  it('shows as failed when every try failed, and may then be asked for again', async () => {
    const a = await memberWith(database());
    expect((await a.client.post('/api/data-export.php')).status).toBe(201);
    const [row] = await database().select().from(dataExports).where(eq(dataExports.userId, a.id));
    const handler = dataExportJobHandlers()[DATA_EXPORT_JOB];
    const put = vi.spyOn(getStorage(), 'put').mockRejectedValue(new Error('storage unavailable'));
    try {
      const job = { attempts: 1, maxAttempts: 3 } as JobRow;
      await expect(handler?.({ exportId: row?.id }, job)).rejects.toThrow('storage unavailable');
      expect((await a.client.get('/api/data-export.php')).json.status).toBe('preparing');
      await expect(handler?.({ exportId: row?.id }, { ...job, attempts: 3 })).rejects.toThrow();
    } finally {
      put.mockRestore();
    }
    const state = (await a.client.get('/api/data-export.php')).json;
    expect(state).toMatchObject({ status: 'failed', next_request_at: null });
    expect((await a.client.post('/api/data-export.php')).status).toBe(201);
  });
});
