import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { COUPON_TYPES } from './coupons.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { amountSchema, fromCents } from '../../money/amounts.js';
import { listQuerySchema, toPage } from '../../http/pagination.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { assertUsable, COUPON_CODE_PATTERN, createCoupon, deleteCoupon, discountCents, findCoupon, listCoupons, updateCoupon, type Coupon } from './coupons.service.js';
import { ID_PATTERN } from '../../db/schema/ids.js';

const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  /** A percentage (12.5 means 12.5 %) or an amount in currency units. */
  value: z.number(),
  active: z.boolean(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const appliedSchema = couponSchema.extend({
  usesLeft: z.number().int().nullable(),
  usesLeftForYou: z.number().int().nullable(),
  /** With an `amount` in the request: the discount on it, what the fan pays and what the wallet receives. */
  amount: z.number().optional(),
  discount: z.number().optional(),
  amountToPay: z.number().optional(),
});

export function presentCoupon(coupon: Coupon): z.infer<typeof couponSchema> {
  return {
    _id: coupon.id,
    code: coupon.code,
    type: coupon.type,
    value: fromCents(coupon.value),
    active: coupon.active,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    maxUses: coupon.maxUses,
    maxUsesPerUser: coupon.maxUsesPerUser,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}

const codeParams = z.object({ code: z.string().regex(COUPON_CODE_PATTERN, 'must be 3 to 32 letters, digits, - or _') });
const positiveAmount = amountSchema.refine((cents) => cents > 0, 'must be greater than zero');
/** Hundredths stored in an integer column: at most 100000.00. */
const couponValue = positiveAmount.refine((hundredths) => hundredths <= 10_000_000, 'must be at most 100000');

const couponBody = z.object({
  code: z.string().regex(COUPON_CODE_PATTERN, 'must be 3 to 32 letters, digits, - or _'),
  type: z.enum(COUPON_TYPES),
  value: couponValue,
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
  maxUsesPerUser: z.number().int().min(1).max(1_000_000).nullable().optional(),
  active: z.boolean().optional(),
});
const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'must be a coupon id') });
const expiryOf = (expiresAt: string | null | undefined) => (expiresAt === undefined ? undefined : expiresAt ? new Date(expiresAt) : null);

async function couponsRoutes(api: ApiScope, ctx: AppContext) {
  api.post(
    paths['coupons.apply'],
    {
      schema: {
        tags: ['coupons'],
        summary: 'Check a coupon for the caller; with an amount, the discount on a top-up of it',
        params: codeParams,
        body: z.object({ amount: positiveAmount.refine((cents) => cents <= 100_000_000, 'must be at most 1000000').optional() }).nullish(),
        response: { 200: envelopeSchema(appliedSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = ctx.now();
      const coupon = await findCoupon(ctx.db, request.params.code);
      const uses = await assertUsable(ctx.db, coupon, user.id, now);
      const amount = request.body?.amount;
      const discount = amount === undefined ? undefined : discountCents(coupon, amount);
      return ok({
        ...presentCoupon(coupon),
        usesLeft: coupon.maxUses === null ? null : coupon.maxUses - uses.total,
        usesLeftForYou: coupon.maxUsesPerUser === null ? null : coupon.maxUsesPerUser - uses.mine,
        ...(amount !== undefined && discount !== undefined
          ? { amount: fromCents(amount), discount: fromCents(discount), amountToPay: fromCents(amount - discount) }
          : {}),
      });
    },
  );

  api.post(
    paths['admin.coupons.create'],
    {
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon (percentage below 100, or a fixed amount)',
        body: couponBody,
        response: { 200: envelopeSchema(couponSchema) },
      },
    },
    async (request) => {
      const { expiresAt, ...rest } = request.body;
      return ok(presentCoupon(await createCoupon(ctx.db, { ...rest, expiresAt: expiryOf(expiresAt) ?? null })));
    },
  );

  api.put(
    paths['admin.coupons.update'],
    {
      schema: {
        tags: ['coupons'],
        summary: 'Change a coupon: its code, value, limits, expiry; `active: false` switches it off',
        params: idParams,
        body: couponBody.partial(),
        response: { 200: envelopeSchema(couponSchema) },
      },
    },
    async (request) => {
      const { expiresAt, ...rest } = request.body;
      const changes = Object.fromEntries(Object.entries({ ...rest, expiresAt: expiryOf(expiresAt) }).filter(([, v]) => v !== undefined));
      return ok(presentCoupon(await updateCoupon(ctx.db, request.params.id, changes)));
    },
  );

  api.delete(
    paths['admin.coupons.delete'],
    {
      schema: {
        tags: ['coupons'],
        summary: 'Delete a coupon no fan has used (422 `coupons.in_use` otherwise: switch it off)',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await deleteCoupon(ctx.db, request.params.id);
      return ok({ deleted: true as const });
    },
  );

  api.get(
    paths['admin.coupons.list'],
    {
      schema: { tags: ['coupons'], summary: 'Coupons, newest first', querystring: listQuerySchema, response: { 200: listSchema(couponSchema) } },
    },
    async (request) => {
      const { items, total } = await listCoupons(ctx.db, toPage(request.query));
      return list(items.map(presentCoupon), total);
    },
  );
}

export default defineDomain({ name: 'coupons', dependsOn: ['auth'], register: couponsRoutes });
