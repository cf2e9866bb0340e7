import { session, type ListPage, type Outcome } from '../session/session.js';
import type { Country, CreatorSearchQuery, Keyword, PerformerProfile, UserAdditional } from '@fandeck/contract';

export type { CreatorSearchQuery, Keyword };

/** The words fans search most. */
export function popularKeywords(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<Keyword>>> {
  return session.api.search.keywords.list({ limit }, signal ? { signal } : {});
}

/** Counts a search, so popular words can be suggested; a failure changes nothing for the fan. */
export function recordKeyword(keyword: string): void {
  void session.api.search.saveKeyword({ keyword });
}

/** The fans' creator search: approved creators by name, filters and sort (a list read: never retried). */
export function searchCreators(query: CreatorSearchQuery, signal?: AbortSignal): Promise<Outcome<ListPage<PerformerProfile>>> {
  return session.api.performers.userSearch.list(query, signal ? { signal } : {});
}

/** What the creator filters offer: the countries and each body attribute's choices (public, cached by the server). */
export interface CreatorFilterChoices {
  countries: Country[];
  additional: UserAdditional;
}

export async function creatorFilterChoices(): Promise<Outcome<CreatorFilterChoices>> {
  const [countries, additional] = await Promise.all([session.api.reference.countries(), session.api.reference.userAdditional()]);
  if (!countries.ok) return countries;
  if (!additional.ok) return additional;
  return { ok: true, value: { countries: countries.value, additional: additional.value } };
}
