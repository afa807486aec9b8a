import 'server-only';
import { checkUsername } from '@/lib/shared/account-rules';
import { SERVED_COUNTRIES, type CountryCode } from '@/lib/shared/constants';
import { COUNTRY_LOCALES, type Locale } from '@/lib/shared/locales';
import type { GENDERS } from '@/lib/shared/schemas/auth';
import type {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@/lib/shared/schemas/profile';
import { locateTown } from '@/lib/server/geo/gazetteer';
import { INTERESTS } from '@/lib/server/db/seed-data/interests';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { FIRST_NAMES } from './names';
import { DEMO_COUNTRIES, DEMO_REGIONS } from './places';
import { portraitCharacter, type PortraitCharacter } from './portraits';
import { random, type Random } from './random';

type Gender = (typeof GENDERS)[number];
type HairColor = (typeof HAIR_COLORS)[number];

/** Demo members' e-mail addresses end in this domain; nobody can receive mail there. */
export const DEMO_EMAIL_DOMAIN = 'demo.lovelane.example';
/** Share of demo members flagged fictional. */
export const FICTIONAL_SHARE = 0.15;
/** Every this-many-th demo member of flesh and blood shows as photo verified (fictional ones never). */
export const VERIFIED_EVERY = 5;
/** Demo ages: adults up to 75. */
export const DEMO_AGES = { min: 18, max: 75 } as const;

/** One generated demo member, before it has a user id. */
export interface DemoMember {
  index: number;
  email: string;
  name: string;
  gender: Gender;
  sexuality: (typeof SEXUALITIES)[number] | null;
  dateOfBirth: string;
  country: CountryCode;
  regionCode: string;
  city: string | null;
  /** Where the town lies (from the gazetteer); null without a town or for one it does not know. */
  lat: number | null;
  lon: number | null;
  language: Locale;
  hairColor: HairColor | null;
  eyeColor: (typeof EYE_COLORS)[number] | null;
  bodyType: (typeof BODY_TYPES)[number] | null;
  relationshipStatus: (typeof RELATIONSHIP_STATUSES)[number] | null;
  tattoos: (typeof TATTOOS)[number] | null;
  interests: string[];
  fictional: boolean;
  /** Shown as photo verified (no selfie: demo data), so the badge and the filter have someone to show. */
  verified: boolean;
  invisible: boolean;
  lastActiveAt: Date;
  createdAt: Date;
  /** The pool entries (see `poolEntry`) of the member's photos, the main one first. */
  photos: number[];
}

/** The portrait pool a generator draws from: `characters` people in `variants` pictures each. */
export interface PoolShape {
  characters: number;
  variants: number;
}

/** Index of pool entry `variant` of `character` (its storage names: `poolFiles` in seed-demo-members). */
export const poolEntry = (shape: PoolShape, character: number, variant: number): number =>
  character * shape.variants + variant;

const REGIONS_BY_COUNTRY = new Map<string, { code: string; weight: number }[]>();
for (const region of REGIONS) {
  const list = REGIONS_BY_COUNTRY.get(region.country) ?? [];
  list.push({ code: region.code, weight: DEMO_REGIONS[region.code]?.weight ?? 1 });
  REGIONS_BY_COUNTRY.set(region.country, list);
}
const COUNTRY_ODDS = SERVED_COUNTRIES.map((c) => [c, DEMO_COUNTRIES[c].weight] as const);
const AGE_BANDS: ReadonlyArray<readonly [readonly [number, number], number]> = [
  [[18, 24], 14],
  [[25, 34], 28],
  [[35, 44], 23],
  [[45, 54], 18],
  [[55, 64], 11],
  [[65, 75], 6],
];

const DAY_MS = 86_400_000;

function ageOn(dateOfBirth: Date, now: Date): number {
  const years = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const before =
    now.getUTCMonth() < dateOfBirth.getUTCMonth() ||
    (now.getUTCMonth() === dateOfBirth.getUTCMonth() && now.getUTCDate() < dateOfBirth.getUTCDate());
  return before ? years - 1 : years;
}

/** A date of birth that makes the member exactly `age` today. */
function dateOfBirthFor(age: number, now: Date, r: Random): string {
  const birthdayThisYear = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  let date = new Date(birthdayThisYear - r.int(0, 363) * DAY_MS);
  if (ageOn(date, now) !== age) date = new Date(birthdayThisYear);
  return date.toISOString().slice(0, 10);
}

function hairColorFor(age: number, culture: Locale, r: Random): HairColor {
  const grey = age < 35 ? 0.01 : age < 45 ? 0.06 : age < 55 ? 0.2 : age < 65 ? 0.45 : 0.7;
  if (r.chance(grey)) return 'grey';
  const nordic = ['da', 'sv', 'nb', 'fi', 'nl', 'de', 'pl'].includes(culture);
  return r.weighted([
    ['brown', 36],
    ['black', nordic ? 12 : 26],
    ['blonde', nordic ? 34 : 16],
    ['red', 6],
    ['other', age < 35 ? 6 : 2],
  ] as const);
}

function relationshipFor(age: number, r: Random): DemoMember['relationshipStatus'] {
  return r.weighted([
    ['single', 60],
    ['divorced', age < 30 ? 2 : age < 45 ? 16 : 28],
    ['widowed', age < 55 ? 0 : age < 65 ? 6 : 14],
    ['in_relationship', 5],
    ['married', 3],
  ] as const);
}

function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/ł/gi, 'l')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A username as people pick them: a first name, often with a birth year, a number or their town. */
function usernameFor(first: string, birthYear: number, city: string | null, r: Random): string {
  const short = String(birthYear % 100).padStart(2, '0');
  const lower = first.toLowerCase();
  const candidates = [
    r.weighted([
      [first, 22],
      [`${first}${short}`, 22],
      [`${lower}_${r.int(1, 999)}`, 14],
      [`${first}.${String.fromCharCode(65 + r.int(0, 25))}`, 10],
      [`${lower}${birthYear}`, 10],
      [city && /^\p{L}+$/u.test(city) ? `${first}_${city}` : `${first}${short}`, 12],
      [`x${first}x`, 2],
      [`${first}-${r.int(10, 99)}`, 8],
    ] as const),
    `${first}${short}`,
    `${toAscii(first)}_${birthYear}`,
  ];
  return candidates.find((name) => checkUsername(name, '') === null) ?? `member_${birthYear}`;
}

