/** Line icons of the notifications screens, drawn in the text colour; decorative. */
const common = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export function BellIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 24)}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </svg>
  );
}

export function BubbleIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 24)}>
      <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.1A8 8 0 1 1 20 12Z" />
    </svg>
  );
}

export function HeartsIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 24)}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </svg>
  );
}

export function SparkIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 24)}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.5 2.5M15.2 15.2l2.5 2.5M6.3 17.7l2.5-2.5M15.2 8.8l2.5-2.5" />
    </svg>
  );
}

export function PhoneIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 24)}>
      <rect x="6" y="2" width="12" height="20" rx="2.5" />
      <path d="M11 18h2" />
    </svg>
  );
}

export function CheckIcon(props: { size?: number }) {
  return (
    <svg {...common(props.size ?? 16)}>
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}
