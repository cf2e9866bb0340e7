/** Message templates: a creator's saved text, price and files, to start a message or a mass message from. */
import type { MessageTemplateDto } from '@fandeck/contract';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { messageTemplates } from './outreach.tables.js';
import { notFound } from '../../http/errors.js';
import { escapeLike, sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { inScope } from './outreach.access.js';
import { checkContent, mergeContent } from './outreach-content.js';
import { presentTemplate, type TemplateRow } from './outreach.presenter.js';
import type { TemplateInput } from './outreach.schemas.js';

const NO_SUCH = 'No such template';

const templateSortColumns = { createdAt: messageTemplates.createdAt, updatedAt: messageTemplates.updatedAt, name: messageTemplates.name } as const;

async function findInScope(db: DbOrTx, scope: string | null, id: string, lock = false): Promise<TemplateRow> {
  const query = db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row || !inScope(row.performerId, scope)) throw notFound('templates.not_found', NO_SUCH);
  return row;
}

export async function createTemplate(ctx: AppContext, creatorId: string, input: TemplateInput & { name: string }): Promise<MessageTemplateDto> {
  const content = mergeContent(null, input);
  return ctx.db.transaction(async (tx) => {
    await checkContent(tx, creatorId, content);
    const [row] = await tx.insert(messageTemplates).values({ performerId: creatorId, name: input.name, ...content }).returning();
    return presentTemplate(row!);
  });
}

export async function updateTemplate(ctx: AppContext, scope: string | null, id: string, input: TemplateInput): Promise<MessageTemplateDto> {
  return ctx.db.transaction(async (tx) => {
    const current = await findInScope(tx, scope, id, true);
    const content = mergeContent(current, input);
    await checkContent(tx, current.performerId, content);
    const [row] = await tx
      .update(messageTemplates)
      .set({ ...content, ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: ctx.now() })
      .where(eq(messageTemplates.id, id))
      .returning();
    return presentTemplate(row!);
  });
}

export async function deleteTemplate(ctx: AppContext, scope: string | null, id: string): Promise<void> {
  await findInScope(ctx.db, scope, id);
  await ctx.db.delete(messageTemplates).where(eq(messageTemplates.id, id));
}

export async function getTemplate(ctx: AppContext, scope: string | null, id: string): Promise<MessageTemplateDto> {
  return presentTemplate(await findInScope(ctx.db, scope, id));
}

/** The creator's templates; `q` matches the name. */
export async function searchTemplates(ctx: AppContext, creatorId: string, query: ListQuery): Promise<{ items: MessageTemplateDto[]; total: number }> {
  const page = toPage(query);
  const where = and(eq(messageTemplates.performerId, creatorId), query.q ? ilike(messageTemplates.name, `%${escapeLike(query.q)}%`) : undefined);
  const column = sortColumnOf(templateSortColumns, page, messageTemplates.updatedAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(messageTemplates)
      .where(where)
      .orderBy(page.sort === 'asc' ? sql`${column} asc` : sql`${column} desc`, asc(messageTemplates.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(messageTemplates).where(where),
  ]);
  return { items: rows.map(presentTemplate), total: total?.total ?? 0 };
}
