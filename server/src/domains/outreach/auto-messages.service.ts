/** Automatic messages: one per creator and trigger (`subscribe`, `tip`, `follow`), sent by auto-send.job.ts. */
import type { AutoMessageDto } from '@fandeck/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { autoMessages, type AutoMessageTrigger } from './outreach.tables.js';
import { conflict, notFound } from '../../http/errors.js';
import { inScope } from './outreach.access.js';
import { checkContent, mergeContent } from './outreach-content.js';
import { presentAutoMessage, type AutoMessageRow } from './outreach.presenter.js';
import type { AutoMessageInput } from './outreach.schemas.js';

const NO_SUCH = 'No such automatic message';
const taken = (trigger: AutoMessageTrigger) => conflict('auto_messages.trigger_taken', `body.trigger: you already have an automatic message for ${trigger}`);

async function findInScope(db: DbOrTx, scope: string | null, id: string, lock = false): Promise<AutoMessageRow> {
  const query = db.select().from(autoMessages).where(eq(autoMessages.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row || !inScope(row.performerId, scope)) throw notFound('auto_messages.not_found', NO_SUCH);
  return row;
}

/** The unique (creator, trigger) index decides a race between two creates: the loser is a 409 like any second one. */
async function uniqueTrigger<T>(trigger: AutoMessageTrigger, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(trigger);
    throw error;
  }
}

export async function createAutoMessage(ctx: AppContext, creatorId: string, input: AutoMessageInput & { trigger: AutoMessageTrigger }): Promise<AutoMessageDto> {
  const content = mergeContent(null, input);
  await checkContent(ctx.db, creatorId, content);
  const [row] = await uniqueTrigger(input.trigger, () =>
    ctx.db
      .insert(autoMessages)
      .values({ performerId: creatorId, trigger: input.trigger, ...content, enabled: input.enabled ?? true })
      .returning(),
  );
  return presentAutoMessage(row!);
}

export async function updateAutoMessage(ctx: AppContext, scope: string | null, id: string, input: AutoMessageInput): Promise<AutoMessageDto> {
  const current = await findInScope(ctx.db, scope, id);
  const content = mergeContent(current, input);
  await checkContent(ctx.db, current.performerId, content);
  const trigger = input.trigger ?? current.trigger;
  const [row] = await uniqueTrigger(trigger, () =>
    ctx.db
      .update(autoMessages)
      .set({ ...content, trigger, ...(input.enabled !== undefined ? { enabled: input.enabled } : {}), updatedAt: ctx.now() })
      .where(eq(autoMessages.id, id))
      .returning(),
  );
  if (!row) throw notFound('auto_messages.not_found', NO_SUCH);
  return presentAutoMessage(row);
}

export async function deleteAutoMessage(ctx: AppContext, scope: string | null, id: string): Promise<void> {
  await findInScope(ctx.db, scope, id);
  await ctx.db.delete(autoMessages).where(eq(autoMessages.id, id));
}

export async function getAutoMessage(ctx: AppContext, scope: string | null, id: string): Promise<AutoMessageDto> {
  return presentAutoMessage(await findInScope(ctx.db, scope, id));
}

/** A creator has at most one per trigger, so the whole list is one page. */
export async function listAutoMessages(ctx: AppContext, creatorId: string): Promise<{ items: AutoMessageDto[]; total: number }> {
  const rows = await ctx.db.select().from(autoMessages).where(eq(autoMessages.performerId, creatorId)).orderBy(asc(autoMessages.trigger));
  const [total] = await ctx.db.select({ total: count() }).from(autoMessages).where(eq(autoMessages.performerId, creatorId));
  return { items: rows.map(presentAutoMessage), total: total?.total ?? 0 };
}
