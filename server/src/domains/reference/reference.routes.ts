import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { errorBodySchema } from '@fandeck/contract/schemas';
import { envelopeSchema, ok, okFor } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { registerBlockedCountries } from './blocked-countries.routes.js';
import { appCountries, appCountrySchema } from './countries.js';
import { flagCodeFromFileName, readFlagSvg } from './flags.js';
import { languageRecordSchema } from './language-data.js';
import { languageOptions, languageOptionSchema, languageRecords } from './languages.js';
import { localeList, localeSchema } from './locales.js';
import { phoneCountries, phoneCountrySchema } from './phone-codes.js';
import { blockStatusOf, blockStatusSchema, geoLocationSchema, locate } from './reference.service.js';
import { citiesOf, citySchema, stateSchema, statesOf } from './states-cities.js';
import { userAdditional, userAdditionalSchema } from './user-additional.js';

const tags = ['reference'];
const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .describe('Two-letter country code (BR)');
const stateCode = z
  .string()
  .regex(/^[A-Za-z0-9]{1,3}(?:-[A-Za-z0-9]{1,3})?$/, 'must be a state code such as SP')
  .describe('State code within the country (SP)');

/** Reference data changes only with a package update; let browsers and proxies keep it. */
function cacheable(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=3600');
}

/** Answers that depend on the caller's address must not be shared. */
function perCaller(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}

async function referenceRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['reference.countries'],
    {
      schema: {
        tags,
        summary: 'Countries with capital, region, currency, main language and a flag address on this API',
        response: { 200: envelopeSchema(z.array(appCountrySchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return okFor('reference.countries', appCountries(ctx.config.publicOrigin));
    },
  );

  api.get(
    paths['reference.flag'],
    {
      schema: {
        tags,
        summary: 'A country flag as SVG (/flags/br.svg); 404 for a code with no flag',
        params: z.object({ file: z.string().max(16).describe('{lower-case country code}.svg') }),
        response: { 200: z.string().describe('image/svg+xml'), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const code = flagCodeFromFileName(request.params.file);
      const svg = code ? await readFlagSvg(code) : undefined;
      if (!svg) throw notFound('reference.not_found', `There is no flag for ${request.params.file}`);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        // The images are static; nothing inside them may run or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );

  api.get(
    paths['reference.states'],
    {
      schema: {
        tags,
        summary: 'States of a country by name; 404 for an unknown country, an empty list for one without states',
        params: z.object({ id: countryCode }),
        response: { 200: envelopeSchema(z.array(stateSchema)), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const states = await statesOf(request.params.id);
      if (!states.ok) throw notFound('reference.not_found', states.message);
      cacheable(reply);
      return ok(states.items);
    },
  );

  api.get(
    paths['reference.cities'],
    {
      schema: {
        tags,
        summary:
          'Cities of a state (country code, state code) by name; 404 for an unknown country or state, an empty list for a state without cities',
        params: z.object({ a: countryCode, b: stateCode }),
        response: { 200: envelopeSchema(z.array(citySchema)), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const cities = await citiesOf(request.params.a, request.params.b);
      if (!cities.ok) throw notFound('reference.not_found', cities.message);
      cacheable(reply);
      return ok(cities.items);
    },
  );

  api.get(
    paths['reference.languagesList'],
    {
      schema: {
        tags,
        summary: 'Language records: ISO 639 codes, names, native names, direction (LTR/RTL), family, countries, cultures',
        response: { 200: envelopeSchema(z.array(languageRecordSchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return ok([...languageRecords()]);
    },
  );

  api.get(
    paths['reference.languages'],
    {
      schema: {
        tags,
        summary: 'Languages with a two-letter code: code, English name, native name and direction, by name',
        response: { 200: envelopeSchema(z.array(languageOptionSchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return okFor('reference.languages', [...languageOptions()]);
    },
  );

  api.get(
    paths['reference.locales'],
    {
      schema: {
        tags,
        summary: 'Supported locales: language and region, some with a script (az-Cyrl-AZ)',
        response: { 200: envelopeSchema(z.array(localeSchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return ok([...localeList()]);
    },
  );

  api.get(
    paths['reference.phoneCodes'],
    {
      schema: {
        tags,
        summary: 'Phone countries: name, dial code, ISO code and a pattern for the whole number without the plus',
        response: { 200: envelopeSchema(z.array(phoneCountrySchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return okFor('reference.phoneCodes', phoneCountries());
    },
  );

  api.get(
    paths['reference.userAdditional'],
    {
      schema: {
        tags,
        summary: 'Profile attribute choices (height, weight, age, body type, ethnicity, size, hair, eyes, gender, orientation)',
        response: { 200: envelopeSchema(userAdditionalSchema) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return okFor('reference.userAdditional', userAdditional());
    },
  );

  api.get(
    paths['reference.geoIp'],
    {
      schema: {
        tags,
        summary: "The caller's address and its country (null for local or unknown addresses)",
        response: { 200: envelopeSchema(geoLocationSchema) },
      },
    },
    async (request, reply) => {
      perCaller(reply);
      return ok(locate(request.ip));
    },
  );

  api.get(
    paths['reference.blockCheck'],
    {
      schema: {
        tags,
        summary: "Whether the caller's country is blocked (never for a local or unknown address)",
        response: { 200: envelopeSchema(blockStatusSchema) },
      },
    },
    async (request, reply) => {
      perCaller(reply);
      return ok(await blockStatusOf(ctx.db, request.ip));
    },
  );

  registerBlockedCountries(api, ctx);
}

export default defineDomain({ name: 'reference', register: referenceRoutes });
