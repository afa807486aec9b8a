// Writes the verification poses (public/verification-poses/<pose>.svg) from the drawings below: one
// friendly character in the product's colours (soft pink card, pink shirt, amber accents) showing a
// hand gesture to copy in a selfie. Hands are built from rounded strokes, outlined as one shape.
// Run it after changing a drawing: node scripts/verification/make-pose-art.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'public/verification-poses');

const SKIN = '#f1c7a9';
const SKIN_SHADE = '#e3ab88';
const OUTLINE = '#b9785a';
const HAIR = '#5b3a22';
const INK = '#2b2024';
const SHIRT = '#c2185b';
const SHIRT_LIGHT = '#e0407f';
const CARD = '#fde9f0';
const AMBER = '#ffb300';

/** A finger, thumb or arm: a rounded stroke from (x1, y1) to (x2, y2), `w` wide. */
const line = (x1, y1, x2, y2, w) => ({ kind: 'line', x1, y1, x2, y2, w });
/** A palm or fist: a rounded box, turned by `rotate` degrees around its centre. */
const box = (x, y, w, h, r, rotate = 0) => ({ kind: 'box', x, y, w, h, r, rotate });

function shape(part, fill, grow) {
  if (part.kind === 'line') {
    return `<line x1="${part.x1}" y1="${part.y1}" x2="${part.x2}" y2="${part.y2}" stroke="${fill}" stroke-width="${part.w + grow}" stroke-linecap="round"/>`;
  }
  const cx = part.x + part.w / 2;
  const cy = part.y + part.h / 2;
  const turn = part.rotate ? ` transform="rotate(${part.rotate} ${cx} ${cy})"` : '';
  const stroke = grow ? ` stroke="${fill}" stroke-width="${grow}" stroke-linejoin="round"` : '';
  return `<rect x="${part.x}" y="${part.y}" width="${part.w}" height="${part.h}" rx="${part.r}" fill="${fill}"${stroke}${turn}/>`;
}

/** A hand (or arm) as one outlined shape: every part's outline first, then every part's fill. */
const hand = (parts, details = '') =>
  `<g>${parts.map((p) => shape(p, OUTLINE, 4)).join('')}${parts.map((p) => shape(p, SKIN, 0)).join('')}${details}</g>`;

/** Fine lines on a hand: folded fingers, a nail. */
const crease = (d) =>
  `<path d="${d}" fill="none" stroke="${OUTLINE}" stroke-width="2" stroke-linecap="round" opacity=".75"/>`;

/** A sleeve from the bottom edge up to (x, y). */
const sleeve = (x1, x2, y) =>
  `<line x1="${x1}" y1="250" x2="${x2}" y2="${y}" stroke="${SHIRT}" stroke-width="30" stroke-linecap="round"/>`;

/** The character: card, shoulders, neck, head, hair and face; `face` says how it looks. */
function person({ tilt = 0, eyes = 'front', mouth = 'smile' } = {}) {
  const pupil = eyes === 'up' ? -3 : 0;
  const smile =
    mouth === 'smile'
      ? `<path d="M107 121Q120 133 133 121" fill="none" stroke="${INK}" stroke-width="3.2" stroke-linecap="round"/>`
      : `<path d="M112 125Q121 121 129 124" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`;
  const head = `<g transform="rotate(${tilt} 120 140)">
<ellipse cx="82" cy="108" rx="7" ry="9" fill="${SKIN_SHADE}"/><ellipse cx="158" cy="108" rx="7" ry="9" fill="${SKIN_SHADE}"/>
<ellipse cx="120" cy="104" rx="38" ry="42" fill="${SKIN}"/>
<path d="M80 106C76 70 98 56 121 56C146 56 166 72 160 106C157 92 150 84 140 80C126 90 104 92 86 94C84 98 82 102 80 106Z" fill="${HAIR}"/>
<path d="M98 92Q105 88 112 91M128 91Q135 88 142 92" fill="none" stroke="${HAIR}" stroke-width="3" stroke-linecap="round"/>
<circle cx="106" cy="${104 + pupil}" r="4" fill="${INK}"/><circle cx="134" cy="${104 + pupil}" r="4" fill="${INK}"/>
<circle cx="107.3" cy="${102.6 + pupil}" r="1.2" fill="#fff"/><circle cx="135.3" cy="${102.6 + pupil}" r="1.2" fill="#fff"/>
<ellipse cx="97" cy="118" rx="6.5" ry="4" fill="#f08aa7" opacity=".45"/><ellipse cx="143" cy="118" rx="6.5" ry="4" fill="#f08aa7" opacity=".45"/>
<path d="M119 108Q116 114 120 116" fill="none" stroke="${OUTLINE}" stroke-width="2" stroke-linecap="round" opacity=".6"/>
${smile}
</g>`;
  return `<rect width="240" height="240" rx="44" fill="${CARD}"/>
<circle cx="40" cy="48" r="16" fill="#ffe3a6" opacity=".7"/><circle cx="206" cy="206" r="24" fill="#f9c6d8" opacity=".6"/>
<path d="M50 250C50 200 80 176 120 176C160 176 190 200 190 250Z" fill="${SHIRT}"/>
<path d="M104 176Q120 196 136 176" fill="${SHIRT_LIGHT}"/>
<rect x="106" y="136" width="28" height="46" rx="12" fill="${SKIN_SHADE}"/>
${head}`;
}

