import { http, HttpResponse } from 'msw';
import {
  checkComplaint,
  COMPLAINT_TEXT_LENGTH,
  complaintReference,
  ComplaintSchema,
  type ComplaintInput,
} from '@/lib/shared/schemas/complaints';
import type { OwnComplaint } from '@/lib/shared/schemas/moderation';
import { apiError } from './api-error';

/** Complaints the mocked API received, and the ids of members it knows. */
export interface MockComplaintState {
  received: ComplaintInput[];
  knownMembers: Set<number>;
}

export const createMockComplaintState = (): MockComplaintState => ({
  received: [],
  knownMembers: new Set([7]),
});

const fieldError = (field: string, message: string) => apiError('field_invalid', { field, message });

/** `POST /api/complaint.php` with the server's rules; `isMember` says whether someone is logged in. */
export function createComplaintHandlers(
  state = createMockComplaintState(),
  isMember: () => boolean = () => false,
) {
  return [
    http.post('*/api/complaint.php', async ({ request }) => {
      const parsed = ComplaintSchema.safeParse(await request.json());
      if (!parsed.success) {
        return apiError('validation_failed', { message: 'The request is not valid.' });
      }
      const input = parsed.data;
      const problems = checkComplaint({ text: input.text, email: input.email, isMember: isMember() });
      if (problems.text) {
        return fieldError(
          'text',
          `Please describe the problem in ${COMPLAINT_TEXT_LENGTH.min} to ${COMPLAINT_TEXT_LENGTH.max} characters.`,
        );
      }
      if (problems.email)
        return fieldError('email', 'Please enter your e-mail address so we can answer you.');
      if (input.member !== undefined && !state.knownMembers.has(input.member)) {
        return fieldError('member', 'This member could not be found.');
      }
      state.received.push(input);
      const id = state.received.length;
      return HttpResponse.json(
        { id, reference: complaintReference(id), is_receipt_mailed: false },
        { status: 201 },
      );
    }),
    // The member's own complaints: every one received, none looked at yet.
    http.get('*/api/complaints.php', () => {
      const now = new Date().toISOString();
      const complaints: OwnComplaint[] = state.received.map((input, index) => ({
        id: index + 1,
        reference: complaintReference(index + 1),
        created_at: now,
        reason: input.reason,
        member: input.member === undefined ? null : { id: input.member, name: null },
        has_conversation: Boolean(input.conversation_ref),
        status: 'received',
        status_changed_at: now,
      }));
      return HttpResponse.json({ complaints: complaints.reverse() });
    }),
  ];
}
