import 'server-only';
import type { OwnPhoto } from '@/lib/shared/schemas/photos';
import type { photos } from '../db/schema/photos';

export type PhotoRow = typeof photos.$inferSelect;

/** A photos row as the member's own photo list shows it; names stay relative to cdn_prefix. */
export function toOwnPhoto(row: PhotoRow): OwnPhoto {
  return {
    id: row.id,
    image: { filename: row.filename, thumb_filename: row.thumbFilename, status: row.status },
    is_main: row.isMain,
    verified: row.verifiedAt !== null,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}