/** Small rays around a point, to show a gesture at the camera. */
const rays = (x, y) =>
  `<g stroke="${AMBER}" stroke-width="3.5" stroke-linecap="round"><path d="M${x - 14} ${y - 16}l-5 -6"/><path d="M${x} ${y - 21}v-8"/><path d="M${x + 14} ${y - 16}l5 -6"/></g>`;

const POSES = {
  'peace-sign': {
    title: 'A person making a peace sign with one hand next to the face',
    draw: () =>
      person() +
      hand(
        [
          line(194, 210, 188, 140, 20),
          box(172, 106, 32, 32, 11),
          line(181, 110, 172, 70, 10),
          line(194, 110, 202, 71, 10),
          line(173, 126, 188, 118, 9),
        ],
        crease('M192 127h9M192 133h8'),
      ) +
      sleeve(202, 196, 200),
  },
  'thumbs-up': {
    title: 'A person giving a thumbs up beside the face',
    draw: () =>
      person() +
      hand(
        [line(196, 214, 190, 146, 20), box(172, 104, 36, 34, 11), line(180, 108, 180, 72, 12)],
        crease('M186 114h18M186 122h18M186 130h16'),
      ) +
      sleeve(204, 198, 204),
  },
  'hand-on-cheek': {
    title: 'A person resting one hand on the cheek',
    draw: () =>
      person({ tilt: -6 }) +
      hand([
        line(194, 214, 174, 152, 20),
        box(154, 112, 28, 34, 11, -12),
        line(158, 116, 153, 90, 8.5),
        line(165, 114, 162, 86, 8.5),
        line(172, 115, 171, 88, 8.5),
        line(178, 119, 179, 96, 8),
        line(158, 136, 146, 142, 8.5),
      ]) +
      sleeve(204, 194, 206),
  },
  'point-at-camera': {
    title: 'A person pointing one finger at the camera',
    draw: () =>
      person() +
      hand(
        [line(196, 240, 174, 206, 22), box(134, 168, 46, 42, 15, -10), line(146, 180, 140, 170, 24)],
        crease('M156 186h18M157 195h17M158 203h14') +
          `<ellipse cx="138" cy="166" rx="7" ry="5.5" fill="#f8dccb" stroke="${OUTLINE}" stroke-width="1.6"/>` +
          rays(139, 160),
      ) +
      sleeve(208, 200, 228),
  },
  'open-palm': {
    title: 'A person holding one hand up beside the face, palm towards the camera',
    draw: () =>
      person() +
      hand(
        [
          line(198, 214, 192, 146, 20),
          box(176, 104, 34, 36, 12),
          line(180, 108, 174, 76, 9),
          line(189, 106, 187, 70, 9),
          line(198, 106, 200, 72, 9),
          line(206, 110, 212, 82, 8.5),
          line(178, 128, 164, 114, 9),
        ],
        crease('M184 124q9 6 18 0'),
      ) +
      sleeve(206, 200, 206),
  },
  'finger-on-chin': {
    title: 'A person with one finger on the chin, thinking',
    draw: () =>
      person({ eyes: 'up', mouth: 'thinking' }) +
      hand(
        [line(88, 228, 110, 174, 20), box(102, 150, 32, 28, 10), line(126, 154, 124, 136, 9)],
        crease('M106 160h14M106 167h14'),
      ) +
      sleeve(70, 86, 222) +
      `<circle cx="176" cy="64" r="4" fill="${AMBER}"/><circle cx="188" cy="50" r="6" fill="${AMBER}"/>
<circle cx="204" cy="30" r="14" fill="#fff" stroke="${AMBER}" stroke-width="3"/>
<text x="204" y="36" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="18" fill="${SHIRT}">?</text>`,
  },
};

await mkdir(outDir, { recursive: true });
for (const [name, pose] of Object.entries(POSES)) {
  const id = `title-${name}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-labelledby="${id}"><title id="${id}">${pose.title}</title><defs><clipPath id="card-${name}"><rect width="240" height="240" rx="44"/></clipPath></defs><g clip-path="url(#card-${name})">${pose
    .draw()
    .replace(/\n/g, '')}</g></svg>\n`;
  await writeFile(path.join(outDir, `${name}.svg`), svg);
}
console.log(`${Object.keys(POSES).length} poses in ${path.relative(root, outDir)}/`);
