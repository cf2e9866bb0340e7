import type { PartyInfo, SubscribeResult, SubscriptionDto } from '@fandeck/contract';
import { z } from 'zod';
import type { users } from '../accounts/accounts.tables.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES, type subscriptions } from './subscriptions.tables.js';
import { fromCents } from '../../money/amounts.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PartyRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'avatarPath'>;

export const partyInfoSchema = z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), avatar: z.string() });

/** The contract's `SubscriptionDto`, exactly (a compile-time check below keeps them equal). */
export const subscriptionSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  performerId: z.string(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  price: z.number(),
  startedAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  isActive: z.boolean(),
  willRenew: z.boolean(),
  graceUntil: z.string().nullable(),
  renewals: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  performerInfo: partyInfoSchema.optional(),
  userInfo: partyInfoSchema.optional(),
});

export const subscribeResultSchema = z.object({ subscription: subscriptionSchema, balance: z.number().optional() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatches: [Same<z.infer<typeof subscriptionSchema>, SubscriptionDto>, Same<z.infer<typeof subscribeResultSchema>, SubscribeResult>, Same<z.infer<typeof partyInfoSchema>, PartyInfo>] = [
  true,
  true,
  true,
];
void wireMatches;

/** Access holds: active and not yet expired by the app's clock. */
export const holdsAccess = (row: Pick<SubscriptionRow, 'status' | 'expiredAt'>, now: Date) => row.status === 'active' && row.expiredAt !== null && row.expiredAt > now;

/** Charges again at `expiredAt`: active, paid and not cancelled (also while a short balance is retried). */
export const renews = (row: Pick<SubscriptionRow, 'status' | 'subscriptionType' | 'priceCents' | 'cancelledAt'>) =>
  row.status === 'active' && row.subscriptionType !== 'free' && row.priceCents > 0 && row.cancelledAt === null;

export function presentParty(origin: string, party: PartyRow): PartyInfo {
  return { _id: party.id, name: party.name || party.username || '', username: party.username, avatar: fileUrl(origin, party.avatarPath, AVATAR_PLACEHOLDER) };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentSubscription(row: SubscriptionRow, now: Date, parties: { origin: string; performer?: PartyRow; user?: PartyRow } | null = null): SubscriptionDto {
  return {
    _id: row.id,
    userId: row.userId,
    performerId: row.performerId,
    subscriptionType: row.subscriptionType,
    status: row.status,
    price: fromCents(row.priceCents),
    startedAt: iso(row.startedAt),
    expiredAt: iso(row.expiredAt),
    cancelledAt: iso(row.cancelledAt),
    isActive: holdsAccess(row, now),
    willRenew: renews(row),
    graceUntil: iso(row.graceUntil),
    renewals: row.renewals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(parties?.performer ? { performerInfo: presentParty(parties.origin, parties.performer) } : {}),
    ...(parties?.user ? { userInfo: presentParty(parties.origin, parties.user) } : {}),
  };
}
