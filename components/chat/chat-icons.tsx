/** The chat's small line icons (drawn, not emoji, so every device shows them alike). */
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function GiftIcon(props: { size?: number }) {
  const size = props.size ?? 22;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="3.5" y="8" width="17" height="4" rx="1" {...line} />
      <path d="M5 12v7.5a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V12M12 8v12.5" {...line} />
      <path
        d="M12 8c-1.5-3.5-5.5-4-5.5-1.5C6.5 8 9 8 12 8Zm0 0c1.5-3.5 5.5-4 5.5-1.5C17.5 8 15 8 12 8Z"
        {...line}
      />
    </svg>
  );
}

export function IdeaIcon(props: { size?: number }) {
  const size = props.size ?? 22;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M9 17.5h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8v.3h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3Z"
        {...line}
      />
    </svg>
  );
}

export function CoinIcon(props: { size?: number }) {
  const size = props.size ?? 26;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" {...line} />
      <circle cx="12" cy="12" r="5.5" {...line} />
      <path d="M12 9.5v5" {...line} />
    </svg>
  );
}

export function ChatBubbleIcon(props: { size?: number }) {
  const size = props.size ?? 28;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M20 11.5c0 4.1-3.6 7.5-8 7.5-1.2 0-2.4-.2-3.4-.7L4 19.5l1.2-3.6A7.2 7.2 0 0 1 4 11.5C4 7.4 7.6 4 12 4s8 3.4 8 7.5Z"
        {...line}
      />
      <path d="M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01" {...line} strokeWidth={2.6} />
    </svg>
  );
}

export function CrownIcon(props: { size?: number }) {
  const size = props.size ?? 34;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M4 8l4 4 4-6 4 6 4-4-1.5 10h-13L4 8Z" {...line} fill="currentColor" fillOpacity={0.15} />
      <path d="M5.5 21h13" {...line} />
    </svg>
  );
}

/** Three dots: the menu of a conversation (in the list and in its top bar). */
export function MoreIcon(props: { height?: number }) {
  return (
    <svg viewBox="0 0 4 16" width="4" height={props.height ?? 16} aria-hidden="true" focusable="false">
      <circle cx="2" cy="2" r="1.6" fill="currentColor" />
      <circle cx="2" cy="8" r="1.6" fill="currentColor" />
      <circle cx="2" cy="14" r="1.6" fill="currentColor" />
    </svg>
  );
}
