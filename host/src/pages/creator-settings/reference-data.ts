import { useCallback, useEffect, useState } from 'react';
import { ATTRIBUTE_CHOICE_LISTS, type CategoryDto, type Choice, type Country, type Language, type UserAdditional } from '@fandeck/contract';
import { session } from '../../session/session.js';
import type { BodyAttribute, Loaded } from './own-profile.js';

export type { Choice } from '@fandeck/contract';

export type AttributeKey = BodyAttribute | 'gender' | 'sexualOrientation';

const PLURAL: Record<AttributeKey, keyof UserAdditional> = ATTRIBUTE_CHOICE_LISTS;

/** What the profile form offers to choose from. */
export interface ReferenceData {
  countries: Country[];
  languages: Language[];
  categories: CategoryDto[];
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
      session.api.reference.countries(),
      session.api.reference.languages(),
      session.api.reference.userAdditional(),
      session.api.categories.search.list({ status: 'active', limit: 100 }),
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
