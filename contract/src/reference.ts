/** Reference data as the public reference routes answer it (countries, dial codes, languages, profile choices). */

/** GET /countries/list: one country. */
export interface Country {
  code: string;
  name: string;
}

/** GET /phone-codes/list: a country's dial code (`code`, 55) by its two-letter code (`iso`). */
export interface PhoneCountry {
  code: string;
  iso: string;
}

/** GET /languages: one language. */
export interface Language {
  code: string;
  name: string;
  nativeName: string;
}

/** One choice of a profile attribute. */
export interface Choice {
  value: string;
  label: string;
}

/** GET /user-additional: each profile attribute's choices under its plural name. */
export interface UserAdditional {
  heights: Choice[];
  weights: Choice[];
  ages: Choice[];
  bodyTypes: Choice[];
  ethnicities: Choice[];
  sizes: Choice[];
  hairs: Choice[];
  eyes: Choice[];
  genders: Choice[];
  sexualOrientations: Choice[];
}

/** Which list of `UserAdditional` offers each profile attribute's choices (the profile form and discover's filters). */
export const ATTRIBUTE_CHOICE_LISTS = {
  height: 'heights',
  weight: 'weights',
  age: 'ages',
  bodyType: 'bodyTypes',
  ethnicity: 'ethnicities',
  size: 'sizes',
  hair: 'hairs',
  eyes: 'eyes',
  gender: 'genders',
  sexualOrientation: 'sexualOrientations',
} as const satisfies Record<string, keyof UserAdditional>;
