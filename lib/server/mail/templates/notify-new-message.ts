import 'server-only';
import { notificationTranslator } from '../notification-translator';
import { defineMailTemplate } from './mail-template';
import { ConversationMailSchema, memberCard, messagePreview, notificationNotice } from './notification-parts';

/**
 * New messages in a conversation the member already had, while they were away (kind new_messages):
 * one mail for the whole burst, however many messages came.
 */
export const notifyNewMessageTemplate = defineMailTemplate(ConversationMailSchema, (t, v, site, locale) => {
  const n = notificationTranslator(locale);
  const preview = messagePreview(n, v.preview);
  return {
    subject: n('newMessage.subject', { sender: v.sender.name, count: v.count, site: site.name }),
    greeting: t('greeting', { name: v.name }),
    intro: [n('newMessage.intro', { sender: v.sender.name, count: v.count }), ...(preview ? [preview] : [])],
    cards: [memberCard(n, v.sender)],
    action: { label: n('newMessage.button'), link: v.link },
    outro: [n('batching')],
    notice: notificationNotice(n, 'new_messages', v.links, site),
  };
});
