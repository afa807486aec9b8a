import type { ChatPartner } from '@/lib/shared/schemas/chat';

/** The other member's round photo (or initial), with the online dot. */
export function ChatAvatar(props: { partner: ChatPartner; size?: 'sm' | 'md' | 'lg' }) {
  const { partner } = props;
  return (
    <span className={`chat-avatar chat-avatar-${props.size ?? 'md'}`} aria-hidden="true">
      {partner.thumb ? (
        // eslint-disable-next-line @next/next/no-img-element -- square thumbnails from the CDN, sized already
        <img src={partner.thumb} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="chat-avatar-initial">{partner.name.slice(0, 1).toUpperCase()}</span>
      )}
      {partner.online && !partner.unavailable ? <span className="chat-avatar-online" /> : null}
    </span>
  );
}
