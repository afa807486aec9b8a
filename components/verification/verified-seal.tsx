// The verified badge's drawing, without words: used wherever the badge or its filter shows.

/** A ten-point seal with rounded points (stroked in its own colour), 24 × 24. */
const SEAL =
  'M12 1L14.84 3.25L18.47 3.1L19.44 6.59L22.46 8.6L21.2 12L22.46 15.4L19.44 17.41L18.47 20.9L14.84 20.75L12 23L9.16 20.75L5.53 20.9L4.56 17.41L1.54 15.4L2.8 12L1.54 8.6L4.56 6.59L5.53 3.1L9.16 3.25Z';

/** The badge's drawing: a check mark in a filled seal in the accent colour. */
export function VerifiedSeal(props: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`verified-seal ${props.className ?? ''}`}
      aria-hidden="true"
      focusable="false"
    >
      <path d={SEAL} className="verified-seal-shape" strokeWidth="1.6" strokeLinejoin="round" />
      <path
        d="M7.6 12.4l2.9 2.9 5.9-6.3"
        className="verified-seal-check"
        fill="none"
        strokeWidth="2.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
