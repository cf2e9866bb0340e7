import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { isSettingKey, PUBLIC_SETTING_KEYS, SETTING_KEYS, SETTINGS } from './settings.catalogue.js';
import { readAllSettings, readSettings, updateSettings } from './settings.service.js';

const settingsMap = z.record(z.string(), z.unknown());

/** A Stripe publishable key given in the environment shows when the setting is left empty. */
function withEnvironment<T extends { stripePublishableKey?: string }>(ctx: AppContext, values: T): T {
  const fromEnv = ctx.config.stripe.publishableKey;
  if ('stripePublishableKey' in values && !values.stripePublishableKey && fromEnv) return { ...values, stripePublishableKey: fromEnv };
  return values;
}

async function settingsRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['settings.public'],
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: 'Public settings with their defaults', response: { 200: envelopeSchema(settingsMap) } },
    },
    async () => ok(withEnvironment(ctx, await readSettings(ctx.db, PUBLIC_SETTING_KEYS))),
  );

  api.post(
    paths['settings.keys'],
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Values of the named public settings',
        body: z.object({ keys: z.array(z.string().max(100)).min(1).max(100) }),
        response: { 200: envelopeSchema(settingsMap) },
      },
    },
    async (request) => {
      // Private keys are never disclosed here, and unknown keys are simply absent.
      const keys = request.body.keys.filter((k) => isSettingKey(k) && SETTINGS[k].visibility === 'public');
      return ok(withEnvironment(ctx, await readSettings(ctx.db, keys as typeof PUBLIC_SETTING_KEYS)));
    },
  );

  api.get(
    paths['admin.settings.get'],
    {
      config: { access: { permission: 'setting.view' } },
      schema: { tags: ['settings'], summary: 'Every setting, public and private', response: { 200: envelopeSchema(settingsMap) } },
    },
    async () => ok(await readAllSettings(ctx.db)),
  );

  api.put(
    paths['admin.settings.update'],
    {
      config: { access: { permission: 'setting.update' } },
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
}

export default defineDomain({ name: 'settings', register: settingsRoutes });
