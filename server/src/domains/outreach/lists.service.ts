/**
 * Categorized lists: a creator's named lists of fans, a mass message's audience. A member is
 * a fan (role `user`) who follows the creator or has subscribed to them, now or before; any
 * other id is refused (422 `lists.members_invalid`), so a list cannot carry messages to people
 * who never chose to hear from the creator.
 */
import type { CategorizedListDto } from '@fandeck/contract';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { categorizedListMembers, categorizedLists } from './outreach.tables.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { escapeLike, sortColumnOf, toPage, type ListQuery } from '../../http/pagination.js';
import { relatedFan } from './mass-audience.js';
import { inScope } from './outreach.access.js';
import { presentList, type ListRow } from './outreach.presenter.js';
import type { ListInput } from './outreach.schemas.js';

const NO_SUCH = 'No such list';

const listSortColumns = { createdAt: categorizedLists.createdAt, updatedAt: categorizedLists.updatedAt, name: categorizedLists.name } as const;

async function findInScope(db: DbOrTx, scope: string | null, id: string, lock = false): Promise<ListRow> {
  const query = db.select().from(categorizedLists).where(eq(categorizedLists.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row || !inScope(row.performerId, scope)) throw notFound('lists.not_found', NO_SUCH);
  return row;
}

/** The members as given (each once), after checking every one is a fan of the creator. */
async function checkMembers(db: DbOrTx, creatorId: string, userIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return unique;
  const fans = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, 'user'), relatedFan(db, creatorId, users.id)));
  if (fans.length !== unique.length) {
    const known = new Set(fans.map((f) => f.id));
    const wrong = unique.filter((id) => !known.has(id)).slice(0, 5);
    throw unprocessable('lists.members_invalid', `body.userIds: not fans who follow or subscribed to you: ${wrong.join(', ')}`);
  }
  return unique;
}

async function replaceMembers(tx: Tx, listId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(categorizedListMembers).where(eq(categorizedListMembers.listId, listId));
  if (userIds.length) await tx.insert(categorizedListMembers).values(userIds.map((userId) => ({ listId, userId })));
}

/** Members of each list, in the order they were added. */
async function membersOf(db: DbOrTx, listIds: string[]): Promise<Map<string, string[]>> {
  const byList = new Map<string, string[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await db
    .select({ listId: categorizedListMembers.listId, userId: categorizedListMembers.userId })
    .from(categorizedListMembers)
    .where(inArray(categorizedListMembers.listId, listIds))
    .orderBy(asc(categorizedListMembers.createdAt), asc(categorizedListMembers.userId));
  for (const row of rows) byList.get(row.listId)!.push(row.userId);
  return byList;
}

const presentOne = async (db: DbOrTx, row: ListRow) => presentList(row, (await membersOf(db, [row.id])).get(row.id)!);

export async function createList(ctx: AppContext, creatorId: string, input: ListInput & { name: string }): Promise<CategorizedListDto> {
  return ctx.db.transaction(async (tx) => {
    const members = await checkMembers(tx, creatorId, input.userIds ?? []);
    const [row] = await tx.insert(categorizedLists).values({ performerId: creatorId, name: input.name, description: input.description ?? '' }).returning();
    await replaceMembers(tx, row!.id, members);
    return presentOne(tx, row!);
  });
}

/** `userIds`, when sent, is the whole new membership. */
export async function updateList(ctx: AppContext, scope: string | null, id: string, input: ListInput): Promise<CategorizedListDto> {
  return ctx.db.transaction(async (tx) => {
    const current = await findInScope(tx, scope, id, true);
    if (input.userIds) await replaceMembers(tx, id, await checkMembers(tx, current.performerId, input.userIds));
    const [row] = await tx
      .update(categorizedLists)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: ctx.now() })
      .where(eq(categorizedLists.id, id))
      .returning();
    return presentOne(tx, row!);
  });
}

/** Members go with the list; a scheduled mass message naming it then reaches nobody through it. */
export async function deleteList(ctx: AppContext, scope: string | null, id: string): Promise<void> {
  await findInScope(ctx.db, scope, id);
  await ctx.db.delete(categorizedLists).where(eq(categorizedLists.id, id));
}

export async function getList(ctx: AppContext, scope: string | null, id: string): Promise<CategorizedListDto> {
  return presentOne(ctx.db, await findInScope(ctx.db, scope, id));
}

/** The creator's lists; `q` matches the name. */
export async function searchLists(ctx: AppContext, creatorId: string, query: ListQuery): Promise<{ items: CategorizedListDto[]; total: number }> {
  const page = toPage(query);
  const where = and(eq(categorizedLists.performerId, creatorId), query.q ? ilike(categorizedLists.name, `%${escapeLike(query.q)}%`) : undefined);
  const column = sortColumnOf(listSortColumns, page, categorizedLists.updatedAt);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(categorizedLists)
      .where(where)
      .orderBy(page.sort === 'asc' ? sql`${column} asc` : sql`${column} desc`, asc(categorizedLists.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(categorizedLists).where(where),
  ]);
  const members = await membersOf(ctx.db, rows.map((r) => r.id));
  return { items: rows.map((r) => presentList(r, members.get(r.id)!)), total: total?.total ?? 0 };
}
