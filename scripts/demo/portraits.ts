import 'server-only';
import sharp from 'sharp';
import type { GENDERS } from '@/lib/shared/schemas/auth';
import type { EYE_COLORS, HAIR_COLORS } from '@/lib/shared/schemas/profile';
import { MAIN_MAX_SIDE, THUMB_SIDE } from '@/lib/server/photos/process-photo';
import { random, type Random } from './random';

// Illustrated portraits of the demo members, drawn as SVG and rendered locally with sharp: one
// "character" (face, skin, hair, eyes) per pool entry, in a few variants (scene, clothes, pose), so
// a member's photos show one person. Nothing is downloaded.

type Gender = (typeof GENDERS)[number];
type HairColor = (typeof HAIR_COLORS)[number];
type EyeColor = (typeof EYE_COLORS)[number];

/** Size of the drawing (inside the MAIN_MAX_SIDE box that uploads are scaled into). */
export const PORTRAIT_SIZE = { width: 800, height: 1000 } as const;

// The hair colours in the order characters take them: the first six cover every colour, the rest
// follow how common each colour is.
const HAIR_CYCLE: readonly HairColor[] = [
  'brown',
  'blonde',
  'black',
  'red',
  'grey',
  'other',
  'brown',
  'black',
  'blonde',
  'brown',
  'grey',
  'black',
  'brown',
  'blonde',
  'red',
  'brown',
  'black',
  'grey',
];

const FEMALE_STYLES = ['long', 'wavy', 'bob', 'bun', 'curly', 'pixie', 'ponytail'] as const;
const MALE_STYLES = ['short', 'sidepart', 'buzz', 'curlyshort', 'swept', 'receding'] as const;
type HairStyle = (typeof FEMALE_STYLES)[number] | (typeof MALE_STYLES)[number];

const SKIN_TONES = [
  '#f7dcc9',
  '#f1c7a9',
  '#e6b390',
  '#d29c76',
  '#b97f5a',
  '#9a6243',
  '#7a4a31',
  '#5c3623',
] as const;

const HAIR_SHADES: Record<Exclude<HairColor, 'other'>, readonly string[]> = {
  black: ['#231c1a', '#2d2420', '#1c1917'],
  brown: ['#5b3a22', '#6e4a2c', '#7d5535', '#4a2f1d'],
  blonde: ['#d9b46a', '#e6c788', '#c99f55', '#ecd49c'],
  red: ['#a8461f', '#b9582a', '#953a1b', '#c66a34'],
  grey: ['#b8b4ad', '#cfccc6', '#9c9891', '#dedbd6'],
};
/** "Other" hair: dyed, in a soft colour. */
const DYED_SHADES = ['#c8729a', '#6d83c4', '#8c6bb5', '#4c9c95', '#d98a5a'] as const;

const EYE_SHADES: Record<EyeColor, string> = {
  brown: '#5e3a1f',
  blue: '#4b86c2',
  green: '#5a8f4f',
  grey: '#7f8c94',
  hazel: '#8a6f37',
  other: '#b07a2a',
};
// Eye colours by how common they are next to each hair colour (lighter hair, lighter eyes).
const EYE_ODDS: Record<HairColor, ReadonlyArray<readonly [EyeColor, number]>> = {
  black: [
    ['brown', 7],
    ['hazel', 2],
    ['green', 1],
    ['grey', 1],
  ],
  brown: [
    ['brown', 4],
    ['hazel', 2],
    ['green', 2],
    ['blue', 2],
    ['grey', 1],
  ],
  blonde: [
    ['blue', 5],
    ['green', 2],
    ['grey', 2],
    ['hazel', 1],
    ['brown', 1],
  ],
  red: [
    ['green', 4],
    ['blue', 3],
    ['hazel', 2],
    ['grey', 1],
  ],
  grey: [
    ['blue', 3],
    ['brown', 3],
    ['grey', 2],
    ['green', 1],
    ['hazel', 1],
  ],
  other: [
    ['brown', 2],
    ['blue', 2],
    ['green', 2],
    ['other', 1],
  ],
};

/** One person of the portrait pool. */
export interface PortraitCharacter {
  index: number;
  gender: Gender;
  hairColor: HairColor;
  eyeColor: EyeColor;
  /** Whether the drawing looks past fifty (grey hair, a few lines). */
  isOlder: boolean;
  skin: string;
  hair: string;
  style: HairStyle;
  faceWidth: number;
  beard: 'none' | 'stubble' | 'full' | 'goatee';
  hasGlasses: boolean;
  hasEarrings: boolean;
  hasFreckles: boolean;
  lips: string;
}

