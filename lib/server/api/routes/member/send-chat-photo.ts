// POST /api/chat-photo.php: send a photo message (multipart), checked by its content
import { z } from '@hono/zod-openapi';
import { CHAT_PHOTO_MAX_BYTES, ChatSentSchema, ClientKeySchema } from '@/lib/shared/schemas/chat';
import { RowIdParamSchema } from '@/lib/shared/schemas/ids';
import { sendChatPhoto } from '../../../chat/chat-photo';
import { tooLarge } from '../../../photos/process-photo';
import { defineRoute } from '../../kit/define-route';

const ChatPhotoUploadSchema = z.object({
  // A form field (text): the recipient's id.
  member: RowIdParamSchema.meta({ description: 'The recipient’s member id' }),
  client_key: ClientKeySchema,
  photo: z
    .instanceof(File)
    .openapi({ type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image' }),
});

export const sendChatPhotoRoute = defineRoute('POST /api/chat-photo.php', {
  access: 'member',
  summary: 'Send a photo message',
  body: ChatPhotoUploadSchema,
  bodyType: 'multipart',
  // Room for the multipart envelope around the largest accepted file.
  maxBodyBytes: CHAT_PHOTO_MAX_BYTES + 64 * 1024,
  bodyTooLarge: tooLarge,
  response: { status: 200, description: 'The message sent, and the credits left', schema: ChatSentSchema },
  errors: [
    'not_found',
    'email_not_confirmed',
    'premium_required',
    'insufficient_credits',
    'rate_limited',
    'photo_invalid',
    'photo_too_large',
    'photo_too_many_pixels',
  ],
  handler: async ({ viewer, host, body }) => {
    if (body.photo.size > CHAT_PHOTO_MAX_BYTES) throw tooLarge();
    return sendChatPhoto({
      senderId: viewer.userId,
      host,
      memberId: body.member,
      clientKey: body.client_key,
      data: Buffer.from(await body.photo.arrayBuffer()),
    });
  },
});
