import { getCitiesOfState, getCountries, getStatesOfCountry } from '@countrystatecity/countries';
import { z } from 'zod';

/**
 * States and cities from the countries-states-cities database
 * (@countrystatecity/countries, ODbL-1.0: public use needs attribution, see data/NOTICE.md).
 * The package keeps one file per country and per state and reads a file only when
 * asked for it; the few most recent answers are kept here.
 */

export const stateSchema = z.object({
  name: z.string(),
  isoCode: z.string(),
  countryCode: z.string(),
  type: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
});
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({
  name: z.string(),
  countryCode: z.string(),
  stateCode: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
});
export type City = z.infer<typeof citySchema>;

/** Why a lookup found nothing; the route turns it into a 404 message. */
export type PlaceLookup<T> = { ok: true; items: T[] } | { ok: false; message: string };

const CACHE_SIZE = 32;
const cache = new Map<string, unknown[]>();

async function remember<T>(key: string, load: () => Promise<T[]>): Promise<T[]> {
  const hit = cache.get(key) as T[] | undefined;
  if (hit) {
    // Move to the newest end so the least recently used entry goes first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const items = await load();
  cache.set(key, items);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return items;
}

let countryCodes: Promise<ReadonlySet<string>> | undefined;

async function knownCountries(): Promise<ReadonlySet<string>> {
  countryCodes ??= getCountries().then((list) => new Set(list.map((country) => country.iso2)));
  return countryCodes;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

async function loadStates(country: string): Promise<State[]> {
  return remember(`states:${country}`, async () =>
    (await getStatesOfCountry(country))
      .map((state) => ({
        name: state.name,
        isoCode: state.iso2,
        countryCode: state.country_code,
        type: state.type,
        latitude: state.latitude,
        longitude: state.longitude,
      }))
      .sort(byName),
  );
}

/**
 * The states (provinces, regions) of a country by name. An unknown country code is
 * refused; a known country without subdivisions has an empty list.
 */
export async function statesOf(countryCode: string): Promise<PlaceLookup<State>> {
  const country = countryCode.trim().toUpperCase();
  if (!(await knownCountries()).has(country)) return { ok: false, message: `Unknown country code ${countryCode}` };
  return { ok: true, items: await loadStates(country) };
}

/**
 * The cities of a state by name. An unknown country, or a state code the country does
 * not have, is refused; a known state without listed cities has an empty list.
 */
export async function citiesOf(countryCode: string, stateCode: string): Promise<PlaceLookup<City>> {
  const states = await statesOf(countryCode);
  if (!states.ok) return states;
  const country = countryCode.trim().toUpperCase();
  const wanted = stateCode.trim().toUpperCase();
  const state = states.items.find((s) => s.isoCode.toUpperCase() === wanted);
  if (!state) return { ok: false, message: `Unknown state code ${stateCode} in country ${country}` };
  const items = await remember(`cities:${country}:${state.isoCode}`, async () =>
    (await getCitiesOfState(country, state.isoCode))
      .map((city) => ({
        name: city.name,
        countryCode: city.country_code,
        stateCode: city.state_code,
        latitude: city.latitude,
        longitude: city.longitude,
      }))
      .sort(byName),
  );
  return { ok: true, items };
}
