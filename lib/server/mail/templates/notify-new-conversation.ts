import 'server-only';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { ConversationMailSchema, memberCard, messagePreview, notificationNotice } from './notification-parts';

/** Someone started a conversation with the member while they were away (kind new_conversations). */
export const notifyNewConversationTemplate = defineMailTemplate(
  ConversationMailSchema,
  (t, v, site, locale) => {
    const n = notificationTranslator(locale);
    const preview = messagePreview(n, v.preview);
    return {
      subject: n('newConversation.subject', { sender: v.sender.name, site: site.name }),
      greeting: t('greeting', { name: v.name }),
      intro: [
        n('newConversation.intro', { sender: v.sender.name, site: site.name }),
        ...(preview ? [preview] : []),
        ...(v.count > 1 ? [n('newConversation.more', { count: v.count })] : []),
      ],
      cards: [memberCard(n, v.sender)],
      action: { label: n('newConversation.button'), link: v.link },
      outro: [n('batching')],
      notice: notificationNotice(n, 'new_conversations', v.links, site),
    };
  },
);
