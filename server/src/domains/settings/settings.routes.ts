import { z } from 'zod';
import { LOGO_KINDS, paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { envelopeSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { IMAGE_FIELD, uploadImage } from '../../media/image-upload.js';
import { isSettingKey, PUBLIC_SETTING_KEYS, SETTING_KEYS, SETTINGS } from './settings.catalogue.js';
import { readAllSettings, readSettings, updateSettings } from './settings.service.js';

const settingsMap = z.record(z.string(), z.unknown());

/** A Stripe publishable key given in the environment shows when the setting is left empty. */
function withEnvironment<T extends { stripePublishableKey?: string }>(ctx: AppContext, values: T): T {
  const fromEnv = ctx.config.stripe.publishableKey;
  if ('stripePublishableKey' in values && !values.stripePublishableKey && fromEnv) return { ...values, stripePublishableKey: fromEnv };
  return values;
}

/** Names existing clients read (api-contract.md section 7), each from the setting that holds it. */
const CLIENT_NAMES = {
  minimumSubscriptionPrice: 'minSubscriptionPrice',
  maximumSubscriptionPrice: 'maxSubscriptionPrice',
  minimumWalletPrice: 'minTopupWalletAmount',
  maximumWalletPrice: 'maxTopupWalletAmount',
  minimumTipPrice: 'minTipAmount',
  maximumTipPrice: 'maxTipAmount',
  minimumPayoutAmount: 'minPayoutAmount',
} as const satisfies Record<string, (typeof PUBLIC_SETTING_KEYS)[number]>;
/** Image settings clients read under a shorter name and under their own (`logoUrl`), both as absolute URLs. */
const CLIENT_IMAGES = { favicon: 'faviconUrl', logo: 'logoUrl', darkmodeLogo: 'darkmodeLogoUrl' } as const;

const absolute = (ctx: AppContext, url: unknown) => (typeof url === 'string' && url.startsWith('/') ? `${ctx.config.publicOrigin}${url}` : url);

/** The public settings plus the names existing clients read. */
function withClientNames(ctx: AppContext, values: Record<string, unknown>): Record<string, unknown> {
  const named: Record<string, unknown> = { ...values };
  for (const [name, key] of Object.entries(CLIENT_NAMES)) named[name] = values[key];
  for (const [name, key] of Object.entries(CLIENT_IMAGES)) {
    named[name] = absolute(ctx, values[key]);
    named[key] = named[name];
  }
  return named;
}

async function settingsRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['settings.public'],
    {
      schema: { tags: ['settings'], summary: 'Public settings with their defaults', response: { 200: envelopeSchema(settingsMap) } },
    },
    async () => okFor('settings.public', withClientNames(ctx, withEnvironment(ctx, await readSettings(ctx.db, PUBLIC_SETTING_KEYS)))),
  );

  api.post(
    paths['settings.keys'],
    {
      schema: {
        tags: ['settings'],
        summary: 'Values of the named public settings; "" for a key without one',
        body: z.object({ keys: z.array(z.string().max(100)).min(1).max(100) }),
        response: { 200: envelopeSchema(settingsMap) },
      },
    },
    async (request) => {
      // Every asked key gets an answer: its value when it is a public setting or a name
      // clients read, else "" (a page text not set yet; private and unknown keys alike).
      const known = withClientNames(ctx, withEnvironment(ctx, await readSettings(ctx.db, PUBLIC_SETTING_KEYS)));
      const answer: Record<string, unknown> = {};
      for (const key of request.body.keys) {
        const readable = isSettingKey(key) ? SETTINGS[key].visibility === 'public' : Object.hasOwn(known, key);
        answer[key] = readable && Object.hasOwn(known, key) ? known[key] : '';
      }
      return ok(answer);
    },
  );

  api.get(
    paths['admin.settings.get'],
    {
      schema: { tags: ['settings'], summary: 'Every setting, public and private', response: { 200: envelopeSchema(settingsMap) } },
    },
    async () => ok(await readAllSettings(ctx.db)),
  );

  api.put(
    paths['admin.settings.update'],
    {
      schema: {
        tags: ['settings'],
        summary: `Change settings; keys: ${SETTING_KEYS.join(', ')}`,
        body: settingsMap,
        response: { 200: envelopeSchema(settingsMap) },
      },
    },
    async (request) => {
      await updateSettings(ctx.db, request.body);
      return ok(await readAllSettings(ctx.db));
    },
  );

  api.post(
    paths['admin.settings.logoUpload'],
    {
      schema: {
        tags: ['settings'],
        summary: 'Upload the site’s logo (`logo`) or its dark-mode logo (`darkmode-logo`) and use it at once',
        description: `multipart, the picture as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored as WebP, kept whole`,
        consumes: ['multipart/form-data'],
        params: z.object({ which: z.enum(LOGO_KINDS) }),
        response: { 200: envelopeSchema(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const image = await uploadImage(ctx, request, currentUser(request).id, 'logo', { folder: 'images', purpose: 'site-logo' });
      const url = `/files/${image.variants.at(-1)!.path}`;
      await updateSettings(ctx.db, { [request.params.which === 'logo' ? 'logoUrl' : 'darkmodeLogoUrl']: url });
      return ok({ url: `${ctx.config.publicOrigin}${url}` });
    },
  );
}

export default defineDomain({ name: 'settings', register: settingsRoutes });
