// Writes the gift pictures (public/gifts/<id>.svg) from the drawings below: one shared style (rounded
// shapes, warm gradients in the brand's amber and pink, a soft floor shadow) and one gentle animation
// each, which stops for people who ask for reduced motion. Run it after changing a drawing:
// node scripts/gifts/make-gift-art.mjs
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'public/gifts');

/** Gradients every drawing may use, by name: top colour, bottom colour. */
const PALETTE = {
  amber: ['#ffd978', '#ffb300'],
  gold: ['#ffe39a', '#e0a100'],
  pink: ['#ff8fb8', '#e0407f'],
  rose: ['#ff6f91', '#c2185b'],
  red: ['#ff7a7a', '#d12b45'],
  berry: ['#d05b8f', '#8f1849'],
  green: ['#8fd694', '#3f9a55'],
  leaf: ['#a9e08a', '#4d9a3c'],
  cream: ['#fffaf2', '#f3e2cc'],
  white: ['#ffffff', '#e9e3e6'],
  brown: ['#b5794b', '#6e4124'],
  choc: ['#8a5a3c', '#4a2c1c'],
  glass: ['#fff7e0', '#ffd57a'],
  sky: ['#bfe6ff', '#7fb8ea'],
  lilac: ['#e2c4ff', '#a779e0'],
  coffee: ['#c98c5a', '#7a4a2a'],
  peach: ['#ffd2b0', '#ff9e73'],
  silver: ['#ffffff', '#c9c3cc'],
};

