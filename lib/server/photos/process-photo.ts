import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '@/lib/shared/schemas/photos';
import { AppError } from '../errors';

/** The longest side of the main image. */
export const MAIN_MAX_SIDE = 1280;
/** The side of the square thumbnail. */
export const THUMB_SIDE = 320;

type AcceptedFormat = 'jpeg' | 'png' | 'webp';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format its first bytes announce, or null. Checked before the image library sees the data,
 * so no other decoder (SVG, PDF, TIFF, ...) is ever run on an upload.
 */
export function sniffFormat(data: Buffer): AcceptedFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A checked upload, re-encoded: what gets stored. */
export interface ProcessedPhoto {
  main: Buffer;
  thumb: Buffer;
  /** Size of the main image, after orientation and resizing. */
  width: number;
  height: number;
}

/** The storage names of one photo: `p/<xx>/<hex>.jpg` and `p/<xx>/<hex>_t.jpg`. */
export interface PhotoNames {
  filename: string;
  thumbFilename: string;
}

export const tooLarge = () =>
  new AppError('photo_too_large', {
    log: 'upload over the byte limit',
    values: { megabytes: Math.floor(MAX_UPLOAD_BYTES / (1024 * 1024)) },
  });

const tooManyPixels = (log: string) =>
  new AppError('photo_too_many_pixels', {
    log,
    values: { megapixels: Math.floor(MAX_UPLOAD_PIXELS / 1_000_000) },
  });

const invalid = (log: string) => new AppError('photo_invalid', { log });

/**
 * Checks an upload by its content and re-encodes it. Refused: more than MAX_UPLOAD_BYTES (before
 * anything is read), anything that is not a JPEG, PNG or WebP image whatever its name, and images
 * over MAX_UPLOAD_PIXELS (from the header, before any pixel is decoded). The output is a fresh JPEG
 * turned upright, with no EXIF, GPS or other metadata: a main image inside 1280×1280 and a
 * 320×320 thumbnail cropped around the most interesting part.
 */
export async function processPhoto(options: { data: Buffer }): Promise<ProcessedPhoto> {
  const { data } = options;
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge();
  const sniffed = sniffFormat(data);
  if (!sniffed) throw invalid('upload is no JPEG, PNG or WebP by its first bytes');

  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw invalid(`unreadable upload: ${(error as Error).message}`);
  }
  if (metadata.format !== sniffed) throw invalid(`upload format ${metadata.format} after ${sniffed} bytes`);
  const { width, height } = metadata;
  if (!width || !height) throw invalid('upload without dimensions');
  if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels(`upload of ${width}×${height}`);

  try {
    const main = await sharp(data, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAIN_MAX_SIDE, MAIN_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(main.data)
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: sharp.strategy.attention })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw tooManyPixels(message);
    throw invalid(`undecodable upload: ${message}`);
  }
}

/** Fresh random storage names (128 bits), spread over 256 folders. */
export function newPhotoNames(): PhotoNames {
  const hex = randomBytes(16).toString('hex');
  const base = `p/${hex.slice(0, 2)}/${hex}`;
  return { filename: `${base}.jpg`, thumbFilename: `${base}_t.jpg` };
}
