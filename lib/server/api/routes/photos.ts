// /api/photos.php and /api/photo.php: the member's own photos; upload (POST), make main (PUT), delete (DELETE)
import 'server-only';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';
import { MAX_UPLOAD_BYTES, OwnPhotosSchema, PhotoActionSchema } from '@/lib/shared/schemas/photos';
import { AppError } from '../../errors';
import { deletePhoto } from '../../photos/delete-photo';
import { listOwnPhotos } from '../../photos/list-own-photos';
import { tooLarge } from '../../photos/process-photo';
import { setMainPhoto } from '../../photos/set-main-photo';
import { uploadPhoto } from '../../photos/upload-photo';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

/** Room for the multipart envelope around the largest accepted file. */
const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

const ownPhotos = (description: string) => ({
  description,
  content: { 'application/json': { schema: OwnPhotosSchema } },
});
const apiError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiErrorSchema } },
});
const action = {
  body: { content: { 'application/json': { schema: PhotoActionSchema } }, required: true },
};

const UploadSchema = z.object({
  photo: z.instanceof(File).openapi({
    type: 'string',
    format: 'binary',
    description: 'A JPEG, PNG or WebP image, checked by its content',
  }),
});

/** Uploads need a member, and refusing anyone else must not wait for a 10 MB body. */
const requireViewer = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get('viewer')) throw new AppError('authentication_required');
  await next();
});
const requireMultipart = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('photo_invalid', { log: 'upload not sent as multipart/form-data' });
  }
  await next();
});
/** By Content-Length before reading, and by counting while reading when there is none. */
const limitUploadSize = bodyLimit({
  maxSize: MAX_UPLOAD_REQUEST_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const list = createRoute({
  method: 'get',
  path: '/api/photos.php',
  responses: {
    200: ownPhotos('The member’s photos and limit'),
    403: apiError('Not logged in'),
    ...errorResponses,
  },
});
const upload = createRoute({
  method: 'post',
  path: '/api/photo.php',
  middleware: [requireViewer, requireMultipart, limitUploadSize] as const,
  request: { body: { content: { 'multipart/form-data': { schema: UploadSchema } }, required: true } },
  responses: {
    201: ownPhotos('Stored; the member’s photos after the upload'),
    403: apiError('Not logged in, or the photo limit is reached (photo_limit_reached)'),
    413: apiError('Larger than the upload limit (photo_too_large)'),
    422: apiError(
      'Not a JPEG, PNG or WebP image (photo_invalid), or too many pixels (photo_too_many_pixels)',
    ),
    429: errorResponses[429],
    500: errorResponses[500],
  },
});
const makeMain = createRoute({
  method: 'put',
  path: '/api/photo.php',
  request: action,
  responses: {
    200: ownPhotos('The member’s photos, with this one as main'),
    403: apiError('Not logged in'),
    404: apiError('No such photo of this member'),
    ...errorResponses,
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/api/photo.php',
  request: action,
  responses: {
    200: ownPhotos('The member’s photos after the deletion'),
    403: apiError('Not logged in'),
    404: apiError('No such photo of this member'),
    ...errorResponses,
  },
});

export function registerPhotos(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(list, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    c.header('Cache-Control', 'no-store');
    return c.json(await listOwnPhotos({ userId: viewer.userId }), 200);
  });

  app.openapi(upload, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    const { photo } = c.req.valid('form');
    if (photo.size > MAX_UPLOAD_BYTES) throw tooLarge();
    const data = Buffer.from(await photo.arrayBuffer());
    return c.json(await uploadPhoto({ userId: viewer.userId, data }), 201);
  });

  app.openapi(makeMain, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    return c.json(await setMainPhoto({ userId: viewer.userId, photoId: c.req.valid('json').id }), 200);
  });

  app.openapi(remove, async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('authentication_required');
    return c.json(await deletePhoto({ userId: viewer.userId, photoId: c.req.valid('json').id }), 200);
  });
}
