// Writes the animated GIF catalogue shipped with the app (public/gifs/<id>.svg, 160 × 160): reaction
// pictures drawn for Lovelane in one style (a soft tile, rounded faces and symbols in warm colours), each
// with a looping CSS animation that stops for people who ask for reduced motion. The ids must match
// lib/server/gifs/catalogue-items.ts, which holds each picture's keywords in every language.
// Run it after changing a drawing: node scripts/gifs/make-gif-catalogue.mjs
import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'public/gifs');
const SIZE = 160;

const COLORS = {
  face: ['#ffe08a', '#ffb300'],
  pink: ['#ff9cc2', '#e0407f'],
  rose: ['#ff6f91', '#c2185b'],
  red: ['#ff7a7a', '#d12b45'],
  amber: ['#ffd978', '#ffb300'],
  orange: ['#ffc46b', '#ff7a1a'],
  sky: ['#bfe6ff', '#6fa8e0'],
  night: ['#5b4b8a', '#2a2150'],
  lilac: ['#e2c4ff', '#a779e0'],
  leaf: ['#a9e08a', '#4d9a3c'],
  cream: ['#fffaf2', '#f3e2cc'],
  brown: ['#c98c5a', '#7a4a2a'],
  grey: ['#f3eef5', '#b9b0bf'],
  berry: ['#d05b8f', '#8f1849'],
  purple: ['#b58cff', '#6b3fc4'],
};

/** Tile backgrounds: a pale wash behind each picture. */
const TILES = {
  warm: ['#fff4dc', '#ffe1ec'],
  pink: ['#ffe6f0', '#ffd0e2'],
  sky: ['#e6f4ff', '#d8e8ff'],
  night: ['#3a3160', '#1e1a3a'],
  mint: ['#e8f8ec', '#d3f0dc'],
  lilac: ['#f1e6ff', '#e4d4ff'],
  sun: ['#fff6cc', '#ffe2a8'],
};

const INK = '#3a2418';

// Animations, applied by class; transform-box makes origins relative to each shape.
const CSS = `
.a{transform-box:fill-box;transform-origin:center}
.bounce{animation:bounce 1.2s cubic-bezier(.3,0,.3,1) infinite}
@keyframes bounce{0%,100%{transform:translateY(0)}50%{transform:translateY(-10px)}}
.pulse{animation:pulse 1.1s ease-in-out infinite}
@keyframes pulse{0%,100%{transform:scale(1)}30%{transform:scale(1.14)}60%{transform:scale(.98)}}
.wave{animation:wave 1s ease-in-out infinite;transform-origin:50% 100%}
@keyframes wave{0%,100%{transform:rotate(-14deg)}50%{transform:rotate(16deg)}}
.shake{animation:shake .8s ease-in-out infinite}
@keyframes shake{0%,100%{transform:rotate(0)}25%{transform:rotate(-8deg)}75%{transform:rotate(8deg)}}
.tilt{animation:tilt 2.4s ease-in-out infinite}
@keyframes tilt{0%,100%{transform:rotate(-6deg)}50%{transform:rotate(6deg)}}
.spin{animation:spin 6s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
.float{animation:float 2.6s ease-in-out infinite}
@keyframes float{0%,100%{transform:translateY(0)}50%{transform:translateY(-7px)}}
.rise{animation:rise 2.4s ease-out infinite}
@keyframes rise{0%{opacity:0;transform:translateY(16px) scale(.6)}25%{opacity:1}100%{opacity:0;transform:translateY(-40px) scale(1.1)}}
.blink{animation:blink 3s steps(1) infinite}
@keyframes blink{0%,92%{transform:scaleY(1)}93%,97%{transform:scaleY(.1)}}
.twinkle{animation:twinkle 1.6s ease-in-out infinite}
@keyframes twinkle{0%,100%{opacity:.2;transform:scale(.6)}50%{opacity:1;transform:scale(1)}}
.pop{animation:pop 1.6s cubic-bezier(.2,1.4,.4,1) infinite}
@keyframes pop{0%{transform:scale(.4);opacity:0}20%{transform:scale(1.1);opacity:1}80%{transform:scale(1);opacity:1}100%{transform:scale(1);opacity:0}}
.fall{animation:fall 1.4s linear infinite}
@keyframes fall{0%{opacity:0;transform:translateY(-10px)}20%{opacity:1}100%{opacity:0;transform:translateY(26px)}}
.flame{animation:flame .7s ease-in-out infinite alternate;transform-origin:50% 100%}
@keyframes flame{from{transform:scale(1,1) skewX(-3deg)}to{transform:scale(.92,1.1) skewX(3deg)}}
.d1{animation-delay:.2s}.d2{animation-delay:.4s}.d3{animation-delay:.6s}.d4{animation-delay:.8s}.d5{animation-delay:1s}
@media (prefers-reduced-motion:reduce){*{animation:none!important}}
`.replace(/\n/g, '');

