import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAK_TEST_MS } from '../../../../testing/budgets.js';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { testDatabaseKind } from '../../../test/databases.js';
import { accountKeys } from '../../money/ledger/accounts.js';
import { checkLedger } from '../../money/ledger/invariant.js';
import { balancesOf, INSUFFICIENT_BALANCE } from '../../money/ledger/ledger.js';
import { updateSettings } from '../settings/settings.service.js';
import { setReferrer, tip, topUp } from './wallet-test-kit.js';

/**
 * A randomised run of top-ups, tips and refused tips (short balance, outside the
 * limits, unknown creator, self-tip), checked against a model of every account
 * computed here from the documented split rule.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await updateSettings(t.ctx.db, { performerCommission: 0.2, performerReferralCommission: 0.05, userReferralCommission: 0.02 });
  await t.close();
});

type Command =
  | { type: 'topup'; fan: number; cents: number }
  | { type: 'tip'; fan: number; creator: number; cents: number }
  | { type: 'tip-unknown'; fan: number }
  | { type: 'self-tip'; creator: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('topup' as const), fan: fc.nat(2), cents: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({
    type: fc.constant('tip' as const),
    fan: fc.nat(2),
    creator: fc.nat(1),
    // Mostly inside the limits, sometimes just outside them.
    cents: fc.oneof(fc.integer({ min: 1000, max: 40_000 }), fc.constantFrom(999, 1000, 1_000_000, 1_000_001), fc.integer({ min: 1, max: 2_000_000 })),
  }),
  fc.record({ type: fc.constant('tip-unknown' as const), fan: fc.nat(2) }),
  fc.record({ type: fc.constant('self-tip' as const), creator: fc.nat(1) }),
);

const rate = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000);

/** The documented rule, written out independently of `commission-split.ts`. */
function modelSplit(price: number, commission: number, creatorRef: number, fanRef: number, hasCreatorRef: boolean, hasFanRef: boolean) {
  const ppm = (r: number) => Math.round(r * 1_000_000);
  const earnings = Math.floor((price * (1_000_000 - ppm(commission))) / 1_000_000);
  let platform = price - earnings;
  const creatorReferral = hasCreatorRef ? Math.min(Math.floor((price * ppm(creatorRef)) / 1_000_000), platform) : 0;
  platform -= creatorReferral;
  const fanReferral = hasFanRef ? Math.min(Math.floor((price * ppm(fanRef)) / 1_000_000), platform) : 0;
  platform -= fanReferral;
  return { earnings, platform, creatorReferral, fanReferral };
}

let ip = 0;

describe(`randomised wallet run (${testDatabaseKind()})`, () => {
  it('ends with the ledger invariant holding and every balance equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 5, maxLength: 25 }),
        fc.record({ commission: rate, creatorRef: rate, fanRef: rate }),
        fc.record({ creatorReferred: fc.boolean(), fanReferred: fc.boolean() }),
        async (commands, rates, referred) => {
          await updateSettings(t.ctx.db, {
            performerCommission: rates.commission,
            performerReferralCommission: rates.creatorRef,
            userReferralCommission: rates.fanRef,
          });
          const fans = [await createUser(t.ctx), await createUser(t.ctx), await createUser(t.ctx)];
          const creators = [await createUser(t.ctx, { role: 'performer' }), await createUser(t.ctx, { role: 'performer' })];
          const referrer = await createUser(t.ctx);
          // Creator 0 and fan 0 may have been referred; the others never were.
          if (referred.creatorReferred) await setReferrer(t.ctx, creators[0]!.id, referrer.id);
          if (referred.fanReferred) await setReferrer(t.ctx, fans[0]!.id, referrer.id);
          const sessions = new Map<string, string>();
          const tokenOf = async (user: { id: string; email: string }) => {
            if (!sessions.has(user.id)) sessions.set(user.id, await signIn(t.app, user.email, undefined, `10.66.${(ip >> 8) & 255}.${ip++ & 255}`));
            return sessions.get(user.id)!;
          };
          const keys = [...fans.map((f) => accountKeys.wallet(f.id)), ...creators.map((c) => accountKeys.earnings(c.id)), accountKeys.referral(referrer.id), accountKeys.platform()];
          const model = await balancesOf(t.ctx.db, keys);
          const add = (key: string, cents: number) => model.set(key, model.get(key)! + cents);

          for (const c of commands) {
            if (c.type === 'topup') {
              await topUp(t.ctx, fans[c.fan]!.id, c.cents);
              add(accountKeys.wallet(fans[c.fan]!.id), c.cents);
            } else if (c.type === 'tip-unknown') {
              expect((await tip(t.app, await tokenOf(fans[c.fan]!), 'nobody-at-all', { price: 10 })).statusCode).toBe(404);
            } else if (c.type === 'self-tip') {
              expect((await tip(t.app, await tokenOf(creators[c.creator]!), creators[c.creator]!.id, { price: 10 })).statusCode).toBe(422);
            } else {
              const fan = fans[c.fan]!;
              const creator = creators[c.creator]!;
              const res = await tip(t.app, await tokenOf(fan), creator.id, { price: c.cents / 100 });
              const balance = model.get(accountKeys.wallet(fan.id))!;
              if (c.cents < 1000 || c.cents > 1_000_000) {
                expect(res.statusCode).toBe(422);
                expect(res.json().message).toMatch(/^The tip must be between/);
              } else if (c.cents > balance) {
                expect(res.statusCode).toBe(422);
                expect(res.json().message).toBe(INSUFFICIENT_BALANCE);
              } else {
                expect(res.statusCode, res.body).toBe(200);
                const s = modelSplit(c.cents, rates.commission, rates.creatorRef, rates.fanRef, referred.creatorReferred && c.creator === 0, referred.fanReferred && c.fan === 0);
                add(accountKeys.wallet(fan.id), -c.cents);
                add(accountKeys.earnings(creator.id), s.earnings);
                add(accountKeys.referral(referrer.id), s.creatorReferral + s.fanReferral);
                add(accountKeys.platform(), s.platform);
              }
            }
          }
          expect(Object.fromEntries(await balancesOf(t.ctx.db, keys))).toEqual(Object.fromEntries(model));
          const check = await checkLedger(t.ctx.db);
          expect(check.ok, JSON.stringify(check)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, SOAK_TEST_MS);
});