/** The character at `index` of the pool: even indexes are women, odd men. */
export function portraitCharacter(index: number): PortraitCharacter {
  const r = random('portrait-character', index);
  const gender: Gender = index % 2 === 0 ? 'female' : 'male';
  const hairColor = HAIR_CYCLE[Math.floor(index / 2) % HAIR_CYCLE.length] ?? 'brown';
  const skinIndex =
    hairColor === 'red' || hairColor === 'blonde'
      ? r.int(0, 3)
      : hairColor === 'black'
        ? r.int(1, SKIN_TONES.length - 1)
        : r.int(0, SKIN_TONES.length - 2);
  const hair = hairColor === 'other' ? r.pick(DYED_SHADES) : r.pick(HAIR_SHADES[hairColor]);
  const darkSkin = skinIndex >= 5;
  const style: HairStyle =
    gender === 'female'
      ? r.pick(darkSkin ? [...FEMALE_STYLES, 'curly', 'curly'] : FEMALE_STYLES)
      : hairColor === 'grey' && r.chance(0.5)
        ? 'receding'
        : r.pick(
            darkSkin
              ? [...MALE_STYLES.filter((s) => s !== 'receding'), 'curlyshort']
              : MALE_STYLES.slice(0, 5),
          );
  return {
    index,
    gender,
    hairColor,
    eyeColor: r.weighted(EYE_ODDS[hairColor]),
    isOlder: hairColor === 'grey',
    skin: SKIN_TONES[skinIndex] ?? '#e6b390',
    hair,
    style,
    faceWidth: gender === 'female' ? r.int(132, 148) : r.int(142, 158),
    beard:
      gender === 'male'
        ? r.weighted([
            ['none', 4],
            ['stubble', 3],
            ['full', 2],
            ['goatee', 1],
          ] as const)
        : 'none',
    hasGlasses: r.chance(hairColor === 'grey' ? 0.45 : 0.18),
    hasEarrings: gender === 'female' && r.chance(0.55),
    hasFreckles: (hairColor === 'red' && r.chance(0.7)) || r.chance(0.08),
    lips: gender === 'female' ? r.pick(['#c9636b', '#b8505c', '#d77c7c', '#a94f5a']) : '#b5706a',
  };
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

const BACKDROPS = [
  ['#fde2e4', '#fad2e1'],
  ['#e2ece9', '#bee1e6'],
  ['#fff1e6', '#fde2e4'],
  ['#dfe7fd', '#cddafd'],
  ['#e9f5db', '#cfe1b9'],
  ['#ffe5d9', '#ffcad4'],
  ['#d8e2dc', '#ece4db'],
  ['#caf0f8', '#ade8f4'],
  ['#f8edeb', '#fec5bb'],
  ['#ffd6a5', '#ffadad'],
  ['#e4c1f9', '#d0f4de'],
  ['#fdffb6', '#caffbf'],
] as const;

const CLOTHES = [
  '#2f4858',
  '#33658a',
  '#86bbd8',
  '#f26419',
  '#f6ae2d',
  '#758e4f',
  '#9b5de5',
  '#f15bb5',
  '#00a6a6',
  '#e63946',
  '#264653',
  '#e9c46a',
  '#f4f1de',
  '#3d405b',
  '#81b29a',
  '#e07a5f',
] as const;

// ---------------------------------------------------------------------------------------------
// Drawing. The canvas is 800×1000; the face is centred at x 400, from the hairline near y 250 to
// the chin near y 650.

const CX = 400;

interface Pose {
  tilt: number;
  smile: 'soft' | 'open' | 'grin';
  clothes: string;
  neckline: 'crew' | 'vneck' | 'collar' | 'scoop' | 'hoodie';
  scene: 'bokeh' | 'outdoors' | 'room' | 'plain';
  backdrop: readonly [string, string];
  shiftX: number;
}

function pose(character: PortraitCharacter, variant: number): Pose {
  const r = random('portrait-pose', character.index, variant);
  const female = character.gender === 'female';
  const necklines = female
    ? (['crew', 'vneck', 'scoop', 'scoop', 'collar', 'hoodie'] as const)
    : (['crew', 'vneck', 'collar', 'collar', 'hoodie'] as const);
  return {
    tilt: r.int(-6, 6),
    smile: r.pick(['soft', 'open', 'grin', 'soft'] as const),
    clothes: r.pick(CLOTHES),
    neckline: r.pick(necklines),
    scene: (['bokeh', 'outdoors', 'room', 'plain'] as const)[(character.index + variant) % 4] ?? 'plain',
    backdrop: r.pick(BACKDROPS),
    shiftX: r.int(-30, 30),
  };
}

function background(p: Pose, r: Random): string {
  const [a, b] = p.backdrop;
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fc6ea"/><stop offset="1" stop-color="#e9f6ff"/></linearGradient></defs>`,
  ];
  if (p.scene === 'outdoors') {
    parts.push('<rect width="800" height="1000" fill="url(#sky)"/>');
    parts.push(
      `<circle cx="${r.int(120, 680)}" cy="${r.int(120, 220)}" r="60" fill="#fff6c9" opacity="0.9"/>`,
    );
    for (let i = 0; i < 3; i += 1) {
      const x = r.int(40, 700);
      const y = r.int(80, 300);
      parts.push(
        `<g fill="#ffffff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="70" ry="26"/><ellipse cx="${x + 40}" cy="${y - 18}" rx="46" ry="30"/><ellipse cx="${x - 35}" cy="${y - 8}" rx="36" ry="22"/></g>`,
      );
    }
    const water = r.chance(0.5);
    parts.push(
      water
        ? '<rect y="640" width="800" height="360" fill="#5fa8d3"/><rect y="640" width="800" height="14" fill="#8ecae6" opacity="0.7"/><path d="M0 760 Q200 740 400 770 T800 760 L800 1000 L0 1000Z" fill="#f2dca6"/>'
        : `<path d="M0 700 Q180 600 380 680 T800 650 L800 1000 L0 1000Z" fill="#9cc58a"/><path d="M0 780 Q260 700 520 770 T800 760 L800 1000 L0 1000Z" fill="#7fb069"/>`,
    );
  } else if (p.scene === 'room') {
    parts.push(`<rect width="800" height="1000" fill="${a}"/>`);
    parts.push(`<rect x="0" y="820" width="800" height="180" fill="${shade(b, -0.08)}"/>`);
    const fx = r.chance(0.5) ? 60 : 560;
    parts.push(
      `<rect x="${fx}" y="140" width="170" height="220" rx="6" fill="#ffffff" stroke="${shade(a, -0.35)}" stroke-width="10"/><path d="M${fx + 15} 340 L${fx + 70} 250 L${fx + 110} 300 L${fx + 135} 270 L${fx + 160} 340Z" fill="${shade(b, -0.2)}"/><circle cx="${fx + 120}" cy="200" r="20" fill="${shade(b, -0.1)}"/>`,
    );
    const px = fx < 400 ? 650 : 70;
    parts.push(
      `<g><path d="M${px} 820 l20 -120 l40 0 l20 120Z" fill="#c9826b"/><g fill="#5c9c5c"><ellipse cx="${px + 40}" cy="650" rx="26" ry="60"/><ellipse cx="${px + 5}" cy="675" rx="20" ry="48" transform="rotate(-30 ${px + 5} 675)"/><ellipse cx="${px + 75}" cy="675" rx="20" ry="48" transform="rotate(30 ${px + 75} 675)"/></g></g>`,
    );
  } else {
    parts.push('<rect width="800" height="1000" fill="url(#bg)"/>');
    if (p.scene === 'bokeh') {
      for (let i = 0; i < 9; i += 1) {
        parts.push(
          `<circle cx="${r.int(0, 800)}" cy="${r.int(0, 1000)}" r="${r.int(30, 130)}" fill="#ffffff" opacity="${(0.12 + r.next() * 0.22).toFixed(2)}"/>`,
        );
      }
    }
  }
  return parts.join('');
}

