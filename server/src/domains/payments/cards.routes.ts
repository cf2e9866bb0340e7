import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import type { ApiScope } from '../types.js';
import { addCard, connectAccount, deleteCard, listCards, setDefaultCard, type PaymentCard } from './cards.service.js';

/**
 * Card endpoints: Stripe when its keys are configured, else the sandbox's cards while the
 * sandbox is on; with neither, adding answers 422 `payment.cards_disabled` and the list is empty.
 */
const cardSchema = z.object({
  _id: z.string(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

const presentCard = (card: PaymentCard): z.infer<typeof cardSchema> => ({
  _id: card.id,
  provider: card.provider,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  isDefault: card.isDefault,
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
        summary:
          'Save a card. `stripe`: with a PaymentMethod id from Stripe.js it is attached; without, a SetupIntent secret is answered. ' +
          '`card-sandbox`: the typed test card (number, expiry, CVC) is checked and only a token, brand, last four and expiry are kept',
        params: z.object({ provider: z.string().max(32) }),
        body: z
          .object({
            paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe PaymentMethod id').optional(),
            number: z.string().regex(/^[\d\s-]{1,30}$/, 'must be a card number').optional(),
            expMonth: z.number().int().min(1).max(12).optional(),
            expYear: z.number().int().min(2000).max(2100).optional(),
            cvc: z.string().max(8).optional(),
          })
          .nullish(),
        response: { 200: envelopeSchema(z.union([cardSchema, z.object({ setupIntentClientSecret: z.string() })])) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const { number, expMonth, expYear, cvc } = body;
      const card = number !== undefined && expMonth !== undefined && expYear !== undefined && cvc !== undefined ? { number, expMonth, expYear, cvc } : undefined;
      const result = await addCard(ctx, currentUser(request).id, request.params.provider, { paymentMethodId: body.paymentMethodId, card });
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

  api.put(
    paths['cards.setDefault'],
    {
      schema: {
        tags: ['payments'],
        summary: 'Make a saved card the one a card top-up offers first',
        params: z.object({ id: z.string().regex(ID_PATTERN, 'must be a card id') }),
        response: { 200: envelopeSchema(cardSchema) },
      },
    },
    async (request) => ok(presentCard(await setDefaultCard(ctx, currentUser(request).id, request.params.id))),
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