const grad = (id, [top, bottom]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const heart = (cx, cy, s, fill, cls = '') =>
  `<path class="a ${cls}" fill="${fill}" d="M${cx} ${cy + 14 * s}C${cx - 4 * s} ${cy + 10 * s} ${cx - 16 * s} ${cy + 2 * s} ${cx - 16 * s} ${cy - 6 * s}C${cx - 16 * s} ${cy - 13 * s} ${cx - 10 * s} ${cy - 17 * s} ${cx - 5 * s} ${cy - 16 * s}C${cx - 2 * s} ${cy - 15.5 * s} ${cx} ${cy - 13 * s} ${cx} ${cy - 11 * s}C${cx} ${cy - 13 * s} ${cx + 2 * s} ${cy - 15.5 * s} ${cx + 5 * s} ${cy - 16 * s}C${cx + 10 * s} ${cy - 17 * s} ${cx + 16 * s} ${cy - 13 * s} ${cx + 16 * s} ${cy - 6 * s}C${cx + 16 * s} ${cy + 2 * s} ${cx + 4 * s} ${cy + 10 * s} ${cx} ${cy + 14 * s}Z"/>`;
const sparkle = (x, y, r, fill = '#ffd24d', cls = '') =>
  `<path class="a twinkle ${cls}" fill="${fill}" d="M${x} ${y - r}Q${x + r * 0.2} ${y - r * 0.2} ${x + r} ${y}Q${x + r * 0.2} ${y + r * 0.2} ${x} ${y + r}Q${x - r * 0.2} ${y + r * 0.2} ${x - r} ${y}Q${x - r * 0.2} ${y - r * 0.2} ${x} ${y - r}Z"/>`;
const text = (x, y, size, content, fill = '#c2185b', cls = '') =>
  `<text class="a ${cls}" x="${x}" y="${y}" font-family="'Arial Rounded MT Bold','Trebuchet MS',Arial,sans-serif" font-weight="800" font-size="${size}" text-anchor="middle" fill="${fill}" stroke="#fff" stroke-width="${size / 9}" paint-order="stroke">${content}</text>`;

// Faces: a round face and parts placed on it (centre 80,84, radius 44).
const EYES = {
  dots: `<g class="a blink"><ellipse cx="64" cy="76" rx="5" ry="7" fill="${INK}"/><ellipse cx="96" cy="76" rx="5" ry="7" fill="${INK}"/></g>`,
  happy: `<path d="M56 78Q64 68 72 78M88 78Q96 68 104 78" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  wink: `<ellipse cx="64" cy="76" rx="5" ry="7" fill="${INK}"/><path class="a blink" d="M88 78Q96 72 104 78" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  closed: `<path d="M56 76Q64 82 72 76M88 76Q96 82 104 76" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  wide: `<circle cx="64" cy="74" r="10" fill="#fff"/><circle cx="96" cy="74" r="10" fill="#fff"/><circle cx="64" cy="74" r="5" fill="${INK}"/><circle cx="96" cy="74" r="5" fill="${INK}"/>`,
  hearts: `${heart(64, 76, 0.62, '#e0407f', 'pulse')}${heart(96, 76, 0.62, '#e0407f', 'pulse d1')}`,
  sad: `<ellipse cx="64" cy="78" rx="5" ry="6" fill="${INK}"/><ellipse cx="96" cy="78" rx="5" ry="6" fill="${INK}"/><path d="M54 66L72 62M106 66L88 62" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
  angry: `<ellipse cx="64" cy="80" rx="5" ry="5" fill="${INK}"/><ellipse cx="96" cy="80" rx="5" ry="5" fill="${INK}"/><path d="M54 66L74 72M106 66L86 72" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
  shades: `<path d="M46 68H114V74Q112 90 98 90Q86 90 84 76H76Q74 90 62 90Q48 90 46 74Z" fill="#1f1a24"/><path d="M54 72L62 72" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6"/>`,
  side: `<ellipse cx="70" cy="74" rx="5" ry="7" fill="${INK}"/><ellipse cx="102" cy="74" rx="5" ry="7" fill="${INK}"/><path d="M60 62L74 64M94 62L106 58" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
  sleepy: `<path d="M56 78H72M88 78H104" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
};
const MOUTHS = {
  smile: `<path d="M62 98Q80 114 98 98" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  grin: `<path d="M58 94Q80 96 102 94Q100 118 80 118Q60 118 58 94Z" fill="${INK}"/><path d="M64 108Q80 120 96 108Q90 116 80 116Q70 116 64 108Z" fill="#ff6f91"/>`,
  laugh: `<path d="M54 92Q80 96 106 92Q104 124 80 124Q56 124 54 92Z" fill="${INK}"/><path d="M58 94H102V98H58Z" fill="#fff"/><path d="M64 112Q80 126 96 112Q90 122 80 122Q70 122 64 112Z" fill="#ff6f91"/>`,
  o: `<ellipse cx="80" cy="106" rx="9" ry="11" fill="${INK}"/>`,
  kiss: `<path d="M76 96Q86 100 78 104Q86 108 76 112" stroke="${INK}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`,
  frown: `<path d="M64 110Q80 96 96 110" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  flat: `<path d="M66 104H94" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
  tongue: `<path d="M60 96Q80 110 100 96" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M76 102Q76 120 86 120Q96 120 94 100Z" fill="#ff6f91" stroke="${INK}" stroke-width="3"/>`,
  smirk: `<path d="M66 104Q84 110 98 96" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  wavy: `<path d="M62 106Q67 100 72 106Q77 112 82 106Q87 100 92 106Q97 112 100 106" stroke="${INK}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`,
  pout: `<path d="M68 110Q80 100 92 110" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
};
const BLUSH = `<ellipse cx="54" cy="94" rx="8" ry="5" fill="#ff6f91" opacity=".55"/><ellipse cx="106" cy="94" rx="8" ry="5" fill="#ff6f91" opacity=".55"/>`;

function face({ eyes, mouth, blush = false, extra = '', front = '', motion = 'bounce', skin = 'face' }) {
  return {
    uses: [skin],
    art: `<g class="a ${motion}"><circle cx="80" cy="84" r="46" fill="url(#${skin})"/><ellipse cx="66" cy="56" rx="16" ry="8" fill="#fff" opacity=".35" transform="rotate(-20 66 56)"/>${extra}${EYES[eyes]}${MOUTHS[mouth]}${blush ? BLUSH : ''}${front}</g>`,
  };
}

const hand = (fill = 'url(#amber)') =>
  `<path d="M58 128V80Q58 72 65 72Q72 72 72 80V60Q72 52 79 52Q86 52 86 60V56Q86 48 93 48Q100 48 100 56V66Q100 60 106 60Q113 60 113 68V104Q113 132 86 132H72Q58 132 58 128Z" fill="${fill}" stroke="#e0a100" stroke-width="2"/><path d="M58 96Q48 84 40 88Q34 92 40 100L58 122" fill="${fill}" stroke="#e0a100" stroke-width="2"/>`;

const ITEMS = {
  wave: {
    tile: 'sun',
    uses: ['amber'],
    art: `<g class="a wave">${hand()}</g><path class="a twinkle" d="M118 44Q128 50 128 62M124 34Q140 44 140 62" stroke="#e0a100" stroke-width="4" fill="none" stroke-linecap="round"/><path class="a twinkle d2" d="M40 44Q30 50 30 62M34 34Q18 44 18 62" stroke="#e0a100" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
  hello: {
    tile: 'pink',
    uses: ['rose'],
    art: `<g class="a pop"><path d="M24 40Q24 26 38 26H122Q136 26 136 40V96Q136 110 122 110H64L40 130L46 110H38Q24 110 24 96Z" fill="url(#rose)"/>${text(72, 86, 46, 'Hi', '#fff')}${heart(114, 66, 0.55, '#fff', 'pulse')}</g>${sparkle(136, 124, 8)}`,
  },
  hearts: {
    tile: 'pink',
    uses: ['rose', 'pink'],
    art: `${heart(80, 88, 2.4, 'url(#rose)', 'pulse')}${heart(34, 120, 0.8, 'url(#pink)', 'rise')}${heart(126, 118, 0.7, 'url(#pink)', 'rise d2')}${heart(100, 130, 0.5, 'url(#rose)', 'rise d4')}${heart(54, 132, 0.5, 'url(#rose)', 'rise d3')}`,
  },
  'love-you': {
    tile: 'pink',
    uses: ['rose'],
    art: `${heart(80, 80, 2.9, 'url(#rose)', 'pulse')}${text(80, 88, 30, 'I ♥ U', '#fff', 'pulse')}${sparkle(30, 32, 8)}${sparkle(132, 128, 7, '#ffd24d', 'd3')}`,
  },
  'heart-eyes': { tile: 'pink', ...face({ eyes: 'hearts', mouth: 'grin', blush: true }) },
  laugh: {
    tile: 'sun',
    ...face({
      eyes: 'happy',
      mouth: 'laugh',
      motion: 'shake',
      extra: `<path class="a fall" d="M50 84Q44 96 50 100Q56 96 50 84Z" fill="#6fc3ff"/><path class="a fall d3" d="M110 84Q104 96 110 100Q116 96 110 84Z" fill="#6fc3ff"/>`,
    }),
  },
  lol: {
    tile: 'sun',
    uses: ['amber'],
    art: `<g class="a shake">${text(80, 100, 58, 'LOL', '#c2185b')}</g>${sparkle(28, 36, 8)}${sparkle(134, 40, 6, '#ffd24d', 'd2')}${sparkle(128, 128, 7, '#ff6f91', 'd4')}`,
  },
  wink: { tile: 'warm', ...face({ eyes: 'wink', mouth: 'smirk', blush: true, motion: 'tilt' }) },
  blush: {
    tile: 'pink',
    ...face({
      eyes: 'closed',
      mouth: 'smile',
      motion: 'tilt',
      front: `<g class="a pulse"><ellipse cx="54" cy="94" rx="11" ry="7" fill="#ff4f87" opacity=".6"/><ellipse cx="106" cy="94" rx="11" ry="7" fill="#ff4f87" opacity=".6"/></g>`,
    }),
  },
  kiss: {
    tile: 'pink',
    ...face({
      eyes: 'wink',
      mouth: 'kiss',
      blush: true,
      motion: 'tilt',
      front: heart(118, 100, 0.7, '#e0407f', 'rise'),
    }),
  },
  lips: {
    tile: 'pink',
    uses: ['rose', 'red'],
    art: `<g class="a pulse"><path d="M30 80Q50 54 68 64Q74 58 80 62Q86 58 92 64Q110 54 130 80Q110 84 92 82Q86 80 80 82Q74 80 68 82Q50 84 30 80Z" fill="url(#red)"/><path d="M30 80Q56 88 80 86Q104 88 130 80Q118 114 80 114Q42 114 30 80Z" fill="url(#rose)"/><ellipse cx="58" cy="96" rx="10" ry="3" fill="#fff" opacity=".5"/></g>${heart(132, 42, 0.6, '#e0407f', 'rise')}`,
  },
  xoxo: {
    tile: 'pink',
    uses: ['rose'],
    art: `<g class="a pulse">${text(80, 96, 40, 'XOXO', '#c2185b')}</g>${heart(36, 40, 0.6, '#ff6f91', 'twinkle')}${heart(124, 128, 0.6, '#ff6f91', 'twinkle d3')}`,
  },
  hug: {
    tile: 'warm',
    uses: ['face', 'amber'],
    art: `<g class="a pulse"><circle cx="80" cy="80" r="44" fill="url(#face)"/>${EYES.closed.replace(/76/g, '72')}${MOUTHS.smile.replace(/98/g, '92').replace(/114/g, '108')}${BLUSH.replace(/94/g, '88')}<path d="M34 108Q44 92 60 100Q66 104 62 112Q52 124 40 122Q30 118 34 108Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/><path d="M126 108Q116 92 100 100Q94 104 98 112Q108 124 120 122Q130 118 126 108Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/></g>${heart(80, 136, 0.5, '#e0407f', 'twinkle')}`,
  },
  fire: {
    tile: 'sun',
    uses: ['orange', 'amber', 'red'],
    art: `<g class="a flame"><path d="M80 18Q104 50 110 70Q126 62 122 44Q142 74 136 100Q128 140 80 142Q32 140 24 100Q20 72 42 52Q40 72 54 78Q52 46 80 18Z" fill="url(#red)"/><path d="M80 58Q98 84 100 100Q104 128 80 132Q56 128 60 100Q62 88 72 80Q72 96 80 98Q76 78 80 58Z" fill="url(#orange)"/><path d="M80 96Q90 110 88 120Q86 128 80 128Q74 128 72 120Q72 110 80 96Z" fill="#ffe39a"/></g>`,
  },
  party: {
    tile: 'lilac',
    uses: ['amber', 'rose'],
    art: `<path d="M36 136L64 60L112 108Z" fill="url(#amber)"/><path d="M50 98L76 120M44 116L60 128M58 78L92 110" stroke="#c2185b" stroke-width="6"/>${[
      [96, 44, '#ff6f91', ''],
      [124, 64, '#6fa8e0', 'd1'],
      [110, 24, '#4d9a3c', 'd2'],
      [136, 36, '#ffb300', 'd3'],
      [80, 28, '#a779e0', 'd4'],
      [132, 92, '#ff6f91', 'd5'],
    ]
      .map(
        ([x, y, c, d]) =>
          `<rect class="a pop ${d}" x="${x}" y="${y}" width="10" height="6" rx="2" fill="${c}" transform="rotate(${x % 60} ${x} ${y})"/>`,
      )
      .join(
        '',
      )}<path class="a pop d2" d="M84 62Q96 50 90 38" stroke="#6fa8e0" stroke-width="4" fill="none" stroke-linecap="round"/><path class="a pop d4" d="M104 80Q118 74 128 80" stroke="#ff6f91" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
  'thumbs-up': {
    tile: 'mint',
    uses: ['amber'],
    art: `<g class="a bounce"><path d="M52 76H64V130H52Q44 130 44 122V84Q44 76 52 76Z" fill="#6fa8e0"/><path d="M64 78L84 44Q88 34 96 38Q104 42 100 56L96 70H122Q134 70 132 82L124 120Q122 130 110 130H64Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/></g>${sparkle(132, 34, 8)}${sparkle(32, 44, 6, '#ffd24d', 'd3')}`,
  },
  ok: {
    tile: 'mint',
    uses: ['leaf'],
    art: `<g class="a pop"><circle cx="80" cy="80" r="50" fill="url(#leaf)"/>${text(80, 96, 40, 'OK', '#fff')}</g>`,
  },
  yes: {
    tile: 'mint',
    uses: ['leaf'],
    art: `<g class="a bounce"><circle cx="80" cy="72" r="40" fill="url(#leaf)"/><path d="M60 72L74 86L102 58" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>${text(80, 144, 30, 'YES!', '#2f6b3f')}`,
  },
  no: {
    tile: 'pink',
    uses: ['red'],
    art: `<g class="a shake"><circle cx="80" cy="72" r="40" fill="url(#red)"/><path d="M64 56L96 88M96 56L64 88" stroke="#fff" stroke-width="10" stroke-linecap="round"/></g>${text(80, 144, 30, 'NO', '#a0134b')}`,
  },
  clap: {
    tile: 'sun',
    uses: ['amber'],
    art: `<g class="a shake"><path d="M40 118L62 52Q66 42 74 46Q80 50 76 60L70 78L92 40Q96 32 104 36Q110 40 106 50L96 72Q110 64 116 74Q120 82 110 96L88 128Q78 140 62 136Q44 132 40 118Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/></g><path class="a pop" d="M118 36L126 24M128 48L142 44M110 26L110 12" stroke="#e0a100" stroke-width="4" stroke-linecap="round"/>`,
  },
  flex: {
    tile: 'warm',
    uses: ['amber'],
    art: `<g class="a pulse"><path d="M30 130Q26 96 44 82Q60 70 74 80L78 56Q70 50 72 40Q76 28 90 30Q106 34 104 48L98 84Q122 78 132 98Q140 120 120 132Q90 142 30 130Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/><path d="M104 100Q114 96 120 104" stroke="#e0a100" stroke-width="3" fill="none" stroke-linecap="round"/></g>${sparkle(132, 40, 8)}`,
  },
  facepalm: {
    tile: 'sky',
    ...face({
      eyes: 'closed',
      mouth: 'wavy',
      motion: 'tilt',
      front: `<path d="M52 124L66 62Q68 54 76 56Q82 58 80 66L78 76Q80 60 90 62Q98 64 94 76Q98 68 106 72Q112 76 106 90Q100 110 84 128Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/>`,
    }),
    uses: ['face', 'amber'],
  },
  shrug: {
    tile: 'lilac',
    ...face({
      eyes: 'side',
      mouth: 'smirk',
      motion: 'tilt',
      front: `<path d="M20 100Q18 84 30 86L40 96M140 100Q142 84 130 86L120 96" stroke="#e0a100" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>${text(138, 50, 26, '?', '#6b3fc4', 'pop')}`,
    }),
  },
  omg: {
    tile: 'lilac',
    uses: ['purple'],
    art: `<g class="a shake">${text(80, 100, 56, 'OMG', '#6b3fc4')}</g>${sparkle(30, 36, 8)}${sparkle(132, 124, 8, '#ff6f91', 'd2')}`,
  },
  surprised: { tile: 'sky', ...face({ eyes: 'wide', mouth: 'o', motion: 'pulse' }) },
  thinking: {
    tile: 'sky',
    ...face({
      eyes: 'side',
      mouth: 'flat',
      motion: 'tilt',
      front: `<path d="M70 126Q62 116 72 112L96 114Q104 116 100 122Q96 128 86 128Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/>`,
    }),
    uses: ['face', 'amber'],
  },
  question: {
    tile: 'sky',
    uses: ['sky', 'purple'],
    art: `${text(56, 110, 86, '?', '#6fa8e0', 'bounce')}${text(106, 110, 86, '?', '#6b3fc4', 'bounce d2')}`,
  },
  cool: { tile: 'sun', ...face({ eyes: 'shades', mouth: 'smirk', motion: 'tilt' }) },
  sad: {
    tile: 'sky',
    ...face({
      eyes: 'sad',
      mouth: 'frown',
      motion: 'float',
      extra: `<path class="a fall" d="M62 88Q56 100 62 104Q68 100 62 88Z" fill="#6fc3ff"/><path class="a fall d3" d="M98 88Q92 100 98 104Q104 100 98 88Z" fill="#6fc3ff"/>`,
    }),
  },
  'miss-you': {
    tile: 'lilac',
    ...face({
      eyes: 'sad',
      mouth: 'pout',
      motion: 'float',
      front: `${heart(124, 48, 0.8, '#e0407f', 'pulse')}<path class="a fall" d="M62 88Q56 100 62 104Q68 100 62 88Z" fill="#6fc3ff"/>`,
    }),
  },
  'broken-heart': {
    tile: 'lilac',
    uses: ['rose'],
    art: `<g class="a shake"><path d="M78 134C60 122 28 102 28 70C28 50 42 38 58 38C68 38 76 44 80 50L72 72L86 86L76 104Z" fill="url(#rose)"/><path d="M86 134C104 122 132 102 132 70C132 50 118 38 102 38C94 38 88 42 84 48L78 72L92 86L82 104Z" fill="url(#rose)"/></g>`,
  },
  heartbeat: {
    tile: 'pink',
    uses: ['rose'],
    css: '.line{stroke-dasharray:260;stroke-dashoffset:260;animation:draw 1.8s linear infinite}@keyframes draw{to{stroke-dashoffset:-260}}',
    art: `${heart(80, 74, 2.2, 'url(#rose)', 'pulse')}<path class="line" d="M10 120H50L60 100L72 140L84 96L94 120H150" stroke="#c2185b" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  sleepy: {
    tile: 'night',
    ...face({
      eyes: 'sleepy',
      mouth: 'o',
      motion: 'float',
      front: `${text(124, 56, 22, 'z', '#e2c4ff', 'rise')}${text(134, 40, 16, 'z', '#e2c4ff', 'rise d3')}`,
    }),
  },
  zzz: {
    tile: 'night',
    uses: ['lilac'],
    art: `${text(52, 124, 44, 'Z', '#e2c4ff', 'rise')}${text(86, 96, 36, 'Z', '#e2c4ff', 'rise d2')}${text(114, 70, 28, 'Z', '#e2c4ff', 'rise d4')}`,
  },
  'good-morning': {
    tile: 'sun',
    uses: ['amber', 'cream', 'brown'],
    art: `<g class="a float"><circle cx="80" cy="84" r="30" fill="url(#amber)"/><g class="a spin" style="transform-origin:80px 84px;transform-box:view-box">${Array.from({ length: 8 }, (_, i) => `<rect x="77" y="34" width="6" height="14" rx="3" fill="#ffb300" transform="rotate(${i * 45} 80 84)"/>`).join('')}</g></g><path d="M0 118Q40 104 80 114Q120 124 160 110V160H0Z" fill="#ffd0a8"/><path d="M96 118H128L126 140Q125 146 118 146H106Q99 146 98 140Z" fill="url(#cream)"/><path d="M128 124Q138 124 136 132Q134 138 127 138" stroke="#f3e2cc" stroke-width="4" fill="none"/><path class="a rise" d="M108 112Q104 104 108 98" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><path class="a rise d3" d="M118 112Q114 104 118 98" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  },
  'good-night': {
    tile: 'night',
    uses: ['amber'],
    art: `<g class="a tilt"><path d="M96 30A50 50 0 1 0 130 108A40 40 0 1 1 96 30Z" fill="url(#amber)"/><path d="M80 86Q84 90 88 86M98 100Q104 104 108 98" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/></g>${sparkle(124, 36, 7, '#fff')}${sparkle(136, 70, 5, '#fff', 'd2')}${sparkle(30, 30, 5, '#fff', 'd4')}${text(114, 136, 22, 'z', '#e2c4ff', 'rise')}`,
  },
  'thank-you': {
    tile: 'warm',
    uses: ['amber', 'rose'],
    art: `<g class="a pulse"><path d="M78 38Q70 36 66 46L46 108Q42 122 52 130L72 140Q78 142 78 134Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/><path d="M82 38Q90 36 94 46L114 108Q118 122 108 130L88 140Q82 142 82 134Z" fill="url(#amber)" stroke="#e0a100" stroke-width="2"/></g>${heart(36, 46, 0.7, 'url(#rose)', 'rise')}${heart(124, 50, 0.6, 'url(#rose)', 'rise d3')}${sparkle(128, 110, 7)}`,
  },
  angel: {
    tile: 'sky',
    ...face({
      eyes: 'closed',
      mouth: 'smile',
      blush: true,
      motion: 'float',
      extra: '',
      front: `<ellipse class="a pulse" cx="80" cy="30" rx="30" ry="8" fill="none" stroke="#ffd24d" stroke-width="6"/>`,
    }),
  },
  cheeky: {
    tile: 'lilac',
    ...face({
      eyes: 'wink',
      mouth: 'smirk',
      skin: 'purple',
      motion: 'tilt',
      extra: `<path d="M44 56L38 28L62 44Z" fill="#6b3fc4"/><path d="M116 56L122 28L98 44Z" fill="#6b3fc4"/>`,
    }),
  },
  silly: { tile: 'warm', ...face({ eyes: 'wink', mouth: 'tongue', motion: 'shake' }) },
  nervous: {
    tile: 'sky',
    ...face({
      eyes: 'wide',
      mouth: 'wavy',
      motion: 'shake',
      front: `<path class="a fall" d="M120 52Q112 66 120 70Q128 66 120 52Z" fill="#6fc3ff"/>`,
    }),
  },
  grumpy: { tile: 'warm', ...face({ eyes: 'angry', mouth: 'pout', skin: 'orange', motion: 'shake' }) },
  eyes: {
    tile: 'lilac',
    uses: ['cream'],
    css: '.look{animation:look 2.4s ease-in-out infinite}@keyframes look{0%,100%{transform:translateX(-7px)}50%{transform:translateX(7px)}}',
    art: `<ellipse cx="54" cy="80" rx="24" ry="32" fill="url(#cream)" stroke="${INK}" stroke-width="3"/><ellipse cx="106" cy="80" rx="24" ry="32" fill="url(#cream)" stroke="${INK}" stroke-width="3"/><g class="look"><circle cx="54" cy="84" r="11" fill="${INK}"/><circle cx="106" cy="84" r="11" fill="${INK}"/><circle cx="50" cy="80" r="3" fill="#fff"/><circle cx="102" cy="80" r="3" fill="#fff"/></g>`,
  },
  stars: {
    tile: 'night',
    uses: ['amber'],
    art: `${sparkle(80, 80, 34, 'url(#amber)')}${sparkle(36, 40, 14, '#ffe39a', 'd2')}${sparkle(126, 46, 12, '#ffe39a', 'd3')}${sparkle(120, 124, 16, '#ffe39a', 'd4')}${sparkle(36, 122, 10, '#ffe39a', 'd1')}`,
  },
  rainbow: {
    tile: 'sky',
    uses: ['cream'],
    art: `<g class="a float">${['#ff6f91', '#ffb300', '#ffe066', '#7bd389', '#6fa8e0', '#a779e0']
      .map(
        (c, i) =>
          `<path d="M${22 + i * 8} 116A${58 - i * 8} ${58 - i * 8} 0 0 1 ${138 - i * 8} 116" stroke="${c}" stroke-width="8" fill="none"/>`,
      )
      .join(
        '',
      )}<ellipse cx="30" cy="118" rx="20" ry="12" fill="url(#cream)"/><ellipse cx="130" cy="118" rx="20" ry="12" fill="url(#cream)"/></g>`,
  },
  sun: {
    tile: 'sun',
    uses: ['amber'],
    art: `<g class="a spin" style="transform-origin:80px 80px;transform-box:view-box">${Array.from({ length: 12 }, (_, i) => `<path d="M80 10L88 30H72Z" fill="#ffb300" transform="rotate(${i * 30} 80 80)"/>`).join('')}</g><circle cx="80" cy="80" r="40" fill="url(#amber)"/>${EYES.happy.replace(/78/g, '76').replace(/68/g, '66')}${MOUTHS.smile.replace(/98/g, '92').replace(/114/g, '106')}${BLUSH.replace(/94/g, '88')}`,
  },
  moon: {
    tile: 'night',
    uses: ['amber'],
    art: `<g class="a float"><circle cx="80" cy="80" r="44" fill="url(#amber)"/><circle cx="64" cy="64" r="8" fill="#e0a100" opacity=".35"/><circle cx="98" cy="96" r="12" fill="#e0a100" opacity=".3"/><circle cx="96" cy="58" r="5" fill="#e0a100" opacity=".35"/></g>${sparkle(24, 30, 6, '#fff')}${sparkle(136, 130, 6, '#fff', 'd3')}${sparkle(140, 30, 4, '#fff', 'd2')}`,
  },
  rain: {
    tile: 'sky',
    uses: ['grey'],
    art: `<g class="a float"><path d="M38 92Q22 92 22 76Q22 60 40 60Q44 38 68 38Q88 38 96 54Q104 46 116 50Q134 56 132 74Q144 78 140 90Q136 98 124 98H44Z" fill="url(#grey)"/></g>${[
      [48, ''],
      [72, 'd2'],
      [96, 'd4'],
      [120, 'd1'],
      [60, 'd3'],
      [108, 'd5'],
    ]
      .map(
        ([x, d]) =>
          `<path class="a fall ${d}" d="M${x} 108Q${x - 5} 118 ${x} 122Q${x + 5} 118 ${x} 108Z" fill="#6fa8e0"/>`,
      )
      .join('')}`,
  },
  snow: {
    tile: 'sky',
    uses: ['sky'],
    art: `<g class="a spin" style="transform-origin:80px 80px;transform-box:view-box">${Array.from(
      { length: 6 },
      (_, i) =>
        `<g transform="rotate(${i * 60} 80 80)"><path d="M80 80V28M80 44L68 34M80 44L92 34M80 60L70 52M80 60L90 52" stroke="#6fa8e0" stroke-width="6" stroke-linecap="round"/></g>`,
    ).join('')}<circle cx="80" cy="80" r="8" fill="#fff"/></g>`,
  },
  music: {
    tile: 'lilac',
    uses: ['purple', 'rose'],
    art: `<g class="a bounce"><path d="M50 120V56L110 42V106" stroke="url(#purple)" stroke-width="8" fill="none" stroke-linejoin="round"/><path d="M50 56L110 42V58L50 72Z" fill="url(#purple)"/><ellipse cx="40" cy="120" rx="14" ry="10" fill="url(#purple)"/><ellipse cx="100" cy="106" rx="14" ry="10" fill="url(#purple)"/></g><g class="a rise d2"><path d="M128 80V58Q136 60 140 66" stroke="#c2185b" stroke-width="4" fill="none"/><ellipse cx="124" cy="82" rx="6" ry="4.5" fill="#c2185b"/></g>`,
  },
  dance: {
    tile: 'night',
    uses: ['grey', 'lilac'],
    art: `<path d="M80 0V30" stroke="#b9b0bf" stroke-width="3"/><g class="a spin" style="transform-origin:80px 76px;transform-box:view-box"><circle cx="80" cy="76" r="44" fill="url(#grey)"/>${Array.from(
      { length: 5 },
      (_, r) =>
        Array.from({ length: 5 }, (_, c) => {
          const x = 48 + c * 16;
          const y = 44 + r * 16;
          const inside = (x + 6 - 80) ** 2 + (y + 6 - 76) ** 2 < 40 * 40;
          return inside
            ? `<rect x="${x}" y="${y}" width="13" height="13" rx="2" fill="${(r + c) % 2 ? '#e2c4ff' : '#fff'}" opacity=".8"/>`
            : '';
        }).join(''),
    ).join(
      '',
    )}</g>${sparkle(28, 126, 9, '#ff6f91')}${sparkle(134, 128, 9, '#6fa8e0', 'd2')}${sparkle(136, 34, 7, '#ffd24d', 'd4')}`,
  },
  coffee: {
    tile: 'warm',
    uses: ['cream', 'brown', 'rose'],
    art: `<path class="a rise" d="M66 50Q60 40 66 30" stroke="#b9b0bf" stroke-width="4" fill="none" stroke-linecap="round"/><path class="a rise d3" d="M88 50Q82 40 88 30" stroke="#b9b0bf" stroke-width="4" fill="none" stroke-linecap="round"/><g class="a tilt"><path d="M38 64H116L108 124Q106 136 94 136H60Q48 136 46 124Z" fill="url(#cream)"/><path d="M114 78Q134 78 132 94Q130 110 110 108" stroke="#f3e2cc" stroke-width="8" fill="none"/><ellipse cx="77" cy="64" rx="39" ry="8" fill="url(#brown)"/>${heart(77, 102, 0.9, 'url(#rose)')}</g>`,
  },
  cheers: {
    tile: 'lilac',
    uses: ['berry'],
    css: '.l{animation:cl 1.4s ease-in-out infinite;transform-box:fill-box;transform-origin:50% 100%}.r{animation:cr 1.4s ease-in-out infinite;transform-box:fill-box;transform-origin:50% 100%}@keyframes cl{0%,100%{transform:rotate(-4deg)}50%{transform:rotate(10deg)}}@keyframes cr{0%,100%{transform:rotate(4deg)}50%{transform:rotate(-10deg)}}',
    art: `<g class="l"><path d="M30 36H70Q72 74 50 80Q28 74 30 36Z" fill="#fff" opacity=".6" stroke="#b9b0bf" stroke-width="3"/><path d="M31 54H69Q67 74 50 78Q33 74 31 54Z" fill="url(#berry)"/><path d="M50 80V124M36 128H64" stroke="#b9b0bf" stroke-width="5" stroke-linecap="round"/></g><g class="r"><path d="M90 36H130Q132 74 110 80Q88 74 90 36Z" fill="#fff" opacity=".6" stroke="#b9b0bf" stroke-width="3"/><path d="M91 54H129Q127 74 110 78Q93 74 91 54Z" fill="url(#berry)"/><path d="M110 80V124M96 128H124" stroke="#b9b0bf" stroke-width="5" stroke-linecap="round"/></g>${sparkle(80, 26, 9)}`,
  },
  beer: {
    tile: 'sun',
    uses: ['amber', 'cream'],
    art: `<g class="a tilt"><rect x="40" y="44" width="64" height="92" rx="10" fill="url(#amber)"/><path d="M104 62Q128 62 128 84Q128 108 104 108" stroke="#e0a100" stroke-width="10" fill="none"/><path d="M36 48Q36 28 56 32Q64 20 78 28Q92 20 102 34Q116 34 108 52Z" fill="url(#cream)"/><circle class="a rise" cx="60" cy="110" r="3" fill="#fff"/><circle class="a rise d2" cx="80" cy="120" r="2.5" fill="#fff"/><circle class="a rise d4" cx="70" cy="100" r="2" fill="#fff"/></g>`,
  },
  pizza: {
    tile: 'warm',
    uses: ['amber', 'orange'],
    art: `<g class="a bounce"><path d="M80 140L30 40Q80 20 130 40Z" fill="url(#amber)"/><path d="M30 40Q80 20 130 40L126 50Q80 30 34 50Z" fill="#c98c5a"/><circle cx="70" cy="62" r="9" fill="#d12b45"/><circle cx="96" cy="70" r="8" fill="#d12b45"/><circle cx="80" cy="98" r="8" fill="#d12b45"/><circle cx="62" cy="84" r="3" fill="#4d9a3c"/><circle cx="92" cy="90" r="3" fill="#4d9a3c"/></g>`,
  },
  popcorn: {
    tile: 'lilac',
    uses: ['cream'],
    art: `${[
      [56, 44, ''],
      [80, 36, 'd2'],
      [104, 44, 'd4'],
      [68, 30, 'd1'],
      [92, 28, 'd3'],
    ]
      .map(
        ([x, y, d]) =>
          `<circle class="a bounce ${d}" cx="${x}" cy="${y}" r="14" fill="url(#cream)" stroke="#f3d9a0" stroke-width="2"/>`,
      )
      .join(
        '',
      )}<path d="M40 52H120L110 140H50Z" fill="#fff"/><path d="M52 52L58 140H70L66 52ZM80 52V140H92L94 52ZM108 52L102 140H110L120 52Z" fill="#d12b45"/>`,
  },
  cake: {
    tile: 'pink',
    uses: ['pink', 'cream', 'amber'],
    art: `<rect x="32" y="84" width="96" height="50" rx="10" fill="url(#pink)"/><rect x="44" y="60" width="72" height="30" rx="8" fill="url(#cream)"/><path d="M32 96Q44 108 56 96Q68 108 80 96Q92 108 104 96Q116 108 128 96V92H32Z" fill="#fffaf2"/>${[
      62, 80, 98,
    ]
      .map(
        (x, i) =>
          `<rect x="${x - 3}" y="40" width="6" height="20" rx="2" fill="#6fa8e0"/><path class="flame d${i + 1}" style="transform-box:fill-box" d="M${x} 24Q${x + 7} 32 ${x} 40Q${x - 7} 32 ${x} 24Z" fill="url(#amber)"/>`,
      )
      .join('')}`,
  },
  gift: {
    tile: 'pink',
    uses: ['rose', 'amber'],
    art: `<g class="a shake" style="transform-origin:80px 140px;transform-box:view-box"><rect x="36" y="70" width="88" height="66" rx="8" fill="url(#rose)"/><rect x="30" y="56" width="100" height="20" rx="6" fill="#a0134b"/><rect x="72" y="56" width="16" height="80" fill="url(#amber)"/><path d="M80 56C66 32 42 38 50 52C56 60 72 58 80 56ZM80 56C94 32 118 38 110 52C104 60 88 58 80 56Z" fill="url(#amber)"/></g>${sparkle(136, 40, 8)}${sparkle(22, 96, 6, '#ffd24d', 'd3')}`,
  },
  rose: {
    tile: 'pink',
    uses: ['rose', 'leaf'],
    art: `<g class="a tilt" style="transform-origin:80px 150px;transform-box:view-box"><path d="M80 80V148" stroke="#4d9a3c" stroke-width="6" stroke-linecap="round"/><path d="M80 120C66 114 56 118 52 128C64 134 74 130 80 120Z" fill="url(#leaf)"/><path d="M54 52C54 32 70 24 80 30C90 24 106 32 106 52C106 72 94 84 80 84C66 84 54 72 54 52Z" fill="url(#rose)"/><path d="M66 50C68 40 78 38 84 42C76 42 72 48 72 56C72 62 80 68 88 64C80 72 66 68 66 50Z" fill="#8f1849" opacity=".5"/></g>${sparkle(126, 40, 8)}`,
  },
  cat: {
    tile: 'warm',
    uses: ['orange', 'cream'],
    css: '.tail{animation:tail 1.2s ease-in-out infinite;transform-box:fill-box;transform-origin:0% 100%}@keyframes tail{0%,100%{transform:rotate(-10deg)}50%{transform:rotate(14deg)}}',
    art: `<path class="tail" d="M112 128Q140 120 136 90Q134 76 124 80" stroke="#ff7a1a" stroke-width="10" fill="none" stroke-linecap="round"/><ellipse cx="80" cy="118" rx="36" ry="26" fill="url(#orange)"/><g class="a tilt"><path d="M44 56L46 20L70 42ZM116 56L114 20L90 42Z" fill="url(#orange)"/><path d="M50 46L52 30L62 40ZM110 46L108 30L98 40Z" fill="#ff9cc2"/><ellipse cx="80" cy="70" rx="40" ry="34" fill="url(#orange)"/>${EYES.happy.replace(/78/g, '68').replace(/68(?=M| |")/g, '60')}<path d="M76 80L80 84L84 80Z" fill="#c2185b"/><path d="M80 84Q74 92 68 88M80 84Q86 92 92 88" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M40 76H56M40 84L56 82M120 76H104M120 84L104 82" stroke="${INK}" stroke-width="2" stroke-linecap="round"/></g>`,
  },
  dog: {
    tile: 'mint',
    uses: ['brown', 'cream'],
    art: `<g class="a bounce"><ellipse cx="80" cy="82" rx="42" ry="40" fill="url(#cream)"/><g class="a shake" style="transform-origin:46px 46px;transform-box:view-box"><path d="M44 44Q22 46 24 84Q28 100 44 90Z" fill="url(#brown)"/></g><g class="a shake d2" style="transform-origin:114px 46px;transform-box:view-box"><path d="M116 44Q138 46 136 84Q132 100 116 90Z" fill="url(#brown)"/></g><ellipse cx="98" cy="70" rx="14" ry="12" fill="#c98c5a" opacity=".5"/><circle cx="66" cy="74" r="5" fill="${INK}"/><circle cx="94" cy="74" r="5" fill="${INK}"/><ellipse cx="80" cy="92" rx="9" ry="6" fill="${INK}"/><path d="M80 98Q80 106 72 108M80 98Q80 106 88 108" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M76 108Q80 124 88 110Z" fill="#ff6f91"/></g>`,
  },
  rocket: {
    tile: 'night',
    uses: ['grey', 'red', 'orange'],
    art: `<g class="a shake"><g transform="rotate(40 80 80)"><path class="flame" d="M68 120Q80 150 92 120Z" fill="url(#orange)"/><path d="M80 16Q104 40 104 80V118H56V80Q56 40 80 16Z" fill="url(#grey)"/><path d="M56 92L40 118H56ZM104 92L120 118H104Z" fill="url(#red)"/><circle cx="80" cy="66" r="12" fill="#6fa8e0" stroke="#fff" stroke-width="4"/></g></g>${sparkle(28, 36, 6, '#fff')}${sparkle(36, 120, 5, '#fff', 'd3')}`,
  },
  hundred: {
    tile: 'warm',
    uses: ['red'],
    art: `<g class="a pulse">${text(80, 96, 64, '100', '#d12b45')}<path d="M28 112H132M36 122H124" stroke="#d12b45" stroke-width="6" stroke-linecap="round"/></g>`,
  },
  crown: {
    tile: 'lilac',
    uses: ['amber', 'rose'],
    art: `<g class="a float"><path d="M24 60L52 88L80 44L108 88L136 60L124 124H36Z" fill="url(#amber)" stroke="#ffe39a" stroke-width="4" stroke-linejoin="round"/><circle cx="80" cy="104" r="9" fill="url(#rose)"/><circle cx="24" cy="60" r="6" fill="#ffe39a"/><circle cx="80" cy="44" r="6" fill="#ffe39a"/><circle cx="136" cy="60" r="6" fill="#ffe39a"/></g>${sparkle(136, 28, 9)}${sparkle(24, 26, 6, '#ffd24d', 'd3')}`,
  },
  ghost: {
    tile: 'lilac',
    uses: ['cream'],
    art: `<g class="a float"><path d="M36 136V72Q36 28 80 28Q124 28 124 72V136L110 124L96 136L80 124L64 136L50 124Z" fill="url(#cream)"/>${EYES.dots.replace(/76/g, '70')}<ellipse cx="80" cy="96" rx="9" ry="11" fill="${INK}"/></g>${text(128, 40, 20, 'boo', '#6b3fc4', 'pop')}`,
  },
  beach: {
    tile: 'sky',
    uses: ['amber', 'leaf', 'brown'],
    art: `<circle cx="124" cy="38" r="16" fill="url(#amber)"/><path d="M0 126Q40 116 80 124Q120 132 160 120V160H0Z" fill="#ffd978"/><path d="M0 140Q40 128 80 138Q120 148 160 134V160H0Z" fill="#6fa8e0" class="a float"/><g class="a tilt" style="transform-origin:70px 130px;transform-box:view-box"><path d="M70 128Q66 90 76 56" stroke="url(#brown)" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M76 56Q50 40 28 56Q54 50 76 58ZM76 56Q96 34 120 48Q96 46 76 58ZM76 56Q70 30 46 30Q68 40 76 58ZM76 56Q104 60 110 80Q94 64 76 58Z" fill="url(#leaf)"/></g>`,
  },
  lightning: {
    tile: 'night',
    uses: ['amber'],
    css: '.zap{animation:zap 1.2s steps(1) infinite}@keyframes zap{0%,60%,100%{opacity:1}65%,75%{opacity:.3}70%{opacity:1}}',
    art: `<path class="zap" d="M92 12L40 88H76L64 148L124 64H86Z" fill="url(#amber)" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
  },
};

function svg(id, item) {
  const [top, bottom] = TILES[item.tile];
  const defs = [
    `<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    ...[...new Set(item.uses ?? [])].map((name) => grad(name, COLORS[name])),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}"><defs>${defs}</defs><style>${CSS}${item.css ?? ''}</style><rect width="${SIZE}" height="${SIZE}" rx="24" fill="url(#tile)"/>${item.art}</svg>\n`;
}

await mkdir(outDir, { recursive: true });
for (const file of await readdir(outDir)) {
  if (file.endsWith('.svg') && !(file.slice(0, -4) in ITEMS)) await unlink(path.join(outDir, file));
}
for (const [id, item] of Object.entries(ITEMS)) {
  await writeFile(path.join(outDir, `${id}.svg`), svg(id, item));
}

const licence = `# GIF catalogue

The animated pictures in this folder were drawn for Lovelane: they are generated by
\`scripts/gifs/make-gif-catalogue.mjs\` from the drawings in that script, are part of the product and
fall under the product's own licence. None is taken from an outside collection. Their keywords in
every language are in \`lib/server/gifs/catalogue-items.ts\`.

| file | licence |
| --- | --- |
${Object.keys(ITEMS)
  .map((id) => `| \`${id}.svg\` | Lovelane (made for the product) |`)
  .join('\n')}
`;
await writeFile(path.join(outDir, 'LICENSE.md'), licence);
console.log(`${Object.keys(ITEMS).length} animated pictures written to ${path.relative(root, outDir)}`);
