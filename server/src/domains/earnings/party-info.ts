import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { PartyInfo } from '@fandeck/contract';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../accounts/accounts.tables.js';
import { AVATAR_PLACEHOLDER, fileUrl } from '../accounts/index.js';

/** The other side of a sale, a referral or a payout, as lists show it (contract `PartyInfo`). */
export const partyInfoSchema = z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), avatar: z.string() }) satisfies z.ZodType<PartyInfo>;

export interface PartyRow {
  id: string;
  name: string;
  username: string | null;
  avatarPath: string | null;
  role: string;
}

export const presentParty = (origin: string, row: PartyRow): PartyInfo => ({
  _id: row.id,
  name: row.name,
  username: row.username,
  avatar: fileUrl(origin, row.avatarPath, AVATAR_PLACEHOLDER),
});

/** The named users, by id (a user that no longer exists is simply absent). */
export async function partiesById(db: DbOrTx, ids: readonly (string | null | undefined)[]): Promise<Map<string, PartyRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, avatarPath: users.avatarPath, role: users.role })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