function body(c: PortraitCharacter, p: Pose): string {
  const female = c.gender === 'female';
  const w = female ? 250 : 290;
  const top = 760;
  const skinShadow = shade(c.skin, -0.12);
  const torso = `M${CX - w - 30} 1000 C${CX - w - 20} 870 ${CX - w + 60} ${top + 10} ${CX - 80} ${top} L${CX + 80} ${top} C${CX + w - 60} ${top + 10} ${CX + w + 20} 870 ${CX + w + 30} 1000Z`;
  const parts = [
    // neck
    `<path d="M${CX - 58} 560 L${CX - 60} ${top + 20} Q${CX} ${top + 60} ${CX + 60} ${top + 20} L${CX + 58} 560Z" fill="${c.skin}"/>`,
    `<path d="M${CX - 58} 600 Q${CX} 680 ${CX + 58} 600 L${CX + 58} 640 Q${CX} 700 ${CX - 58} 640Z" fill="${skinShadow}" opacity="0.7"/>`,
    `<path d="${torso}" fill="${p.clothes}"/>`,
  ];
  const trim = shade(p.clothes, -0.18);
  switch (p.neckline) {
    case 'crew':
      parts.push(
        `<path d="M${CX - 82} ${top} Q${CX} ${top + 70} ${CX + 82} ${top}" fill="${c.skin}" stroke="${trim}" stroke-width="12"/>`,
      );
      break;
    case 'vneck':
      parts.push(
        `<path d="M${CX - 84} ${top} L${CX} ${top + 120} L${CX + 84} ${top}Z" fill="${c.skin}" stroke="${trim}" stroke-width="10" stroke-linejoin="round"/>`,
      );
      break;
    case 'scoop':
      parts.push(
        `<path d="M${CX - 120} ${top + 4} Q${CX} ${top + 130} ${CX + 120} ${top + 4}Z" fill="${c.skin}" stroke="${trim}" stroke-width="8"/>`,
      );
      break;
    case 'collar': {
      const shirt = ['#ffffff', '#dbe7f3', '#f3e9dc'][c.index % 3] ?? '#ffffff';
      parts.push(
        `<path d="M${CX - 70} ${top - 4} L${CX} ${top + 90} L${CX + 70} ${top - 4}Z" fill="${c.skin}"/>`,
        `<path d="M${CX - 75} ${top - 8} L${CX - 120} ${top + 50} L${CX - 10} ${top + 96}Z" fill="${shirt}" stroke="${shade(shirt, -0.15)}" stroke-width="4" stroke-linejoin="round"/>`,
        `<path d="M${CX + 75} ${top - 8} L${CX + 120} ${top + 50} L${CX + 10} ${top + 96}Z" fill="${shirt}" stroke="${shade(shirt, -0.15)}" stroke-width="4" stroke-linejoin="round"/>`,
      );
      break;
    }
    case 'hoodie':
      parts.push(
        `<path d="M${CX - 150} ${top + 10} Q${CX} ${top + 140} ${CX + 150} ${top + 10} Q${CX} ${top + 60} ${CX - 150} ${top + 10}Z" fill="${trim}"/>`,
        `<path d="M${CX - 80} ${top} Q${CX} ${top + 60} ${CX + 80} ${top}" fill="${c.skin}"/>`,
        `<path d="M${CX - 35} ${top + 75} l-6 110 M${CX + 35} ${top + 75} l6 110" stroke="#f4f1de" stroke-width="7" stroke-linecap="round"/>`,
      );
      break;
  }
  if (female && p.neckline !== 'hoodie' && c.hasEarrings) {
    parts.push(
      `<path d="M${CX - 95} ${top + 40} Q${CX} ${top + 150} ${CX + 95} ${top + 40}" fill="none" stroke="#e8c872" stroke-width="3"/><circle cx="${CX}" cy="${top + 97}" r="7" fill="#e8c872"/>`,
    );
  }
  return parts.join('');
}

