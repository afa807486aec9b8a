/**
 * The Lovelane mark: two lanes that meet in a heart, amber into pink, on a rounded tile. Decorative
 * wherever it appears next to the site's name, which screen readers read instead.
 */
export function LogoMark(props: { size?: number; className?: string }) {
  const size = props.size ?? 32;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={props.className}
    >
      <defs>
        <linearGradient id="ll-mark-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb300" />
          <stop offset="1" stopColor="#c2185b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#ll-mark-bg)" />
      <path
        d="M32 50 15.5 33.6a10.2 10.2 0 0 1 0-14.4 10.2 10.2 0 0 1 14.4 0L32 21.3l2.1-2.1a10.2 10.2 0 0 1 14.4 14.4Z"
        fill="#fff"
      />
      <path
        d="M24 25.5c3 2.2 5.4 5.5 8 10.5 2.6-5 5-8.3 8-10.5"
        fill="none"
        stroke="#c2185b"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The mark with the site's name as real text (the name is configurable per site). */
export function Logo(props: { name: string; size?: number }) {
  return (
    <span className="brand-link">
      <LogoMark size={props.size} />
      <span>{props.name}</span>
    </span>
  );
}
