import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { complaintReference } from '@/lib/shared/schemas/complaints';
import type { OwnComplaints } from '@/lib/shared/schemas/moderation';
import { getDb } from '../db/client';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';

/** Complaints a member's settings list. */
export const OWN_COMPLAINTS_SHOWN = 50;

/**
 * The complaints a member sent, newest first, with where each stands: received, in review, action
 * taken or no action. The reported member is named as the reporter knew them (their name, kept while
 * the account's data is), whatever the member's state now; what was done to them is not said.
 */
export async function listOwnComplaints(options: { userId: number }): Promise<OwnComplaints> {
  const db = await getDb();
  const rows = await db
    .select({ complaint: complaints, memberName: profiles.name })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.userId, complaints.reportedUserId))
    .where(eq(complaints.reporterId, options.userId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(OWN_COMPLAINTS_SHOWN);
  return {
    complaints: rows.map(({ complaint, memberName }) => ({
      id: complaint.id,
      reference: complaintReference(complaint.id),
      created_at: complaint.createdAt.toISOString(),
      reason: complaint.reason,
      member:
        complaint.reportedUserId === null ? null : { id: complaint.reportedUserId, name: memberName ?? null },
      has_conversation: complaint.conversationRef !== null,
      status: complaint.status,
      status_changed_at: complaint.statusChangedAt.toISOString(),
    })),
  };
}
