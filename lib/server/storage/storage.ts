import 'server-only';

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
