import 'server-only';
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Storage, StoredObject } from './storage';
import { assertStorageKey } from './keys';

export interface S3Options {
  bucket: string;
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO / R2 address; AWS when absent. */
  endpoint?: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most others). */
  forcePathStyle?: boolean;
}

/**
 * S3-compatible object storage over its HTTP API, requests signed with AWS Signature V4.
 * Objects are public-read through the bucket's URL or a CDN in front of it (CDN_PREFIX).
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(options: S3Options) {
    const region = options.region || 'us-east-1';
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region,
      service: 's3',
      retries: 2,
    });
    const endpoint = new URL(options.endpoint || `https://s3.${region}.amazonaws.com`);
    const origin = endpoint.origin;
    this.base = options.forcePathStyle
      ? `${origin}/${encodeURIComponent(options.bucket)}/`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}/`;
  }

  private urlOf(key: string): string {
    assertStorageKey(key);
    return this.base + key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: {
        'Content-Type': contentType,
        // The payload is signed too, so the store refuses a body changed on the way.
        'X-Amz-Content-Sha256': createHash('sha256').update(body).digest('hex'),
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
    await expectOk(res, `PUT ${key}`);
    await res.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    await expectOk(res, `GET ${key}`);
    return {
      body: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (res.status === 404) {
      await res.body?.cancel();
      return;
    }
    await expectOk(res, `DELETE ${key}`);
    await res.body?.cancel();
  }
}

async function expectOk(res: Response, what: string): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()).slice(0, 300);
  throw new Error(`Object storage ${what} failed with ${res.status}: ${text}`);
}
