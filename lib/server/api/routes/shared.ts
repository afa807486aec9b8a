import 'server-only';
import { ApiErrorSchema } from '@/lib/shared/schemas/errors';

/** Error responses every route can give, for the OpenAPI document. */
export const errorResponses = {
  422: { description: 'Invalid input', content: { 'application/json': { schema: ApiErrorSchema } } },
  429: { description: 'Too many requests', content: { 'application/json': { schema: ApiErrorSchema } } },
  500: { description: 'Unexpected error', content: { 'application/json': { schema: ApiErrorSchema } } },
} as const;
