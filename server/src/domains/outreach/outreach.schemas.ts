/**
 * Request and response schemas of mass messages, templates, automatic messages and lists.
 * The response schemas accept exactly the contract's wire types (checked at compile time).
 */
import {
  type AutoMessageDto,
  type CategorizedListDto,
  LIMITS,
  type MassMessageDto,
  MESSAGE_FILES_MAX,
  MESSAGE_TEXT_MAX,
  type MessageTemplateDto,
} from '@fandeck/contract';
import { z } from 'zod';
import { AUTO_MESSAGE_TRIGGERS, MASS_MESSAGE_STATUSES, massMessages } from './outreach.tables.js';
import { amountSchema } from '../../money/amounts.js';
import { pageSizeSchema, sortableListQuery } from '../../http/pagination.js';
import { partyInfoSchema } from '../subscriptions/index.js';

export const TEMPLATE_NAME_MAX = LIMITS.outreach.templateNameMax;
export const LIST_NAME_MAX = LIMITS.outreach.listNameMax;
export const LIST_DESCRIPTION_MAX = LIMITS.outreach.listDescriptionMax;
/** Most fans one list holds (a PUT sends the whole membership). */
export const LIST_MEMBERS_MAX = 5000;
/** Most lists one mass message goes to. */
export const AUDIENCE_LISTS_MAX = 50;

export const idSchema = z.string().min(1).max(64);
export const idParams = z.object({ id: idSchema });
/** Staff name the creator they act for; a creator never needs to (their own is used). */
export const performerQuery = z.object({ performerId: idSchema.optional() });

/** Decimal units on the wire, cents after parsing; never negative. The upper limit is a setting (checked in the service). */
const priceSchema = amountSchema.refine((cents) => cents >= 0, 'must be 0 or more');

/** What every kind of outgoing message carries; each field optional, so an edit changes only what it sends. */
const contentFields = {
  text: z.string().trim().max(MESSAGE_TEXT_MAX).optional(),
  /** Decimal units; 0 or absent: free. A price needs files (what the fan unlocks). */
  price: priceSchema.optional(),
  /** Photos and videos the creator uploaded (POST /mass-message/file/…, /message-templates/file/… or the message uploads). */
  fileIds: z.array(idSchema).max(MESSAGE_FILES_MAX).optional(),
};
export type ContentInput = { text?: string; price?: number; fileIds?: string[] };

export const audienceSchema = z.object({
  kind: z.enum(['subscribers', 'followers', 'lists']),
  /** With `lists`: the creator's own lists (GET /list-categorized). */
  listIds: z.array(idSchema).max(AUDIENCE_LISTS_MAX).optional(),
});
export type AudienceInput = z.infer<typeof audienceSchema>;

const scheduledAtSchema = z.iso.datetime({ offset: true }).nullable().optional();

export const massMessageBody = z.object({
  ...contentFields,
  audience: audienceSchema,
  /** ISO date-time in the future; absent or null: sent now. */
  scheduledAt: scheduledAtSchema,
});
export const massMessageUpdateBody = massMessageBody.partial();
export type MassMessageInput = z.infer<typeof massMessageUpdateBody>;

/** `POST /messages/broadcast-message`: sent now; to all active subscribers unless an audience is named. */
export const broadcastBody = z.object({ ...contentFields, audience: audienceSchema.optional() });

export const templateBody = z.object({ name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX), ...contentFields });
export const templateUpdateBody = templateBody.partial();
export type TemplateInput = z.infer<typeof templateUpdateBody>;

export const autoMessageBody = z.object({ trigger: z.enum(AUTO_MESSAGE_TRIGGERS), ...contentFields, enabled: z.boolean().optional() });
export const autoMessageUpdateBody = autoMessageBody.partial();
export type AutoMessageInput = z.infer<typeof autoMessageUpdateBody>;

export const listBody = z.object({
  name: z.string().trim().min(1).max(LIST_NAME_MAX),
  description: z.string().trim().max(LIST_DESCRIPTION_MAX).optional(),
  /** Fans who follow the creator or have subscribed to them (now or before). */
  userIds: z.array(idSchema).max(LIST_MEMBERS_MAX).optional(),
});
export const listUpdateBody = listBody.partial();
export type ListInput = z.infer<typeof listUpdateBody>;

/** The columns a list may be sorted by (`sortBy`). */
export const massSortColumns = {
  createdAt: massMessages.createdAt,
  updatedAt: massMessages.updatedAt,
  scheduledAt: massMessages.scheduledAt,
  sentAt: massMessages.sentAt,
} as const;
export const massSearchQuery = sortableListQuery(massSortColumns).extend({
  status: z.enum(MASS_MESSAGE_STATUSES).optional(),
  performerId: idSchema.optional(),
});
/** Templates and lists: by date or name. */
export const namedSortKeys = { createdAt: 'createdAt', updatedAt: 'updatedAt', name: 'name' } as const;
export const namedSearchQuery = sortableListQuery(namedSortKeys).extend({ performerId: idSchema.optional() });
export const openedQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: pageSizeSchema().optional(),
});

const money = z.number();
const iso = z.string();

export const massMessageSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  text: z.string(),
  price: money,
  fileIds: z.array(z.string()),
  audience: z.object({ kind: z.enum(['subscribers', 'followers', 'lists']), listIds: z.array(z.string()).optional() }),
  status: z.enum(MASS_MESSAGE_STATUSES),
  scheduledAt: iso.nullable(),
  sentAt: iso.nullable(),
  recipientsCount: z.number().int(),
  openedCount: z.number().int(),
  createdAt: iso,
  updatedAt: iso,
});

export const templateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  text: z.string(),
  price: money,
  fileIds: z.array(z.string()),
  createdAt: iso,
  updatedAt: iso,
});

export const autoMessageSchema = z.object({
  _id: z.string(),
  trigger: z.enum(AUTO_MESSAGE_TRIGGERS),
  text: z.string(),
  price: money,
  fileIds: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
});

export const listSchemaDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  userIds: z.array(z.string()),
  membersCount: z.number().int(),
  createdAt: iso,
  updatedAt: iso,
});

/** What a delete answers. */
export const successSchema = z.object({ success: z.literal(true) });

export const openedSchema = z.object({
  openedCount: z.number().int(),
  recipientsCount: z.number().int(),
  /** A page of the fans who opened it, most recent first. */
  data: z.array(partyInfoSchema.extend({ openedAt: iso })),
  total: z.number().int(),
});
export type OpenedDto = z.infer<typeof openedSchema>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatches: [
  Same<z.infer<typeof massMessageSchema>, MassMessageDto>,
  Same<z.infer<typeof templateSchema>, MessageTemplateDto>,
  Same<z.infer<typeof autoMessageSchema>, AutoMessageDto>,
  Same<z.infer<typeof listSchemaDto>, CategorizedListDto>,
] = [true, true, true, true];
void wireMatches;
