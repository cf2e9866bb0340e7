import { z } from 'zod';

/**
 * The body-attribute choices of a profile (spec section 3, "Body attributes"). Numeric
 * bands are computed from their bounds; the word lists are the spec's. Values are the
 * stored form, labels the English text a client shows when it has no translation.
 */

export const attributeOptionSchema = z.object({ value: z.string(), label: z.string() });
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

interface BandSpec {
  /** Everything below `from` is one "under" choice. */
  from: number;
  /** The last band ends at `to` (inclusive). */
  to: number;
  /** Width of a band in whole units. */
  step: number;
  /** The "over" choice covers `over` and up. */
  over: number;
  unit: string;
  /** Bands before the regular ones, such as 18-19 for ages. */
  leading?: ReadonlyArray<readonly [number, number]>;
}

/** Under-band, regular bands of `step` from `from` to `to`, and an over-band. */
export function bandOptions(spec: BandSpec): AttributeOption[] {
  const amount = (n: number) => (spec.unit ? `${n} ${spec.unit}` : String(n));
  const band = (low: number, high: number) => ({ value: `${low}_${high}`, label: `${low}-${amount(high)}` });
  const leading = spec.leading ?? [];
  const options: AttributeOption[] = leading.map(([low, high]) => band(low, high));
  if (leading.length === 0) options.push({ value: `under_${spec.from}`, label: `Under ${amount(spec.from)}` });
  for (let low = spec.from; low + spec.step - 1 <= spec.to; low += spec.step) options.push(band(low, low + spec.step - 1));
  // "Over 190" after a band ending at 190 means 191 and up; "over 100" after 99 means 100 and up.
  const overLabel = spec.over > spec.to ? `${amount(spec.over)} or more` : `Over ${amount(spec.over)}`;
  options.push({ value: `over_${spec.over}`, label: overLabel });
  return options;
}

/** Height: under 140 cm, 3 cm bands 140-142 to 188-190, over 190 cm. */
export const HEIGHT_OPTIONS = bandOptions({ from: 140, to: 190, step: 3, over: 190, unit: 'cm' });
/** Weight: under 40 kg, 3 kg bands 40-42 to 97-99, 100 kg or more. */
export const WEIGHT_OPTIONS = bandOptions({ from: 40, to: 99, step: 3, over: 100, unit: 'kg' });
/** Age: 18-19, 3-year bands 20-22 to 47-49, 50 or more. */
export const AGE_OPTIONS = bandOptions({ leading: [[18, 19]], from: 20, to: 49, step: 3, over: 50, unit: '' });

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `black_or_african_american` → "Black or african american"; `multiColored` → "Multi colored". */
function labelOf(value: string): string {
  return capitalise(value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase());
}

function wordOptions(values: readonly string[], labels: Readonly<Record<string, string>> = {}): AttributeOption[] {
  return values.map((value) => ({ value, label: labels[value] ?? labelOf(value) }));
}

export const BODY_TYPES = [
  'fit', 'slim', 'curvy', 'large', 'toned', 'petite', 'ripped', 'tanned', 'runner', 'swimmer', 'muscular', 'gymbody',
] as const;
export const ETHNICITIES = [
  'asian',
  'white',
  'latino',
  'hispanic',
  'black_or_african_american',
  'american_indian_or_alaska_native',
  'native_hawaiian_or_other_pacific_islander',
] as const;
export const SIZES = ['x-large', 'large', 'medium', 'small'] as const;
export const HAIR_COLOURS = [
  'red', 'yellow', 'blond', 'black', 'brown', 'white', 'brunet', 'blue', 'green', 'pink', 'ginger', 'multiColored',
] as const;
export const EYE_COLOURS = ['blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red'] as const;
export const GENDERS = ['male', 'female', 'trans'] as const;
export const SEXUAL_ORIENTATIONS = ['straight', 'lesbian', 'gay', 'bisexual', 'transgender'] as const;

const LABELS: Readonly<Record<string, string>> = {
  'x-large': 'X-Large',
  black_or_african_american: 'Black or African American',
  american_indian_or_alaska_native: 'American Indian or Alaska Native',
  native_hawaiian_or_other_pacific_islander: 'Native Hawaiian or Other Pacific Islander',
  gymbody: 'Gym body',
  multiColored: 'Multicolored',
};

/** The choices by attribute, keyed like the profile columns (performers.height, ...). */
export const BODY_ATTRIBUTE_OPTIONS = {
  height: HEIGHT_OPTIONS,
  weight: WEIGHT_OPTIONS,
  age: AGE_OPTIONS,
  bodyType: wordOptions(BODY_TYPES, LABELS),
  ethnicity: wordOptions(ETHNICITIES, LABELS),
  size: wordOptions(SIZES, LABELS),
  hair: wordOptions(HAIR_COLOURS, LABELS),
  eyes: wordOptions(EYE_COLOURS, LABELS),
  gender: wordOptions(GENDERS, LABELS),
  sexualOrientation: wordOptions(SEXUAL_ORIENTATIONS, LABELS),
} as const satisfies Record<string, readonly AttributeOption[]>;

export type BodyAttribute = keyof typeof BODY_ATTRIBUTE_OPTIONS;
export const BODY_ATTRIBUTES = Object.keys(BODY_ATTRIBUTE_OPTIONS) as BodyAttribute[];

type ValueList = readonly [string, ...string[]];

function valuesOf(options: readonly AttributeOption[]): ValueList {
  const [first, ...rest] = options.map((option) => option.value);
  if (first === undefined) throw new Error('An attribute needs at least one choice');
  return [first, ...rest];
}

/** The allowed stored values of each attribute, for profile validation. */
export const BODY_ATTRIBUTE_VALUES: Readonly<Record<BodyAttribute, ValueList>> = Object.fromEntries(
  BODY_ATTRIBUTES.map((key) => [key, valuesOf(BODY_ATTRIBUTE_OPTIONS[key])]),
) as Record<BodyAttribute, ValueList>;

/** A zod enum of one attribute's values, for request schemas. */
export function bodyAttributeSchema(key: BodyAttribute) {
  return z.enum(BODY_ATTRIBUTE_VALUES[key]);
}

export function isBodyAttributeValue(key: BodyAttribute, value: unknown): boolean {
  return typeof value === 'string' && BODY_ATTRIBUTE_VALUES[key].includes(value);
}

/**
 * The GET /user-additional payload: the same lists under the plural names clients of
 * this API read (heights, weights, ages, bodyTypes, ...).
 */
export const USER_ADDITIONAL_KEYS = {
  heights: 'height',
  weights: 'weight',
  ages: 'age',
  bodyTypes: 'bodyType',
  ethnicities: 'ethnicity',
  sizes: 'size',
  hairs: 'hair',
  eyes: 'eyes',
  genders: 'gender',
  sexualOrientations: 'sexualOrientation',
} as const satisfies Record<string, BodyAttribute>;

type UserAdditional = { [K in keyof typeof USER_ADDITIONAL_KEYS]: AttributeOption[] };

const optionList = z.array(attributeOptionSchema);
export const userAdditionalSchema = z.object({
  heights: optionList,
  weights: optionList,
  ages: optionList,
  bodyTypes: optionList,
  ethnicities: optionList,
  sizes: optionList,
  hairs: optionList,
  eyes: optionList,
  genders: optionList,
  sexualOrientations: optionList,
});

export function userAdditional(): UserAdditional {
  const entries = Object.entries(USER_ADDITIONAL_KEYS).map(([plural, key]) => [plural, [...BODY_ATTRIBUTE_OPTIONS[key]]]);
  return Object.fromEntries(entries) as UserAdditional;
}
