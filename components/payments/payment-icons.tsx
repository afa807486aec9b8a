/** The money screens' line icons (drawn, so every device shows them alike). */
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Icon(props: { size?: number; children: React.ReactNode; className?: string }) {
  const size = props.size ?? 20;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={props.className ?? 'money-icon'}
    >
      {props.children}
    </svg>
  );
}

export const CoinMark = (props: { size?: number }) => (
  <Icon size={props.size} className="money-icon coin">
    <circle cx="12" cy="12" r="9" {...line} />
    <path
      d="M14.8 9.2c-.5-.9-1.6-1.4-2.8-1.4-1.6 0-2.8.8-2.8 2s1.2 1.7 2.8 2.1 2.8.9 2.8 2.1-1.2 2-2.8 2c-1.2 0-2.3-.5-2.8-1.4M12 6.3v11.4"
      {...line}
    />
  </Icon>
);
export const ShieldMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="M12 3 5 6v5.5c0 4.3 3 8 7 9.5 4-1.5 7-5.2 7-9.5V6l-7-3Z" {...line} />
    <path d="m9 12 2 2 4-4" {...line} />
  </Icon>
);
export const CheckMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="m5 12.5 4.5 4.5L19 7.5" {...line} />
  </Icon>
);
export const CrossMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="M6 6l12 12M18 6 6 18" {...line} />
  </Icon>
);
export const ClockMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <circle cx="12" cy="12" r="9" {...line} />
    <path d="M12 7v5l3 2" {...line} />
  </Icon>
);
export const CrownMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="M3.5 8 7 12l5-6 5 6 3.5-4-1.5 10h-14L3.5 8Z" {...line} />
  </Icon>
);
export const PhotosMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <rect x="3" y="5" width="14" height="12" rx="2" {...line} />
    <path d="M7 19.5h12.5a1.5 1.5 0 0 0 1.5-1.5V8.5M3.5 14.5l4-4 4 4 2-2 3 3" {...line} />
  </Icon>
);
export const EyeMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" {...line} />
    <circle cx="12" cy="12" r="3" {...line} />
  </Icon>
);
export const ChatMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path d="M4 5.5h16v10H9l-4.5 3.5V15.5H4v-10Z" {...line} />
  </Icon>
);
export const HeartMark = (props: { size?: number }) => (
  <Icon size={props.size}>
    <path
      d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10Z"
      {...line}
    />
  </Icon>
);
