import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';
import { describeIssues, errorMessage, fieldErrors } from '../i18n';
import type { Route } from './define-route';

/** A JSON body larger than this is refused with 413 unless the route allows more. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads the body, refusing it by Content-Length before reading and by counting while reading. */
async function readLimited(
  request: Request,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return size === 0 ? null : Buffer.concat(chunks, size);
}

/** The path of the first string holding a NUL character, which no text column can store. */
function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, locale: Locale): z.infer<S> {
  const nul = findNul(input);
  if (nul) {
    const field = nul.join('.') || undefined;
    throw new AppError('validation_failed', {
      log: 'NUL character in input',
      detail: `${field ? `${field}: ` : ''}${errorMessage(locale, 'nul_character')}`,
      field,
    });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(locale, result.error.issues);
  throw new AppError('validation_failed', {
    log: 'invalid input',
    detail: describeIssues(locale, result.error.issues),
    field: Object.keys(fields)[0],
    fields,
  });
}

const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i.test(type.trim());

/** The validated query and body of a request, as the route declares them. */
export async function readInput(
  c: Context<ApiEnv>,
  route: Route,
  locale: Locale,
): Promise<{ query: unknown; body: unknown }> {
  const query = route.query ? parse(route.query, c.req.query(), locale) : undefined;
  if (!route.body) return { query, body: undefined };
  const type = c.req.header('content-type') ?? '';
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const tooLarge = route.bodyTooLarge ?? (() => new AppError('payload_too_large'));
  if (route.bodyType === 'multipart') {
    if (!/^multipart\/form-data\s*;/i.test(type)) throw new AppError('unsupported_media_type');
    const raw = await readLimited(c.req.raw, maxBytes, tooLarge);
    const form = raw
      ? await new Response(new Uint8Array(raw), { headers: { 'content-type': type } })
          .formData()
          .catch(() => {
            throw new AppError('malformed_request');
          })
      : new FormData();
    return { query, body: parse(route.body, Object.fromEntries(form.entries()), locale) };
  }
  const raw = await readLimited(c.req.raw, maxBytes, tooLarge);
  if (!raw) {
    if (route.isBodyOptional) return { query, body: parse(route.body, {}, locale) };
    return { query, body: parse(route.body, undefined, locale) };
  }
  if (!isJson(type)) throw new AppError('unsupported_media_type');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new AppError('invalid_json');
  }
  return { query, body: parse(route.body, json, locale) };
}
