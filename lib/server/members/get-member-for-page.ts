import 'server-only';
import type { MemberDetail } from '@/lib/shared/schemas/members';
import { AppError } from '../errors';
import { getMemberOrThrow } from './get-member';

/** A member's page as the viewer may see it: the member, 'blocked' (they blocked the viewer), or 'hidden'. */
export async function getMemberForPage(
  options: Parameters<typeof getMemberOrThrow>[0],
): Promise<MemberDetail | 'blocked' | 'hidden'> {
  try {
    return await getMemberOrThrow(options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return 'hidden';
    if (error instanceof AppError && error.code === 'blocked_by_member') return 'blocked';
    throw error;
  }
}
