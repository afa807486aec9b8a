// GET /api/gifts.php: the gifts a member can send, named in the viewer's language, and their price
import { GiftsSchema } from '@/lib/shared/schemas/chat';
import { listGifts } from '../../../gifts/list-gifts';
import { defineRoute } from '../../kit/define-route';

export const listGiftsRoute = defineRoute('GET /api/gifts.php', {
  access: 'member',
  summary: 'The gift catalogue',
  response: { status: 200, description: 'Gifts in display order and what one costs', schema: GiftsSchema },
  cacheControl: 'private, max-age=300',
  headers: { Vary: 'Accept-Language, Cookie' },
  handler: ({ locale, host }) => listGifts({ locale, host }),
});
