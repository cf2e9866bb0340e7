import { useCallback, useEffect, useState } from 'react';
import { session } from '../../session/session.js';
import type { BodyAttribute, Loaded } from './own-profile.js';

export interface Choice {
  value: string;
  label: string;
}

/** GET /user-additional: each attribute's choices under its plural name (user-additional.ts). */
interface UserAdditional {
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

export type AttributeKey = BodyAttribute | 'gender' | 'sexualOrientation';

const PLURAL: Record<AttributeKey, keyof UserAdditional> = {
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
};

/** What the profile form offers to choose from. */
export interface ReferenceData {
  countries: { code: string; name: string }[];
  languages: { code: string; name: string; nativeName: string }[];
  categories: { _id: string; name: string }[];
  attributes: Record<AttributeKey, Choice[]>;
}

/**
 * The lists the profile form offers, read together: countries, languages, body
 * attributes and the active creator categories. All public and cached by the server.
 */
export function useReferenceData() {
  const [state, setState] = useState<Loaded<ReferenceData>>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const [countries, languages, additional, categories] = await Promise.all([
      session.http.get<{ code: string; name: string }[]>('/countries/list'),
      session.http.get<{ code: string; name: string; nativeName: string }[]>('/languages'),
      session.http.get<UserAdditional>('/user-additional'),
      session.http.list<{ _id: string; name: string }>('/admin/performer-categories/search', { status: 'active', limit: 100 }),
    ]);
    if (!countries.ok) return setState({ status: 'failed', message: countries.error.message });
    if (!languages.ok) return setState({ status: 'failed', message: languages.error.message });
    if (!additional.ok) return setState({ status: 'failed', message: additional.error.message });
    if (!categories.ok) return setState({ status: 'failed', message: categories.error.message });
    const attributes = Object.fromEntries(
      Object.entries(PLURAL).map(([key, plural]) => [key, additional.value[plural] ?? []]),
    ) as Record<AttributeKey, Choice[]>;
    setState({
      status: 'ready',
      value: { countries: countries.value, languages: languages.value, categories: categories.value.data, attributes },
    });
  }, []);
  useEffect(() => void load(), [load]);
  return { state, retry: load };
}
