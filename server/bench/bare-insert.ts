/**
 * The tip bench's yardstick: one authenticated POST that does a single one-row INSERT,
 * through the same HTTP stack (Fastify, the auth hook, JSON) as a tip. Registered only
 * on the bench's own server, as an extra domain.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { currentUser } from '../src/http/guard.js';
import { defineDomain } from '../src/domains/plugin.js';

export const BARE_INSERT_PATH = '/bench/insert';

export async function createBareInsertTable(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists bench_inserts (id bigserial primary key, user_id text not null, n integer not null, created_at timestamptz not null default now())`);
}

export const bareInsertDomain = defineDomain({
  name: 'bench-bare-insert',
  offContract: [{ method: 'POST', path: BARE_INSERT_PATH, access: 'authenticated' }],
  register(api, ctx) {
    api.post(BARE_INSERT_PATH, async (request) => {
      const n = Number((request.body as { n?: unknown } | undefined)?.n ?? 0);
      await ctx.db.execute(sql`insert into bench_inserts (user_id, n) values (${currentUser(request).id}, ${Number.isInteger(n) ? n : 0})`);
      return { status: 0, data: { ok: true } };
    });
  },
});