function facePath(c: PortraitCharacter): string {
  const fw = c.faceWidth;
  const chin = c.gender === 'female' ? 0.42 : 0.55;
  return `M${CX - fw} 430 C${CX - fw} 300 ${CX - fw * 0.62} 245 ${CX} 245 C${CX + fw * 0.62} 245 ${CX + fw} 300 ${CX + fw} 430 C${CX + fw} 545 ${CX + fw * chin} 648 ${CX} 652 C${CX - fw * chin} 648 ${CX - fw} 545 ${CX - fw} 430Z`;
}

function hairBack(c: PortraitCharacter): string {
  const fw = c.faceWidth;
  const h = c.hair;
  const dark = shade(h, -0.2);
  switch (c.style) {
    case 'long':
      return `<path d="M${CX - fw - 34} 420 C${CX - fw - 50} 120 ${CX + fw + 50} 120 ${CX + fw + 34} 420 L${CX + fw + 62} 860 Q${CX} 905 ${CX - fw - 62} 860Z" fill="${dark}"/>`;
    case 'wavy':
      return `<path d="M${CX - fw - 36} 420 C${CX - fw - 56} 115 ${CX + fw + 56} 115 ${CX + fw + 36} 420 C${CX + fw + 80} 520 ${CX + fw + 30} 600 ${CX + fw + 70} 700 C${CX + fw + 100} 780 ${CX + fw + 40} 830 ${CX + fw + 60} 880 Q${CX} 920 ${CX - fw - 60} 880 C${CX - fw - 40} 830 ${CX - fw - 100} 780 ${CX - fw - 70} 700 C${CX - fw - 30} 600 ${CX - fw - 80} 520 ${CX - fw - 36} 420Z" fill="${dark}"/>`;
    case 'bob':
      return `<path d="M${CX - fw - 38} 420 C${CX - fw - 50} 120 ${CX + fw + 50} 120 ${CX + fw + 38} 420 L${CX + fw + 44} 640 Q${CX + fw + 10} 668 ${CX + fw - 30} 650 L${CX - fw + 30} 650 Q${CX - fw - 10} 668 ${CX - fw - 44} 640Z" fill="${dark}"/>`;
    case 'curly': {
      const blobs: string[] = [];
      for (let a = 0; a < 360; a += 24) {
        const rad = (a * Math.PI) / 180;
        const x = CX + Math.cos(rad) * (fw + 40);
        const y = 400 + Math.sin(rad) * (fw + 70) * (Math.sin(rad) > 0 ? 0.75 : 1);
        blobs.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${64}"/>`);
      }
      return `<g fill="${dark}"><ellipse cx="${CX}" cy="400" rx="${fw + 70}" ry="${fw + 95}"/>${blobs.join('')}</g>`;
    }
    case 'ponytail':
      return `<path d="M${CX + fw - 10} 300 C${CX + fw + 120} 300 ${CX + fw + 110} 560 ${CX + fw + 60} 720 C${CX + fw + 30} 620 ${CX + fw + 40} 420 ${CX + fw - 40} 360Z" fill="${dark}"/>`;
    case 'bun':
      return `<circle cx="${CX}" cy="215" r="70" fill="${h}"/><path d="M${CX - 50} 200 Q${CX} 170 ${CX + 50} 200" stroke="${dark}" stroke-width="6" fill="none" opacity="0.6"/>`;
    case 'swept':
      return `<path d="M${CX - fw - 20} 420 C${CX - fw - 30} 150 ${CX + fw + 30} 150 ${CX + fw + 20} 420 L${CX + fw + 24} 520 L${CX - fw - 24} 520Z" fill="${dark}"/>`;
    default:
      return '';
  }
}

