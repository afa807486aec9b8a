import 'server-only';
import { env } from '../env';
import { processSingleton } from '../global';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/** A stored object and the type it was stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: the local data directory by default, S3-compatible object storage
 * when `S3_BUCKET` is set. Keys are relative names such as `p/ab/<hex>.jpg`; the public URL of a
 * key is the site's cdn_prefix followed by the key.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** The configured storage adapter, one per process. */
export function storage(): Storage {
  return processSingleton('storage', createStorage);
}

function createStorage(): Storage {
  const config = env();
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(LocalStorage.defaultRoot());
}
