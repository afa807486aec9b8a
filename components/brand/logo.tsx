/**
 * The Lovelane mark: a lane in the shape of a heart, amber with a white centre line, on a pink tile.
 * The shapes are those of scripts/brand/mark.svg, the source of the app icons (npm run brand:icons).
 */

/** The lane: the band between the heart's outer and inner edges (even-odd fill leaves the middle open). */
const LANE =
  'M31.57 15.18A13.43 13.43 0 0 0 12.65 34.2L26.81 49.87A6.99 6.99 0 0 0 37.19 49.87L51.35 34.2A13.43 13.43 0 0 0 32.43 15.18A0.64 0.64 0 0 1 31.57 15.18ZM26.17 21.21A5.34 5.34 0 0 0 18.66 28.77L32 43.53L45.34 28.77A5.34 5.34 0 0 0 37.83 21.21A8.74 8.74 0 0 1 26.17 21.21Z';

/** The lane's dashed centre line. */
const CENTRE_LINE =
  'M27.22 15.83L25.24 15.09A1.06 1.06 0 0 0 24.5 17.07L26.48 17.81A1.06 1.06 0 0 0 27.22 15.83ZM38.76 15.09L36.78 15.83A1.06 1.06 0 0 0 37.52 17.81L39.5 17.07A1.06 1.06 0 0 0 38.76 15.09ZM13.71 19.74L12.8 21.65A1.06 1.06 0 0 0 14.71 22.56L15.62 20.66A1.06 1.06 0 0 0 13.71 19.74ZM51.2 21.65L50.29 19.74A1.06 1.06 0 0 0 48.38 20.66L49.29 22.56A1.06 1.06 0 0 0 51.2 21.65ZM16.02 33.47L17.44 35.04A1.06 1.06 0 0 0 19.01 33.62L17.59 32.05A1.06 1.06 0 0 0 16.02 33.47ZM46.56 35.04L47.98 33.47A1.06 1.06 0 0 0 46.41 32.05L44.99 33.62A1.06 1.06 0 0 0 46.56 35.04ZM25.32 43.76L26.74 45.33A1.06 1.06 0 0 0 28.31 43.91L26.89 42.34A1.06 1.06 0 0 0 25.32 43.76ZM37.26 45.33L38.68 43.76A1.06 1.06 0 0 0 37.11 42.34L35.69 43.91A1.06 1.06 0 0 0 37.26 45.33Z';

export const BRAND_COLORS = { amber: '#ffb300', pink: '#c2185b', ink: '#1f1a24' } as const;

/**
 * How the mark is drawn:
 * - `brand`: amber lane with a white centre line on a pink tile; reads on light and dark surfaces.
 * - `mono`: the lane alone in `currentColor`, its centre line cut out; for dark or coloured
 *   backgrounds and single-colour uses (set the colour with CSS `color`).
 */
export type LogoTone = 'brand' | 'mono';

export interface LogoMarkProps {
  /** Width and height in CSS pixels (default 32); the mark is drawn for 24–64 px and scales beyond. */
  size?: number;
  tone?: LogoTone;
  className?: string;
}

/** The mark alone. Decorative: it always sits next to the site's name, which screen readers read. */
export function LogoMark({ size = 32, tone = 'brand', className }: LogoMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {tone === 'mono' ? (
        <path fill="currentColor" fillRule="evenodd" d={LANE + CENTRE_LINE} />
      ) : (
        <>
          <rect width="64" height="64" rx="15" fill={BRAND_COLORS.pink} />
          <path fill={BRAND_COLORS.amber} fillRule="evenodd" d={LANE} />
          <path fill="#fff" d={CENTRE_LINE} />
        </>
      )}
    </svg>
  );
}

export interface LogoProps extends LogoMarkProps {
  /** The site's name (configurable per site), shown as real text next to the mark. */
  name: string;
}

/** The mark with the site's name as its word mark. */
export function Logo({ name, className, ...mark }: LogoProps) {
  return (
    <span className={className ? `brand-logo ${className}` : 'brand-logo'}>
      <LogoMark {...mark} />
      <span className="brand-wordmark">{name}</span>
    </span>
  );
}
