/**
 * Live gifts (issue 24): the catalogue fans pick from in a live stream, kept by staff with
 * the spec's `stream` permissions; a gift is sold through the wallet (`charge:gift`,
 * gift-handler.ts), and tips and gifts paid in a live stream are shown in its room
 * (stream-support.ts). See README.md.
 */
import { LIMITS, paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { amountSchema } from '../../money/amounts.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { giftHandler } from './gift-handler.js';
import { giftSchema, presentGift } from './gifts.presenter.js';
import { allGifts, createGift, updateGift, visibleGifts } from './gifts.service.js';
import { announceSupport } from './stream-support.js';

const { gift: limits } = LIMITS;
/** An image the platform serves (`/files/...`) or an https address. */
const imageUrl = z
  .string()
  .trim()
  .max(limits.imageUrlMax)
  .refine((url) => /^https:\/\/[^\s]+$/.test(url) || /^\/files\/[^\s]+$/.test(url), 'must be an https address or a /files/ path');
const fields = {
  name: z.string().trim().min(1, 'must not be empty').max(limits.nameMax),
  emoji: z.string().trim().min(1, 'must not be empty').max(limits.emojiMax),
  imageUrl: z.union([imageUrl, z.literal('').transform(() => null), z.null()]),
  price: amountSchema.refine((cents) => cents >= limits.priceMinCents && cents <= limits.priceMaxCents, `must be between ${limits.priceMinCents / 100} and ${limits.priceMaxCents / 100}`),
  ordering: z.number().int().min(-1_000_000).max(1_000_000),
  hidden: z.boolean(),
};
const createBody = z.object(fields).partial().required({ name: true, emoji: true, price: true });
const updateBody = z.object(fields).partial();
const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'must be a gift id') });
const one = { 200: envelopeSchema(giftSchema) };

function giftRoutes(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['gifts.search'],
    {
      schema: {
        tags: ['gifts'],
        summary: 'The gifts fans may send in a live stream, in the staff’s order then by price',
        response: { 200: listSchema(giftSchema) },
      },
    },
    async () => {
      const rows = await visibleGifts(ctx.db);
      return list(rows.map(presentGift), rows.length);
    },
  );

  api.get(
    paths['admin.gifts.search'],
    {
      schema: { tags: ['gifts', 'admin'], summary: 'Every gift, hidden ones too (staff holding `stream.view`)', response: { 200: listSchema(giftSchema) } },
    },
    async () => {
      const rows = await allGifts(ctx.db);
      return list(rows.map(presentGift), rows.length);
    },
  );

  api.post(
    paths['admin.gifts.create'],
    {
      schema: {
        tags: ['gifts', 'admin'],
        summary: 'Add a gift (staff holding `stream.create`): a name, an emoji (or an image) and a price',
        description: `At most ${limits.catalogueMax} gifts, hidden ones included: 422 \`gifts.catalogue_full\`.`,
        body: createBody,
        response: one,
      },
    },
    async (request) => {
      const { price, ...rest } = request.body;
      return ok(presentGift(await createGift(ctx, { ...rest, priceCents: price })));
    },
  );

  api.put(
    paths['admin.gifts.update'],
    {
      schema: {
        tags: ['gifts', 'admin'],
        summary: 'Change a gift (staff holding `stream.update`); `hidden: true` takes it off the picker, `false` puts it back',
        description: 'Charges already made keep naming it. 404 `gifts.not_found`.',
        params: idParams,
        body: updateBody,
        response: one,
      },
    },
    async (request) => {
      const { price, ...rest } = request.body;
      return ok(presentGift(await updateGift(ctx, request.params.id, { ...rest, priceCents: price })));
    },
  );
}

export default defineDomain({
  name: 'gifts',
  dependsOn: ['wallet'],
  async register(api, ctx, deps) {
    const wallet = deps.get('wallet');
    wallet.registerChargeHandler(giftHandler);
    wallet.onCharged((callCtx, charge) => void announceSupport(callCtx, charge, api.log));
    giftRoutes(api, ctx);
  },
});