/** Characters of the pool by gender and hair colour, for picking a matching portrait. */
export function poolCharacters(shape: PoolShape): {
  all: readonly PortraitCharacter[];
  match(gender: Gender, hair: HairColor | null): readonly PortraitCharacter[];
} {
  const all = Array.from({ length: shape.characters }, (_, i) => portraitCharacter(i));
  const byKey = new Map<string, PortraitCharacter[]>();
  for (const c of all) {
    for (const key of [`${c.gender}`, `${c.gender}:${c.hairColor}`]) {
      const list = byKey.get(key) ?? [];
      list.push(c);
      byKey.set(key, list);
    }
  }
  return {
    all,
    match: (gender, hair) => {
      const exact = hair ? byKey.get(`${gender}:${hair}`) : undefined;
      const list = exact?.length ? exact : (byKey.get(gender) ?? all);
      return list.length ? list : all;
    },
  };
}

/**
 * Demo member number `index`: the same on every run, so topping up continues where the last run
 * stopped. Country, region and town follow population; names follow the region's language; ages
 * 18–75 lean to 25–45; a share is fictional, a few are invisible; last activity is spread over 30
 * days with some members active right now. The portrait matches gender and hair colour, and gives
 * the eye colour.
 */
export function generateDemoMember(
  index: number,
  options: { now: Date; pool: ReturnType<typeof poolCharacters>; shape: PoolShape },
): DemoMember {
  const { now } = options;
  const r = random('demo-member', index);
  const country = r.weighted(COUNTRY_ODDS);
  const setting = DEMO_COUNTRIES[country];
  const region = r.weighted((REGIONS_BY_COUNTRY.get(country) ?? []).map((x) => [x, x.weight] as const));
  const place = DEMO_REGIONS[region.code];
  const culture: Locale =
    place?.culture ?? (setting.alt && r.chance(setting.alt[1]) ? setting.alt[0] : setting.culture);
  const offered = COUNTRY_LOCALES[country];
  const language: Locale =
    offered.includes('en') && r.chance(setting.english)
      ? 'en'
      : offered.includes(culture)
        ? culture
        : (offered[0] ?? 'en');

  const gender: Gender = r.chance(0.5) ? 'female' : 'male';
  const band = r.weighted(AGE_BANDS);
  const age = r.int(band[0], band[1]);
  const dateOfBirth = dateOfBirthFor(age, now, r);
  const towns = place ? place.cities.split(', ') : [];
  // Bigger towns come first in each list and are picked more often.
  const city =
    towns.length && r.chance(0.85)
      ? r.weighted(towns.map((t, i) => [t, towns.length - i + 1] as const))
      : null;
  const spot = locateTown({ city, country });
  const first = r.pick(FIRST_NAMES[culture][gender]);
  const name = usernameFor(first, Number(dateOfBirth.slice(0, 4)), city, r);

  const hairColor = r.chance(0.94) ? hairColorFor(age, culture, r) : null;
  const character = r.pick(options.pool.match(gender, hairColor));
  const sexuality = r.chance(0.95)
    ? r.weighted([
        ['hetero', 85],
        [gender === 'male' ? 'gay' : 'lesbian', 6],
        ['bi', 9],
      ] as const)
    : null;
  const interestCount = r.chance(0.9) ? r.int(2, 8) : 0;
  const interests = new Set<string>();
  while (interests.size < interestCount) interests.add(r.pick(INTERESTS).slug);

  const isOnline = r.chance(0.08);
  const lastActiveAgo = isOnline
    ? r.int(0, 9 * 60_000)
    : Math.min(30 * DAY_MS, Math.floor(-Math.log(1 - r.next()) * 5 * DAY_MS) + 10 * 60_000);
  const lastActiveAt = new Date(now.getTime() - lastActiveAgo);
  const createdAt = new Date(lastActiveAt.getTime() - r.int(0, 720) * DAY_MS - r.int(0, DAY_MS));

  const photoCount = r.weighted([
    [1, 30],
    [2, 30],
    [3, 25],
    [4, 15],
  ] as const);
  const firstVariant = r.int(0, options.shape.variants - 1);
  const photos = Array.from({ length: Math.min(photoCount, options.shape.variants) }, (_, k) =>
    poolEntry(options.shape, character.index, (firstVariant + k) % options.shape.variants),
  );

  const member: DemoMember = {
    index,
    email: `${toAscii(name) || 'member'}.${index}@${DEMO_EMAIL_DOMAIN}`,
    name,
    gender,
    sexuality,
    dateOfBirth,
    country,
    regionCode: region.code,
    city,
    lat: spot?.lat ?? null,
    lon: spot?.lon ?? null,
    language,
    hairColor,
    eyeColor: r.chance(0.93) ? character.eyeColor : null,
    bodyType: r.chance(0.92)
      ? r.weighted([
          ['slim', 20],
          ['athletic', 20],
          ['average', 34],
          [gender === 'female' ? 'curvy' : 'large', 14],
          [gender === 'female' ? 'large' : 'curvy', 3],
        ] as const)
      : null,
    relationshipStatus: r.chance(0.95) ? relationshipFor(age, r) : null,
    tattoos: r.chance(0.9)
      ? r.weighted([
          ['none', age < 40 ? 50 : 70],
          ['some', 35],
          ['many', age < 40 ? 15 : 6],
        ] as const)
      : null,
    interests: [...interests],
    fictional: r.chance(FICTIONAL_SHARE),
    invisible: r.chance(0.03),
    verified: false,
    lastActiveAt,
    createdAt,
    photos,
  };
  member.verified = !member.fictional && index % VERIFIED_EVERY === 0;
  return member;
}