function hairFront(c: PortraitCharacter): string {
  const fw = c.faceWidth;
  const h = c.hair;
  const light = shade(h, 0.22);
  const dark = shade(h, -0.2);
  const strand = (d: string) =>
    `<path d="${d}" fill="none" stroke="${light}" stroke-width="5" stroke-linecap="round" opacity="0.55"/>`;
  switch (c.style) {
    case 'long':
    case 'wavy':
    case 'ponytail':
      return [
        `<path d="M${CX - fw - 14} 470 C${CX - fw - 40} 125 ${CX + fw + 40} 120 ${CX + fw + 14} 470 C${CX + fw - 10} 370 ${CX + 60} 300 ${CX - 30} 318 C${CX - 90} 330 ${CX - fw + 20} 370 ${CX - fw - 14} 470Z" fill="${h}"/>`,
        strand(`M${CX - 60} 240 C${CX + 20} 250 ${CX + 90} 290 ${CX + fw - 10} 380`),
        strand(`M${CX - fw + 10} 360 C${CX - fw + 20} 300 ${CX - 40} 250 ${CX + 10} 246`),
      ].join('');
    case 'bob':
      return [
        `<path d="M${CX - fw - 20} 480 C${CX - fw - 40} 125 ${CX + fw + 40} 125 ${CX + fw + 20} 480 C${CX + fw} 400 ${CX + fw - 10} 350 ${CX + fw - 30} 340 L${CX - fw + 30} 340 C${CX - fw + 10} 350 ${CX - fw} 400 ${CX - fw - 20} 480Z" fill="${h}"/>`,
        `<path d="M${CX - fw + 40} 340 L${CX - fw + 50} 300 M${CX - 60} 342 L${CX - 55} 290 M${CX + 40} 342 L${CX + 38} 292 M${CX + fw - 40} 340 L${CX + fw - 50} 300" stroke="${dark}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>`,
      ].join('');
    case 'bun':
      return `<path d="M${CX - fw - 8} 440 C${CX - fw - 20} 150 ${CX + fw + 20} 150 ${CX + fw + 8} 440 C${CX + fw - 20} 330 ${CX + 40} 290 ${CX} 292 C${CX - 40} 290 ${CX - fw + 20} 330 ${CX - fw - 8} 440Z" fill="${h}"/>${strand(`M${CX - 90} 265 Q${CX} 240 ${CX + 90} 265`)}`;
    case 'curly': {
      const curls: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        const x = CX - fw + 10 + (i * (2 * fw - 20)) / 8;
        const y = 300 - Math.sin((i / 8) * Math.PI) * 45;
        curls.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="40"/>`);
      }
      return `<g fill="${h}">${curls.join('')}</g>`;
    }
    case 'pixie':
      return [
        `<path d="M${CX - fw - 14} 460 C${CX - fw - 34} 130 ${CX + fw + 34} 125 ${CX + fw + 14} 430 C${CX + fw - 20} 360 ${CX + fw - 60} 330 ${CX + 20} 320 C${CX - 40} 330 ${CX - 100} 380 ${CX - fw + 10} 400 L${CX - fw - 6} 480Z" fill="${h}"/>`,
        strand(`M${CX - 70} 250 C${CX} 250 ${CX + 80} 280 ${CX + 120} 330`),
      ].join('');
    case 'short':
      return `<path d="M${CX - fw - 6} 450 C${CX - fw - 24} 140 ${CX + fw + 24} 140 ${CX + fw + 6} 450 L${CX + fw - 6} 380 C${CX + fw - 30} 330 ${CX + 40} 320 ${CX} 322 C${CX - 60} 320 ${CX - fw + 30} 330 ${CX - fw + 6} 380Z" fill="${h}"/>${strand(`M${CX - 70} 262 Q${CX} 245 ${CX + 80} 270`)}`;
    case 'sidepart':
      return `<path d="M${CX - fw - 6} 450 C${CX - fw - 24} 135 ${CX + fw + 30} 135 ${CX + fw + 6} 450 L${CX + fw - 4} 370 C${CX + fw - 40} 320 ${CX - 10} 330 ${CX - 50} 300 L${CX - 70} 330 C${CX - 100} 340 ${CX - fw + 20} 350 ${CX - fw + 6} 390Z" fill="${h}"/><path d="M${CX - 52} 300 Q${CX - 60} 260 ${CX - 56} 232" stroke="${dark}" stroke-width="5" fill="none" stroke-linecap="round"/>${strand(`M${CX - 30} 262 C${CX + 40} 250 ${CX + 100} 280 ${CX + 130} 330`)}`;
    case 'buzz':
      return `<path d="M${CX - fw - 2} 420 C${CX - fw - 14} 160 ${CX + fw + 14} 160 ${CX + fw + 2} 420 C${CX + fw - 10} 360 ${CX + fw - 40} 320 ${CX} 318 C${CX - fw + 40} 320 ${CX - fw + 10} 360 ${CX - fw - 2} 420Z" fill="${h}" opacity="0.8"/>`;
    case 'curlyshort': {
      const curls: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const x = CX - fw + 20 + (i * (2 * fw - 40)) / 7;
        const y = 285 - Math.sin((i / 7) * Math.PI) * 40;
        curls.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="34"/>`);
      }
      return `<g fill="${h}"><path d="M${CX - fw} 420 C${CX - fw - 10} 160 ${CX + fw + 10} 160 ${CX + fw} 420 L${CX + fw - 10} 330 L${CX - fw + 10} 330Z"/>${curls.join('')}</g>`;
    }
    case 'swept':
      return `<path d="M${CX - fw - 10} 460 C${CX - fw - 30} 125 ${CX + fw + 40} 120 ${CX + fw + 10} 460 C${CX + fw - 10} 380 ${CX + fw - 30} 300 ${CX + 40} 300 C${CX - 20} 300 ${CX - 80} 360 ${CX - fw + 10} 350 L${CX - fw - 4} 470Z" fill="${h}"/>${strand(`M${CX - 80} 250 C${CX} 240 ${CX + 90} 260 ${CX + 130} 320`)}`;
    case 'receding':
      return `<path d="M${CX - fw - 6} 470 C${CX - fw - 14} 380 ${CX - fw + 10} 320 ${CX - fw + 40} 300 L${CX - fw + 30} 380 Z" fill="${h}"/><path d="M${CX + fw + 6} 470 C${CX + fw + 14} 380 ${CX + fw - 10} 320 ${CX + fw - 40} 300 L${CX + fw - 30} 380 Z" fill="${h}"/><path d="M${CX - 60} 262 Q${CX} 250 ${CX + 60} 262" stroke="${h}" stroke-width="8" fill="none" opacity="0.5" stroke-linecap="round"/>`;
  }
}

