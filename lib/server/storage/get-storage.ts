import 'server-only';
import { env } from '../env';
import { processSingleton } from '../global';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage adapter the environment asks for, one per process. */
export function getStorage(): Storage {
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