const gradients = (names) =>
  names
    .map((name) => {
      const [top, bottom] = PALETTE[name];
      return `<linearGradient id="${name}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
    })
    .join('');

/** The animations: each drawing names the one its moving group uses. */
const MOTION = {
  float:
    '@keyframes m{0%,100%{transform:translateY(0)}50%{transform:translateY(-4px)}}.m{animation:m 3.2s ease-in-out infinite}',
  pulse:
    '@keyframes m{0%,100%{transform:scale(1)}50%{transform:scale(1.06)}}.m{animation:m 1.8s ease-in-out infinite}',
  sway: '@keyframes m{0%,100%{transform:rotate(-4deg)}50%{transform:rotate(4deg)}}.m{animation:m 3.6s ease-in-out infinite;transform-origin:50% 100%}',
  wiggle:
    '@keyframes m{0%,80%,100%{transform:rotate(0)}85%{transform:rotate(-6deg)}90%{transform:rotate(6deg)}95%{transform:rotate(-3deg)}}.m{animation:m 3s ease-in-out infinite}',
};
const TWINKLE =
  '@keyframes t{0%,100%{opacity:.25;transform:scale(.7)}50%{opacity:1;transform:scale(1)}}.t{animation:t 2.4s ease-in-out infinite}.t2{animation-delay:.8s}.t3{animation-delay:1.6s}';
const STEAM =
  '@keyframes s{0%{opacity:0;transform:translateY(4px)}40%{opacity:.8}100%{opacity:0;transform:translateY(-10px)}}.s{animation:s 2.6s ease-out infinite}.s2{animation-delay:1.3s}';

const sparkle = (x, y, r, cls = '') =>
  `<path class="t ${cls}" fill="#ffe39a" d="M${x} ${y - r}Q${x + r * 0.2} ${y - r * 0.2} ${x + r} ${y}Q${x + r * 0.2} ${y + r * 0.2} ${x} ${y + r}Q${x - r * 0.2} ${y + r * 0.2} ${x - r} ${y}Q${x - r * 0.2} ${y - r * 0.2} ${x} ${y - r}Z"/>`;
const heartPath = (cx, cy, s) =>
  `M${cx} ${cy + 14 * s}C${cx - 4 * s} ${cy + 10 * s} ${cx - 16 * s} ${cy + 2 * s} ${cx - 16 * s} ${cy - 6 * s}C${cx - 16 * s} ${cy - 13 * s} ${cx - 10 * s} ${cy - 17 * s} ${cx - 5 * s} ${cy - 16 * s}C${cx - 2 * s} ${cy - 15.5 * s} ${cx} ${cy - 13 * s} ${cx} ${cy - 11 * s}C${cx} ${cy - 13 * s} ${cx + 2 * s} ${cy - 15.5 * s} ${cx + 5 * s} ${cy - 16 * s}C${cx + 10 * s} ${cy - 17 * s} ${cx + 16 * s} ${cy - 13 * s} ${cx + 16 * s} ${cy - 6 * s}C${cx + 16 * s} ${cy + 2 * s} ${cx + 4 * s} ${cy + 10 * s} ${cx} ${cy + 14 * s}Z`;
const shine = (x, y, w, h, rot = -30) =>
  `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${h}" fill="#fff" opacity=".55" transform="rotate(${rot} ${x} ${y})"/>`;

/** id → title, gradients used, motion, extra CSS, and the drawing (the moving part has class "m"). */
const GIFTS = {
  rose: {
    title: 'A red rose',
    use: ['rose', 'red', 'leaf'],
    motion: 'sway',
    art: `<g class="m"><path d="M60 58C58 76 62 92 60 106" stroke="url(#leaf)" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M60 84C48 80 40 84 36 92C46 96 54 92 60 84Z" fill="url(#leaf)"/><path d="M61 76C72 70 82 72 86 80C76 86 68 84 61 76Z" fill="url(#leaf)"/><path d="M40 38C40 24 52 18 60 22C68 18 80 24 80 38C80 52 70 62 60 62C50 62 40 52 40 38Z" fill="url(#rose)"/><path d="M48 36C50 28 58 26 62 30C56 30 52 34 52 40C52 46 58 50 64 48C58 54 48 50 48 36Z" fill="url(#red)"/><path d="M60 30C66 30 70 36 68 42C66 38 62 36 58 38C56 34 57 31 60 30Z" fill="#8f1849" opacity=".55"/>${shine(50, 30, 5, 2.5)}</g>`,
  },
  bouquet: {
    title: 'A bouquet of flowers',
    use: ['pink', 'amber', 'lilac', 'leaf', 'cream'],
    motion: 'sway',
    art: `<g class="m"><path d="M42 60L60 106L78 60Z" fill="url(#leaf)"/><circle cx="46" cy="46" r="13" fill="url(#pink)"/><circle cx="74" cy="46" r="13" fill="url(#lilac)"/><circle cx="60" cy="34" r="14" fill="url(#amber)"/><circle cx="60" cy="56" r="12" fill="url(#pink)"/><circle cx="46" cy="46" r="4" fill="#fff" opacity=".7"/><circle cx="74" cy="46" r="4" fill="#fff" opacity=".7"/><circle cx="60" cy="34" r="5" fill="#c2185b" opacity=".6"/><circle cx="60" cy="56" r="4" fill="#fff" opacity=".7"/><path d="M44 80L76 80L72 92L48 92Z" fill="url(#cream)"/><path d="M56 80Q60 88 64 80Q60 94 56 80Z" fill="#c2185b"/></g>`,
  },
  heart: {
    title: 'A heart',
    use: ['rose'],
    motion: 'pulse',
    art: `<g class="m" style="transform-origin:60px 62px"><path d="${heartPath(60, 60, 2.6)}" fill="url(#rose)"/>${shine(44, 38, 8, 4)}</g>${sparkle(92, 30, 6)}${sparkle(26, 76, 4, 't2')}`,
  },
  chocolates: {
    title: 'A box of chocolates',
    use: ['rose', 'choc', 'brown', 'gold'],
    motion: 'float',
    art: `<g class="m"><path d="${heartPath(60, 64, 2.7)}" fill="url(#rose)"/><path d="${heartPath(60, 62, 2.2)}" fill="#8f1849"/><circle cx="48" cy="48" r="8" fill="url(#choc)"/><circle cx="72" cy="48" r="8" fill="url(#brown)"/><circle cx="60" cy="64" r="8" fill="url(#choc)"/><circle cx="46" cy="68" r="6" fill="url(#brown)" opacity=".9"/><circle cx="74" cy="68" r="6" fill="url(#choc)"/><path d="M44 46Q48 42 52 46" stroke="url(#gold)" stroke-width="2" fill="none" stroke-linecap="round"/><path d="M56 62Q60 58 64 62" stroke="#ffd2b0" stroke-width="2" fill="none" stroke-linecap="round"/><path d="M68 46Q72 42 76 46" stroke="#fffaf2" stroke-width="2" fill="none" stroke-linecap="round"/></g>`,
  },
  champagne: {
    title: 'Champagne',
    use: ['leaf', 'gold', 'glass'],
    motion: 'float',
    css: '@keyframes b{0%{transform:translateY(0);opacity:0}20%{opacity:1}100%{transform:translateY(-26px);opacity:0}}.b{animation:b 2.2s ease-in infinite}.b2{animation-delay:.7s}.b3{animation-delay:1.4s}',
    art: `<g class="m"><g transform="rotate(-18 46 64)"><rect x="38" y="40" width="18" height="62" rx="8" fill="#2f6b3f"/><rect x="42" y="22" width="10" height="22" rx="3" fill="#2f6b3f"/><rect x="40" y="16" width="14" height="12" rx="3" fill="url(#gold)"/><rect x="38" y="60" width="18" height="18" rx="2" fill="url(#gold)"/>${shine(43, 52, 2, 7, 0)}</g><path d="M72 50H94L90 70Q83 78 76 70Z" fill="url(#glass)" stroke="#e0a100" stroke-width="1.5"/><path d="M83 76V96M74 98H92" stroke="#e0a100" stroke-width="3" stroke-linecap="round"/><circle class="b" cx="80" cy="64" r="2" fill="#fff"/><circle class="b b2" cx="86" cy="66" r="1.6" fill="#fff"/><circle class="b b3" cx="83" cy="62" r="1.3" fill="#fff"/></g>${sparkle(30, 26, 5)}${sparkle(96, 34, 4, 't2')}`,
  },
  'teddy-bear': {
    title: 'A teddy bear',
    use: ['coffee', 'peach', 'rose'],
    motion: 'wiggle',
    art: `<g class="m" style="transform-origin:60px 100px"><circle cx="40" cy="30" r="10" fill="url(#coffee)"/><circle cx="80" cy="30" r="10" fill="url(#coffee)"/><circle cx="40" cy="30" r="5" fill="url(#peach)"/><circle cx="80" cy="30" r="5" fill="url(#peach)"/><ellipse cx="60" cy="82" rx="24" ry="22" fill="url(#coffee)"/><circle cx="60" cy="46" r="22" fill="url(#coffee)"/><ellipse cx="60" cy="54" rx="10" ry="8" fill="url(#peach)"/><ellipse cx="60" cy="50" rx="4" ry="3" fill="#3a2418"/><circle cx="51" cy="42" r="3" fill="#3a2418"/><circle cx="69" cy="42" r="3" fill="#3a2418"/><circle cx="38" cy="92" r="9" fill="url(#coffee)"/><circle cx="82" cy="92" r="9" fill="url(#coffee)"/><ellipse cx="60" cy="84" rx="12" ry="11" fill="url(#peach)"/><path d="${heartPath(60, 84, 0.55)}" fill="url(#rose)"/><circle cx="46" cy="52" r="3" fill="#ff8fb8" opacity=".6"/><circle cx="74" cy="52" r="3" fill="#ff8fb8" opacity=".6"/></g>`,
  },
  ring: {
    title: 'A ring',
    use: ['gold', 'sky', 'silver'],
    motion: 'float',
    art: `<g class="m"><ellipse cx="60" cy="76" rx="26" ry="22" fill="none" stroke="url(#gold)" stroke-width="8"/><path d="M48 48L54 38H66L72 48L60 62Z" fill="url(#sky)" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/><path d="M48 48H72M54 38L60 48L66 38M60 48V62" stroke="#fff" stroke-width="1" opacity=".8"/></g>${sparkle(82, 32, 7)}${sparkle(36, 40, 4, 't2')}${sparkle(90, 70, 3.5, 't3')}`,
  },
  coffee: {
    title: 'A cup of coffee',
    use: ['cream', 'coffee', 'pink'],
    motion: 'float',
    css: STEAM,
    art: `<path class="s" d="M50 30Q46 24 50 18Q54 12 50 6" stroke="#c9c3cc" stroke-width="3" fill="none" stroke-linecap="round"/><path class="s s2" d="M66 30Q62 24 66 18Q70 12 66 6" stroke="#c9c3cc" stroke-width="3" fill="none" stroke-linecap="round"/><g class="m"><ellipse cx="58" cy="98" rx="34" ry="6" fill="url(#pink)"/><path d="M30 44H86L80 88Q78 96 70 96H46Q38 96 36 88Z" fill="url(#cream)"/><path d="M86 54Q100 54 98 66Q96 78 82 76" stroke="#f3e2cc" stroke-width="6" fill="none"/><ellipse cx="58" cy="44" rx="28" ry="6" fill="url(#coffee)"/><path d="${heartPath(58, 44, 0.35)}" fill="#fffaf2" transform="matrix(1 0 0 .5 0 22)"/><path d="${heartPath(58, 70, 0.6)}" fill="url(#pink)"/></g>`,
  },
  cocktail: {
    title: 'A cocktail',
    use: ['pink', 'amber', 'leaf'],
    motion: 'sway',
    art: `<g class="m"><path d="M30 32H90L60 66Z" fill="url(#pink)"/><path d="M30 32H90L84 38H36Z" fill="#fff" opacity=".45"/><path d="M60 66V96M44 100H76" stroke="#c9c3cc" stroke-width="4" stroke-linecap="round"/><circle cx="82" cy="30" r="10" fill="url(#amber)"/><circle cx="82" cy="30" r="6" fill="#ffe39a"/><path d="M82 24V36M76 30H88" stroke="#ffb300" stroke-width="1.2"/><path d="M50 44L40 14" stroke="#4d9a3c" stroke-width="3" stroke-linecap="round"/><circle cx="46" cy="32" r="5" fill="#d12b45"/></g>`,
  },
  cake: {
    title: 'A cake',
    use: ['cream', 'pink', 'amber', 'rose'],
    motion: 'float',
    css: '@keyframes f{0%,100%{transform:scale(1,1)}50%{transform:scale(.85,1.15)}}.f{animation:f .9s ease-in-out infinite;transform-box:fill-box;transform-origin:50% 100%}',
    art: `<g class="m"><rect x="28" y="62" width="64" height="34" rx="8" fill="url(#pink)"/><rect x="36" y="42" width="48" height="24" rx="7" fill="url(#cream)"/><path d="M36 50Q42 58 48 50Q54 58 60 50Q66 58 72 50Q78 58 84 50V48H36Z" fill="#ff8fb8"/><path d="M28 72Q36 80 44 72Q52 80 60 72Q68 80 76 72Q84 80 92 72V68H28Z" fill="#fffaf2"/><rect x="57" y="26" width="6" height="16" rx="2" fill="url(#rose)"/><path class="f" d="M60 14Q66 21 60 26Q54 21 60 14Z" fill="url(#amber)"/><ellipse cx="60" cy="98" rx="38" ry="4" fill="#e0407f" opacity=".35"/></g>`,
  },
  star: {
    title: 'A star',
    use: ['amber'],
    motion: 'pulse',
    art: `<g class="m" style="transform-origin:60px 60px"><path d="M60 16L72 44L102 46L79 66L86 96L60 80L34 96L41 66L18 46L48 44Z" fill="url(#amber)" stroke="#ffd978" stroke-width="4" stroke-linejoin="round"/><circle cx="51" cy="58" r="3" fill="#5f3b00"/><circle cx="69" cy="58" r="3" fill="#5f3b00"/><path d="M53 68Q60 74 67 68" stroke="#5f3b00" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="46" cy="66" r="3.5" fill="#ff8fb8" opacity=".6"/><circle cx="74" cy="66" r="3.5" fill="#ff8fb8" opacity=".6"/></g>${sparkle(98, 22, 5)}${sparkle(22, 90, 4, 't2')}`,
  },
  kiss: {
    title: 'A kiss',
    use: ['rose', 'red'],
    motion: 'pulse',
    art: `<g class="m" style="transform-origin:56px 64px"><path d="M22 62Q34 44 46 50Q52 46 56 50Q62 44 72 50Q82 48 92 62Q80 64 72 62Q62 60 56 62Q48 60 40 62Q30 64 22 62Z" fill="url(#red)"/><path d="M22 62Q40 66 56 64Q74 66 92 62Q84 84 56 84Q30 84 22 62Z" fill="url(#rose)"/>${shine(40, 72, 8, 2.5, -8)}</g><path class="t" d="${heartPath(96, 30, 0.5)}" fill="#e0407f"/><path class="t t2" d="${heartPath(84, 16, 0.35)}" fill="#ff8fb8"/>`,
  },
  sunflower: {
    title: 'A sunflower',
    use: ['amber', 'brown', 'leaf'],
    motion: 'sway',
    art: `<g class="m"><path d="M60 60V106" stroke="#4d9a3c" stroke-width="5" stroke-linecap="round"/><path d="M60 90C50 84 42 86 38 94C48 98 56 96 60 90Z" fill="url(#leaf)"/><g fill="url(#amber)">${Array.from({ length: 12 }, (_, i) => `<ellipse cx="60" cy="22" rx="7" ry="14" transform="rotate(${i * 30} 60 44)"/>`).join('')}</g><circle cx="60" cy="44" r="14" fill="url(#brown)"/><circle cx="56" cy="40" r="1.6" fill="#ffd978"/><circle cx="64" cy="42" r="1.6" fill="#ffd978"/><circle cx="58" cy="48" r="1.6" fill="#ffd978"/><circle cx="65" cy="49" r="1.6" fill="#ffd978"/></g>`,
  },
  balloon: {
    title: 'A heart balloon',
    use: ['rose'],
    motion: 'float',
    art: `<g class="m"><path d="M60 82Q54 94 62 102Q68 108 60 116" stroke="#c9c3cc" stroke-width="2" fill="none"/><path d="${heartPath(60, 48, 2.3)}" fill="url(#rose)"/><path d="M56 80L64 80L60 86Z" fill="#a0134b"/>${shine(45, 30, 7, 3.5)}</g>`,
  },
  perfume: {
    title: 'A bottle of perfume',
    use: ['lilac', 'gold', 'pink'],
    motion: 'float',
    css: '@keyframes p{0%{opacity:0;transform:translate(0,0) scale(.6)}50%{opacity:.9}100%{opacity:0;transform:translate(14px,-10px) scale(1.1)}}.p{animation:p 2.8s ease-out infinite}.p2{animation-delay:1.4s}',
    art: `<g class="m"><rect x="52" y="28" width="16" height="14" rx="3" fill="url(#gold)"/><circle cx="78" cy="24" r="8" fill="url(#pink)"/><path d="M68 32Q74 30 72 26" stroke="#c2185b" stroke-width="2" fill="none"/><rect x="34" y="42" width="52" height="56" rx="16" fill="url(#lilac)"/>${shine(46, 60, 4, 12, 0)}<path d="${heartPath(64, 72, 0.6)}" fill="#fff" opacity=".8"/></g><circle class="p" cx="90" cy="30" r="3" fill="#e2c4ff"/><circle class="p p2" cx="92" cy="24" r="2.4" fill="#ff8fb8"/>`,
  },
  'ice-cream': {
    title: 'An ice cream',
    use: ['amber', 'pink', 'cream', 'choc'],
    motion: 'wiggle',
    art: `<g class="m" style="transform-origin:60px 106px"><path d="M42 62H78L60 106Z" fill="url(#amber)"/><path d="M46 70L70 94M56 64L74 82M66 64L76 74M44 64L64 84M70 64L52 90M60 64L48 78" stroke="#e0a100" stroke-width="1.5"/><circle cx="50" cy="54" r="14" fill="url(#cream)"/><circle cx="70" cy="54" r="14" fill="url(#choc)"/><circle cx="60" cy="38" r="15" fill="url(#pink)"/><circle cx="60" cy="22" r="5" fill="#d12b45"/><path d="M60 18Q64 10 70 10" stroke="#4d9a3c" stroke-width="2" fill="none"/>${shine(54, 32, 4, 2)}</g>`,
  },
  cupcake: {
    title: 'A cupcake',
    use: ['pink', 'lilac', 'amber'],
    motion: 'wiggle',
    art: `<g class="m" style="transform-origin:60px 100px"><path d="M34 64H86L78 100H42Z" fill="url(#lilac)"/><path d="M44 64L48 100M56 64L57 100M66 64L64 100M76 64L72 100" stroke="#8f5cc7" stroke-width="1.5" opacity=".6"/><path d="M30 66Q28 52 42 50Q42 36 58 36Q64 26 74 34Q90 36 88 52Q96 60 86 66Z" fill="url(#pink)"/><circle cx="60" cy="28" r="6" fill="#d12b45"/><rect x="44" y="50" width="6" height="2" rx="1" fill="#ffe39a" transform="rotate(30 47 51)"/><rect x="66" y="46" width="6" height="2" rx="1" fill="#fff" transform="rotate(-20 69 47)"/><rect x="74" y="58" width="6" height="2" rx="1" fill="#ffb300" transform="rotate(60 77 59)"/><rect x="52" y="58" width="6" height="2" rx="1" fill="#a779e0" transform="rotate(-40 55 59)"/></g>`,
  },
  'love-letter': {
    title: 'A love letter',
    use: ['cream', 'rose', 'pink'],
    motion: 'float',
    art: `<g class="m"><rect x="22" y="38" width="76" height="52" rx="8" fill="url(#cream)"/><path d="M22 44L60 70L98 44" stroke="#e9c9b0" stroke-width="3" fill="none" stroke-linejoin="round"/><path d="M22 88L50 64M98 88L70 64" stroke="#efd8c2" stroke-width="2"/><path d="${heartPath(60, 68, 0.75)}" fill="url(#rose)"/></g><path class="t" d="${heartPath(94, 26, 0.45)}" fill="url(#pink)"/><path class="t t3" d="${heartPath(28, 24, 0.35)}" fill="url(#pink)"/>`,
  },
  'gift-box': {
    title: 'A gift box',
    use: ['pink', 'rose', 'amber'],
    motion: 'wiggle',
    art: `<g class="m" style="transform-origin:60px 100px"><rect x="28" y="54" width="64" height="46" rx="6" fill="url(#pink)"/><rect x="24" y="42" width="72" height="16" rx="5" fill="url(#rose)"/><rect x="54" y="42" width="12" height="58" fill="url(#amber)"/><path d="M60 42C50 26 34 30 40 40C44 46 56 44 60 42Z" fill="url(#amber)"/><path d="M60 42C70 26 86 30 80 40C76 46 64 44 60 42Z" fill="url(#amber)"/><circle cx="60" cy="42" r="5" fill="#e0a100"/></g>${sparkle(98, 32, 5)}${sparkle(20, 70, 4, 't2')}`,
  },
  'red-wine': {
    title: 'Two glasses of red wine',
    use: ['berry', 'glass'],
    motion: 'sway',
    art: `<g class="m"><g transform="rotate(-10 44 70)"><path d="M30 30H58Q60 58 44 62Q28 58 30 30Z" fill="#fff" opacity=".55" stroke="#c9c3cc" stroke-width="2"/><path d="M31 44H57Q56 58 44 60Q32 58 31 44Z" fill="url(#berry)"/><path d="M44 62V92M34 94H54" stroke="#c9c3cc" stroke-width="3" stroke-linecap="round"/></g><g transform="rotate(10 76 70)"><path d="M62 30H90Q92 58 76 62Q60 58 62 30Z" fill="#fff" opacity=".55" stroke="#c9c3cc" stroke-width="2"/><path d="M63 44H89Q88 58 76 60Q64 58 63 44Z" fill="url(#berry)"/><path d="M76 62V92M66 94H86" stroke="#c9c3cc" stroke-width="3" stroke-linecap="round"/></g></g>${sparkle(60, 22, 6)}`,
  },
  strawberry: {
    title: 'A chocolate strawberry',
    use: ['red', 'leaf', 'choc'],
    motion: 'float',
    art: `<g class="m"><path d="M60 104C40 96 30 72 34 58C38 46 50 42 60 44C70 42 82 46 86 58C90 72 80 96 60 104Z" fill="url(#red)"/><path d="M34 58C38 46 50 42 60 44C70 42 82 46 86 58C84 66 76 70 70 66C64 72 56 72 50 66C44 70 36 66 34 58Z" fill="url(#choc)"/><path d="M48 44L40 30L54 38L60 26L66 38L80 30L72 44Z" fill="url(#leaf)"/>${[
      [48, 80],
      [60, 88],
      [72, 80],
      [54, 94],
      [66, 94],
      [60, 76],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="1.4" ry="2.2" fill="#ffe39a"/>`)
      .join('')}</g>`,
  },
  candle: {
    title: 'Candlelight',
    use: ['cream', 'amber', 'pink'],
    motion: 'float',
    css: '@keyframes f{0%,100%{transform:scale(1,1) rotate(-2deg)}50%{transform:scale(.9,1.12) rotate(2deg)}}.f{animation:f 1.1s ease-in-out infinite;transform-box:fill-box;transform-origin:50% 100%}',
    art: `<circle cx="60" cy="36" r="22" fill="#ffd978" opacity=".25"/><g class="m"><rect x="44" y="50" width="32" height="50" rx="6" fill="url(#cream)"/><path d="M44 56Q50 62 54 56Q56 66 60 56" stroke="#f3e2cc" stroke-width="3" fill="none"/><path d="M60 50V42" stroke="#4a2c1c" stroke-width="2"/><path class="f" d="M60 20Q70 32 60 42Q50 32 60 20Z" fill="url(#amber)"/><rect x="38" y="98" width="44" height="6" rx="3" fill="url(#pink)"/></g>`,
  },
  macarons: {
    title: 'Macarons',
    use: ['pink', 'lilac', 'amber', 'cream', 'green'],
    motion: 'wiggle',
    art: `<g class="m" style="transform-origin:60px 96px">${[
      [40, 84, 'amber'],
      [80, 84, 'green'],
      [60, 56, 'pink'],
      [60, 90, 'lilac'],
    ]
      .map(
        ([x, y, c]) =>
          `<ellipse cx="${x}" cy="${y - 6}" rx="18" ry="8" fill="url(#${c})"/><rect x="${x - 17}" y="${y - 5}" width="34" height="5" rx="2.5" fill="url(#cream)"/><ellipse cx="${x}" cy="${y + 3}" rx="18" ry="7" fill="url(#${c})"/>`,
      )
      .join('')}</g>`,
  },
  crown: {
    title: 'A crown',
    use: ['gold', 'rose', 'sky'],
    motion: 'float',
    art: `<g class="m"><path d="M24 44L42 62L60 34L78 62L96 44L88 90H32Z" fill="url(#gold)" stroke="#ffe39a" stroke-width="3" stroke-linejoin="round"/><rect x="30" y="86" width="60" height="12" rx="5" fill="url(#gold)"/><circle cx="60" cy="72" r="6" fill="url(#rose)"/><circle cx="42" cy="76" r="4" fill="url(#sky)"/><circle cx="78" cy="76" r="4" fill="url(#sky)"/><circle cx="24" cy="44" r="4" fill="#ffe39a"/><circle cx="60" cy="34" r="4" fill="#ffe39a"/><circle cx="96" cy="44" r="4" fill="#ffe39a"/></g>${sparkle(96, 20, 5)}${sparkle(20, 24, 4, 't2')}`,
  },
};

const REDUCED = '@media (prefers-reduced-motion:reduce){*{animation:none!important}}';

function svg(id, gift) {
  const css = [
    MOTION[gift.motion],
    '.m{transform-box:view-box}',
    TWINKLE.replace(/\.t\{/, '.t{transform-box:fill-box;transform-origin:center;'),
    gift.css ?? '',
    REDUCED,
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-labelledby="title-${id}"><title id="title-${id}">${gift.title}</title><defs>${gradients(gift.use)}</defs><style>${css}</style><ellipse cx="60" cy="110" rx="30" ry="4" fill="#1f1a24" opacity=".1"/>${gift.art}</svg>\n`;
}

await mkdir(outDir, { recursive: true });
for (const [id, gift] of Object.entries(GIFTS)) {
  await writeFile(path.join(outDir, `${id}.svg`), svg(id, gift));
}

const licence = `# Gift pictures

Every picture in this folder was drawn for Lovelane (generated by \`scripts/gifts/make-gift-art.mjs\`
from the drawings in that script). They are part of the product and fall under the product's own
licence; they are not taken from any outside collection.

| file | picture |
| --- | --- |
${Object.entries(GIFTS)
  .map(([id, gift]) => `| \`${id}.svg\` | ${gift.title} |`)
  .join('\n')}
`;
await writeFile(path.join(outDir, 'LICENSE.md'), licence);
console.log(`${Object.keys(GIFTS).length} gift pictures written to ${path.relative(root, outDir)}`);
