import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import type { ApiScope } from '../types.js';
import { addCard, connectAccount, deleteCard, listCards, type PaymentCard } from './cards.service.js';

/** Card endpoints; without Stripe keys every one answers 422 "Card payments are not enabled". */
const cardSchema = z.object({
  _id: z.string(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.string(),
});

const presentCard = (card: PaymentCard): z.infer<typeof cardSchema> => ({
  _id: card.id,
  provider: card.provider,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  createdAt: card.createdAt.toISOString(),
});

export async function cardRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['cards.list'],
    {
      schema: { tags: ['payments'], summary: "The caller's saved cards", response: { 200: listSchema(cardSchema) } },
    },
    async (request) => {
      const cards = await listCards(ctx, currentUser(request).id);
      return list(cards.map(presentCard), cards.length);
    },
  );

  api.post(
    paths['cards.add'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Save a card: with a PaymentMethod id from Stripe.js it is attached; without, a SetupIntent secret is answered',
        params: z.object({ provider: z.string().max(32) }),
        body: z.object({ paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe PaymentMethod id').optional() }).nullish(),
        response: { 200: envelopeSchema(z.union([cardSchema, z.object({ setupIntentClientSecret: z.string() })])) },
      },
    },
    async (request) => {
      if (request.params.provider !== 'stripe') throw notFound('payment.unknown_provider', 'Unknown payment provider');
      const result = await addCard(ctx, currentUser(request).id, request.body?.paymentMethodId);
      return ok('card' in result ? presentCard(result.card) : { setupIntentClientSecret: result.setupIntentClientSecret });
    },
  );

  api.delete(
    paths['cards.remove'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card (detached at the provider too)',
        params: z.object({ id: z.string().regex(ID_PATTERN, 'must be a card id') }),
        response: { 200: envelopeSchema(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await deleteCard(ctx, currentUser(request).id, request.params.id);
      return ok({ deleted: true as const });
    },
  );

  api.post(
    paths['stripe.accounts'],
    {
      schema: {
        tags: ['payments'],
        summary: "A creator's Stripe connected account and its onboarding link",
        response: { 200: envelopeSchema(z.object({ accountId: z.string(), onboardingUrl: z.string() })) },
      },
    },
    async (request) => ok(await connectAccount(ctx, currentUser(request).id)),
  );
}