function eye(x: number, c: PortraitCharacter, id: string): string {
  const y = 440;
  const almond = `M${x - 30} ${y} Q${x} ${y - 34} ${x + 30} ${y} Q${x} ${y + 22} ${x - 30} ${y}Z`;
  const iris = EYE_SHADES[c.eyeColor];
  const lash = c.gender === 'female' ? 5 : 3.5;
  const flick =
    c.gender === 'female'
      ? `<path d="M${x + (x < CX ? -29 : 29)} ${y - 1} l${x < CX ? -10 : 10} -8" stroke="#2a211d" stroke-width="4" stroke-linecap="round"/>`
      : '';
  return [
    `<clipPath id="${id}"><path d="${almond}"/></clipPath>`,
    `<path d="${almond}" fill="#fdfcfa"/>`,
    `<g clip-path="url(#${id})"><circle cx="${x}" cy="${y - 2}" r="14" fill="${iris}"/><circle cx="${x}" cy="${y - 2}" r="14" fill="none" stroke="${shade(iris, -0.35)}" stroke-width="2"/><circle cx="${x}" cy="${y - 2}" r="6.5" fill="#1d1715"/><circle cx="${x + 5}" cy="${y - 8}" r="3.5" fill="#ffffff"/></g>`,
    `<path d="M${x - 31} ${y} Q${x} ${y - 35} ${x + 31} ${y}" fill="none" stroke="#2a211d" stroke-width="${lash}" stroke-linecap="round"/>`,
    flick,
  ].join('');
}

