import type { SubscriptionDto } from '@fandeck/contract';

/** Ana's public profile with her plans (half-yearly unpriced) and a free week she has not given this fan yet. */
export const creatorWithPlans = {
  _id: 'creator-1',
  name: 'Ana Lima',
  username: 'ana.lima',
  avatar: 'http://platform.test/files/defaults/avatar.svg',
  monthlyPrice: 9.9,
  quarterlyPrice: 27,
  halfYearlyPrice: 0,
  yearlyPrice: 99,
  isFreeSubscription: true,
  durationFreeSubscriptionDays: 7,
  usedFreeSubscription: false,
};

/** The demo fan's active monthly subscription to Ana, renewing on 1 April 2099; a test changes what it needs. */
export function subscriptionDto(overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    _id: 'sub-1',
    userId: 'fan-1',
    performerId: 'creator-1',
    subscriptionType: 'monthly',
    status: 'active',
    price: 9.9,
    startedAt: '2099-03-01T12:00:00.000Z',
    expiredAt: '2099-04-01T12:00:00.000Z',
    cancelledAt: null,
    isActive: true,
    willRenew: true,
    graceUntil: null,
    renewals: 0,
    createdAt: '2099-03-01T12:00:00.000Z',
    updatedAt: '2099-03-01T12:00:00.000Z',
    ...overrides,
  };
}
