import type { AutoMessageDto, CategorizedListDto, MassMessageDto, MessageTemplateDto } from '@fandeck/contract';
import type { autoMessages, categorizedLists, massMessages, messageTemplates } from './outreach.tables.js';
import { fromCents } from '../../money/amounts.js';

export type MassMessageRow = typeof massMessages.$inferSelect;
export type TemplateRow = typeof messageTemplates.$inferSelect;
export type AutoMessageRow = typeof autoMessages.$inferSelect;
export type ListRow = typeof categorizedLists.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentMassMessage(row: MassMessageRow, openedCount: number): MassMessageDto {
  const audience = row.audience.kind === 'lists' ? { kind: 'lists' as const, listIds: row.audience.listIds ?? [] } : { kind: row.audience.kind };
  return {
    _id: row.id,
    performerId: row.performerId,
    text: row.text,
    price: fromCents(row.priceCents),
    fileIds: row.fileIds,
    audience,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    recipientsCount: row.recipientsCount,
    openedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTemplate(row: TemplateRow): MessageTemplateDto {
  return {
    _id: row.id,
    name: row.name,
    text: row.text,
    price: fromCents(row.priceCents),
    fileIds: row.fileIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAutoMessage(row: AutoMessageRow): AutoMessageDto {
  return {
    _id: row.id,
    trigger: row.trigger,
    text: row.text,
    price: fromCents(row.priceCents),
    fileIds: row.fileIds,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentList(row: ListRow, userIds: string[]): CategorizedListDto {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    userIds,
    membersCount: userIds.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
