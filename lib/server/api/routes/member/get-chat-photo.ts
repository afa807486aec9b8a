// GET /api/chat-photo.php: a chat photo, only for the two members of its conversation
import { z } from 'zod';
import { RowIdParamSchema } from '@/lib/shared/schemas/ids';
import { getChatPhoto } from '../../../chat/chat-photo';
import { defineRoute } from '../../kit/define-route';

const ChatPhotoQuerySchema = z.object({
  id: RowIdParamSchema.meta({ description: 'The photo message’s id' }),
});

export const getChatPhotoRoute = defineRoute('GET /api/chat-photo.php', {
  access: 'member',
  summary: 'A chat photo',
  query: ChatPhotoQuerySchema,
  response: { status: 200, description: 'The image', media: 'image/jpeg' },
  errors: ['not_found'],
  // Only the two members load it; their browsers may keep it a day, shared caches never.
  cacheControl: 'private, max-age=86400',
  handler: ({ viewer, query }) => getChatPhoto({ viewerId: viewer.userId, messageId: query.id }),
});
