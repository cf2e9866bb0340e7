import { z } from 'zod';
import type { EarningDto, EarningPoint, EarningStats, ReferralCode, ReferralDto, ReferralEarningDto, ReferralEarningStats, TopContentDto } from '@fandeck/contract';
import { ID_PATTERN } from '../../db/schema/ids.js';
import { sortableListQuery } from '../../http/pagination.js';
import { dateRangeQuery } from './date-range.js';
import { EARNING_SOURCES } from './earning-credits.js';
import { earningSortColumns, TIMELINE_INTERVALS } from './earnings.service.js';
import { partyInfoSchema } from './party-info.js';
import { referralEarningSortColumns, referralSortColumns } from './referrals.service.js';

/** Staff (`earning.all`) name the creator; a creator always reads their own. */
const whose = z.object({ performerId: z.string().regex(ID_PATTERN, 'must be a creator id').optional() });

export const statsQuery = dateRangeQuery.extend(whose.shape);
export const earningSearchQuery = sortableListQuery(earningSortColumns).extend({ ...dateRangeQuery.shape, ...whose.shape, type: z.enum(EARNING_SOURCES).optional() });
export const timelineQuery = statsQuery.extend({ interval: z.enum(TIMELINE_INTERVALS).default('day') });
export const referralEarningSearchQuery = sortableListQuery(referralEarningSortColumns).extend(dateRangeQuery.shape);
export const referralSearchQuery = sortableListQuery(referralSortColumns);

const amount = z.number();

export const earningStatsSchema = z.object({
  totalGrossPrice: amount,
  totalSiteCommission: amount,
  totalNetPrice: amount,
  paidPrice: amount,
  pendingPrice: amount,
  remainingPrice: amount,
}) satisfies z.ZodType<EarningStats>;

export const earningSchema = z.object({
  _id: z.string(),
  type: z.enum(EARNING_SOURCES),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  grossPrice: amount,
  siteCommission: amount,
  netPrice: amount,
  userInfo: partyInfoSchema.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<EarningDto>;

export const earningPointSchema = z.object({ date: z.string(), netPrice: amount, grossPrice: amount, count: z.number().int() }) satisfies z.ZodType<EarningPoint>;

export const topContentSchema = z.object({
  type: z.enum(EARNING_SOURCES),
  sourceId: z.string().nullable(),
  title: z.string(),
  netPrice: amount,
  count: z.number().int(),
}) satisfies z.ZodType<TopContentDto>;

export const referralEarningStatsSchema = z.object({ totalNetPrice: amount, count: z.number().int() }) satisfies z.ZodType<ReferralEarningStats>;

export const referralEarningSchema = z.object({
  _id: z.string(),
  netPrice: amount,
  referralInfo: partyInfoSchema.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ReferralEarningDto>;

export const referralCodeSchema = z.object({ code: z.string(), link: z.string() }) satisfies z.ZodType<ReferralCode>;

export const referralSchema = z.object({
  _id: z.string(),
  registrationInfo: partyInfoSchema.extend({ role: z.string() }),
  createdAt: z.string(),
}) satisfies z.ZodType<ReferralDto>;