function face(c: PortraitCharacter, p: Pose): string {
  const fw = c.faceWidth;
  const skinShadow = shade(c.skin, -0.14);
  // Dyed hair keeps natural brows and beard.
  const natural = c.hairColor === 'other' ? '#4a2f1d' : c.hair;
  const brow =
    c.hairColor === 'blonde' || c.hairColor === 'grey' ? shade(natural, -0.45) : shade(natural, -0.1);
  const browWidth = c.gender === 'female' ? 7 : 10;
  const parts = [
    // ears
    `<ellipse cx="${CX - fw + 2}" cy="455" rx="22" ry="38" fill="${skinShadow}"/><ellipse cx="${CX + fw - 2}" cy="455" rx="22" ry="38" fill="${skinShadow}"/>`,
    c.hasEarrings
      ? `<circle cx="${CX - fw + 2}" cy="500" r="8" fill="#e8c872"/><circle cx="${CX + fw - 2}" cy="500" r="8" fill="#e8c872"/>`
      : '',
    `<path d="${facePath(c)}" fill="${c.skin}"/>`,
    // cheeks
    `<ellipse cx="${CX - 88}" cy="525" rx="32" ry="20" fill="#ff7b7b" opacity="${c.gender === 'female' ? 0.2 : 0.1}"/><ellipse cx="${CX + 88}" cy="525" rx="32" ry="20" fill="#ff7b7b" opacity="${c.gender === 'female' ? 0.2 : 0.1}"/>`,
    eye(CX - 62, c, `eyeL${c.index}`),
    eye(CX + 62, c, `eyeR${c.index}`),
    // brows
    `<path d="M${CX - 96} 398 Q${CX - 64} ${c.gender === 'female' ? 378 : 384} ${CX - 30} 394" stroke="${brow}" stroke-width="${browWidth}" fill="none" stroke-linecap="round"/>`,
    `<path d="M${CX + 30} 394 Q${CX + 64} ${c.gender === 'female' ? 378 : 384} ${CX + 96} 398" stroke="${brow}" stroke-width="${browWidth}" fill="none" stroke-linecap="round"/>`,
    // nose
    `<path d="M${CX - 4} 455 Q${CX - 18} 510 ${CX - 6} 522" stroke="${skinShadow}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<path d="M${CX - 20} 524 Q${CX} 536 ${CX + 20} 524" stroke="${skinShadow}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  ];
  if (c.hasFreckles) {
    const r = random('freckles', c.index);
    for (let i = 0; i < 14; i += 1) {
      const side = i % 2 === 0 ? -1 : 1;
      parts.push(
        `<circle cx="${CX + side * r.int(40, 105)}" cy="${r.int(480, 525)}" r="2.6" fill="${shade(c.skin, -0.3)}" opacity="0.6"/>`,
      );
    }
  }
  if (c.isOlder) {
    parts.push(
      `<path d="M${CX - 108} 430 l-12 -6 M${CX - 108} 440 l-13 4 M${CX + 108} 430 l12 -6 M${CX + 108} 440 l13 4" stroke="${skinShadow}" stroke-width="3" stroke-linecap="round"/>`,
      `<path d="M${CX - 60} 545 Q${CX - 72} 575 ${CX - 58} 600 M${CX + 60} 545 Q${CX + 72} 575 ${CX + 58} 600" stroke="${skinShadow}" stroke-width="3.5" fill="none" stroke-linecap="round" opacity="0.7"/>`,
    );
  }
  // mouth
  const m = 585;
  if (p.smile === 'soft') {
    parts.push(
      `<path d="M${CX - 42} ${m - 4} Q${CX} ${m + 26} ${CX + 42} ${m - 4} Q${CX} ${m + 8} ${CX - 42} ${m - 4}Z" fill="${c.lips}"/>`,
    );
  } else {
    const width = p.smile === 'grin' ? 52 : 44;
    parts.push(
      `<path d="M${CX - width} ${m - 8} Q${CX} ${m - 2} ${CX + width} ${m - 8} Q${CX} ${m + 44} ${CX - width} ${m - 8}Z" fill="#7a2e35"/>`,
      `<path d="M${CX - width + 6} ${m - 6} Q${CX} ${m} ${CX + width - 6} ${m - 6} Q${CX} ${m + 14} ${CX - width + 6} ${m - 6}Z" fill="#ffffff"/>`,
      `<path d="M${CX - width} ${m - 8} Q${CX} ${m - 2} ${CX + width} ${m - 8} Q${CX} ${m + 44} ${CX - width} ${m - 8}Z" fill="none" stroke="${c.lips}" stroke-width="6" stroke-linejoin="round"/>`,
    );
  }
  // facial hair
  const beardColor = natural;
  if (c.beard === 'stubble') {
    parts.push(
      `<path d="M${CX - fw + 6} 480 C${CX - fw + 20} 600 ${CX - 50} 652 ${CX} 652 C${CX + 50} 652 ${CX + fw - 20} 600 ${CX + fw - 6} 480 C${CX + fw - 40} 560 ${CX + 60} 560 ${CX} 558 C${CX - 60} 560 ${CX - fw + 40} 560 ${CX - fw + 6} 480Z" fill="${beardColor}" opacity="0.28"/>`,
    );
  } else if (c.beard === 'full') {
    parts.push(
      `<path d="M${CX - fw + 2} 470 C${CX - fw + 10} 640 ${CX - 60} 690 ${CX} 692 C${CX + 60} 690 ${CX + fw - 10} 640 ${CX + fw - 2} 470 C${CX + fw - 40} 560 ${CX + 60} 550 ${CX} 552 C${CX - 60} 550 ${CX - fw + 40} 560 ${CX - fw + 2} 470Z M${CX - 50} 600 Q${CX} 640 ${CX + 50} 600 Q${CX} 612 ${CX - 50} 600Z" fill="${beardColor}" fill-rule="evenodd"/>`,
      `<path d="M${CX - 58} 565 Q${CX} 545 ${CX + 58} 565 Q${CX + 40} 580 ${CX} 572 Q${CX - 40} 580 ${CX - 58} 565Z" fill="${beardColor}"/>`,
    );
  } else if (c.beard === 'goatee') {
    parts.push(
      `<path d="M${CX - 56} 566 Q${CX} 546 ${CX + 56} 566 Q${CX + 40} 578 ${CX} 571 Q${CX - 40} 578 ${CX - 56} 566Z" fill="${beardColor}"/>`,
      `<path d="M${CX - 34} 620 Q${CX} 612 ${CX + 34} 620 Q${CX + 30} 660 ${CX} 664 Q${CX - 30} 660 ${CX - 34} 620Z" fill="${beardColor}"/>`,
    );
  }
  if (c.hasGlasses) {
    const frame = c.isOlder ? '#6b5b4e' : '#2b2b2b';
    parts.push(
      `<g fill="#ffffff" fill-opacity="0.12" stroke="${frame}" stroke-width="6"><rect x="${CX - 112}" y="405" width="92" height="70" rx="22"/><rect x="${CX + 20}" y="405" width="92" height="70" rx="22"/></g><path d="M${CX - 20} 430 Q${CX} 420 ${CX + 20} 430 M${CX - 112} 428 L${CX - fw} 420 M${CX + 112} 428 L${CX + fw} 420" stroke="${frame}" stroke-width="6" fill="none"/>`,
    );
  }
  return parts.join('');
}

/** The SVG of one variant of a character. */
export function portraitSvg(character: PortraitCharacter, variant: number): string {
  const p = pose(character, variant);
  const r = random('portrait-scene', character.index, variant);
  const { width, height } = PORTRAIT_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 1000">`,
    background(p, r),
    // The figure, a little larger than drawn, standing on the bottom edge.
    `<g transform="translate(${p.shiftX} 0) translate(400 1000) scale(1.1) translate(-400 -1000)">`,
    body(character, p),
    `<g transform="rotate(${p.tilt} ${CX} 700)">`,
    hairBack(character),
    face(character, p),
    hairFront(character),
    '</g></g></svg>',
  ].join('');
}

export interface RenderedPortrait {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Renders one variant as uploads end up stored: a JPEG main image inside MAIN_MAX_SIDE and a
 * THUMB_SIDE square thumbnail. The drawing is made once and encoded twice.
 */
export async function renderPortrait(
  character: PortraitCharacter,
  variant: number,
): Promise<RenderedPortrait> {
  const { data, info } = await sharp(Buffer.from(portraitSvg(character, variant)))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = () => sharp(data, { raw: info });
  const [main, thumb] = await Promise.all([
    image()
      .resize(MAIN_MAX_SIDE, MAIN_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true }),
    image()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  return { main: main.data, thumb, width: main.info.width, height: main.info.height };
}
