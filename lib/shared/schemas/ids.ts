import { z } from 'zod';

/** The largest id a database `integer` column holds; a larger id can name nothing. */
export const MAX_ROW_ID = 2_147_483_647;

/** The id of a stored row (photo, region, interest, …) in a JSON body. */
export const RowIdSchema = z.number().int().min(1).max(MAX_ROW_ID);
/** The same in a query string. */
export const RowIdParamSchema = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/**
 * The id of a member in a JSON body or a query string. The route registry's tests find routes by
 * these schemas: a nonexistent member and one the viewer may not see must get the same answer.
 */
export const MemberIdSchema = RowIdSchema.meta({ description: 'A member’s id' });
export const MemberIdParamSchema = RowIdParamSchema.meta({ description: 'A member’s id' });
