import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lacks, services } from '../../test/tools.js';
import { openDatabase } from './client.js';

describe.skipIf(lacks({ PostgreSQL: services.PostgreSQL() }))('PostgreSQL pool', () => {
  it('survives the server dropping an idle connection, and keeps answering', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2, onIdleError: (e) => lost.push(e) });
    const backend = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const pid = (backend as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await expect.poll(() => lost.length).toBe(1);
    const again = await database.db.execute(sql`select 1 as one`);
    expect((again as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    await database.close();
  });
});
