import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '@/lib/server/storage/get-storage';
import { LocalStorage } from '@/lib/server/storage/local-storage';
import { S3Storage } from '@/lib/server/storage/s3-storage';
import { serveCdn } from '@/lib/server/storage/serve-cdn';
import { resetProcessState } from '../helpers/database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
const uploads = path.join(dataDir, 'uploads');
const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

beforeAll(() => {
  resetProcessState();
  process.env.DATA_DIR = dataDir;
});
afterEach(() => {
  for (const name of S3_VARIABLES) delete process.env[name];
  resetProcessState();
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const filesUnder = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort()
    : [];

const cdn = (url: string, method = 'GET') => serveCdn(new Request(`http://lovelane.test${url}`, { method }));

describe('local storage', () => {
  it('is the default, under DATA_DIR/uploads, one per process', () => {
    const store = getStorage();
    expect(store).toBeInstanceOf(LocalStorage);
    expect((store as LocalStorage).root).toBe(uploads);
    expect(getStorage()).toBe(store);
  });

  it('stores, reads, replaces and deletes files, leaving no temporary files', async () => {
    const store = getStorage();
    expect(await store.get('p/ab/nothing.jpg')).toBeNull();
    await store.put('p/ab/one.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('p/ab/one.jpg', Buffer.from('second'), 'image/jpeg');
    await store.put('p/cd/two_t.png', Buffer.from('png'), 'image/png');
    expect(await store.get('p/ab/one.jpg')).toEqual({
      body: Buffer.from('second'),
      contentType: 'image/jpeg',
    });
    expect((await store.get('p/cd/two_t.png'))?.contentType).toBe('image/png');
    expect(filesUnder(uploads)).toEqual([path.join('p', 'ab', 'one.jpg'), path.join('p', 'cd', 'two_t.png')]);

    await store.delete('p/ab/one.jpg');
    await store.delete('p/ab/one.jpg');
    expect(await store.get('p/ab/one.jpg')).toBeNull();
    expect(await store.get('p/ab')).toBeNull();
  });

  it('refuses keys outside its folder or with unexpected characters', async () => {
    const store = getStorage();
    const outside = path.join(dataDir, 'secret.jpg');
    fs.writeFileSync(outside, 'secret');
    for (const key of [
      '../secret.jpg',
      'p/../../secret.jpg',
      '/etc/passwd',
      'p//a.jpg',
      'P/A.JPG',
      'p/a b.jpg',
      'p\\a.jpg',
      '',
      '..',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(store.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
  });
});

describe('serving stored photos under /cdn/', () => {
  it('answers a stored image with its type and a long, immutable cache', async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await getStorage().put('p/0f/served.jpg', body, 'image/jpeg');
    const res = await cdn('/cdn/p/0f/served.jpg?v=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);

    const head = await cdn('/cdn/p/0f/served.jpg', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 for unknown names, anything but images, and any way out of the folder', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.jpg'), 'secret');
    fs.mkdirSync(path.join(uploads, 'p'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'p', 'notes.txt'), 'not an image');
    for (const url of [
      '/cdn/p/00/unknown.jpg',
      '/cdn/p/notes.txt',
      '/cdn/',
      '/cdn/p',
      '/cdn/../secret.jpg',
      '/cdn/%2e%2e/secret.jpg',
      '/cdn/p/%2E%2E/%2E%2E/secret.jpg',
      '/cdn/..%2fsecret.jpg',
      '/cdn/%2fetc%2fpasswd',
      '/cdn//etc/passwd',
    ]) {
      const res = await cdn(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('secret');
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('answers only GET and HEAD', async () => {
    await getStorage().put('p/0f/post.jpg', Buffer.from('x'), 'image/jpeg');
    const res = await cdn('/cdn/p/0f/post.jpg', 'DELETE');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await getStorage().get('p/0f/post.jpg')).not.toBeNull();
  });
});

describe('S3-compatible storage', () => {
  interface Seen {
    method: string;
    url: string;
    authorization: string;
    contentSha: string;
  }
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Seen[] = [];
  let endpoint = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer(req, res, Buffer.concat(chunks)));
  });

  /** Checks the request's signature as S3 does (same secret, same canonical request), then acts. */
  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = req.url ?? '';
    seen.push({
      method: req.method ?? '',
      url,
      authorization: req.headers.authorization ?? '',
      contentSha: String(req.headers['x-amz-content-sha256'] ?? ''),
    });
    const authorization = req.headers.authorization ?? '';
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const signer = new AwsV4Signer({
      method: req.method,
      url: endpoint + url,
      headers: Object.fromEntries(
        signedHeaders.filter((h) => h !== 'host').map((h) => [h, String(req.headers[h])]),
      ),
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      service: 's3',
      region: 'us-east-1',
      datetime: String(req.headers['x-amz-date']),
    });
    const expected = (await signer.sign()).headers.get('authorization');
    const sha = String(req.headers['x-amz-content-sha256']);
    const bodyMatches = sha === 'UNSIGNED-PAYLOAD' || sha === createHash('sha256').update(body).digest('hex');
    if (!authorization || authorization !== expected || !bodyMatches) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(url, { body, type: req.headers['content-type'] ?? '' });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const object = objects.get(url);
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': object.type }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(url);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function useS3(bucket: string) {
    process.env.S3_BUCKET = bucket;
    process.env.S3_ENDPOINT = endpoint;
    process.env.S3_ACCESS_KEY_ID = 'test-key';
    process.env.S3_SECRET_ACCESS_KEY = 'test-secret';
    process.env.S3_FORCE_PATH_STYLE = '1';
    resetProcessState();
  }

  it('is used when S3_BUCKET is set: signed requests to the bucket, objects stored and removed', async () => {
    useS3('photos');
    const store = getStorage();
    expect(store).toBeInstanceOf(S3Storage);

    await store.put('p/ab/one.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(objects.get('/photos/p/ab/one.jpg')).toEqual({
      body: Buffer.from('jpeg bytes'),
      type: 'image/jpeg',
    });
    const put = seen.at(-1);
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
    expect(put?.contentSha).toMatch(/^[0-9a-f]{64}$/);

    expect(await store.get('p/ab/one.jpg')).toEqual({
      body: Buffer.from('jpeg bytes'),
      contentType: 'image/jpeg',
    });
    expect(await store.get('p/ab/missing.jpg')).toBeNull();
    await store.delete('p/ab/one.jpg');
    expect(objects.has('/photos/p/ab/one.jpg')).toBe(false);
    expect(await store.get('p/ab/one.jpg')).toBeNull();
    await expect(store.get('../other-bucket/x.jpg')).rejects.toThrow(/Invalid storage key/);
  });

  it('serves /cdn/ from the bucket too, and fails loudly when the bucket refuses a request', async () => {
    useS3('photos');
    await getStorage().put('p/cd/two.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const res = await cdn('/cdn/p/cd/two.jpg');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('jpeg');

    const wrongSecret = new S3Storage({
      bucket: 'photos',
      endpoint,
      accessKeyId: 'test-key',
      secretAccessKey: 'wrong-secret',
      forcePathStyle: true,
    });
    await expect(wrongSecret.put('p/cd/three.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/403/);
    expect(objects.has('/photos/p/cd/three.jpg')).toBe(false);
  });
});
