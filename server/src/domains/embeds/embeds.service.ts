import { isVerifiedCreator, requireVerifiedCreator } from '../accounts/index.js';
import { ORIGIN_PROOF_META, ORIGIN_PROOF_PATH, type EmbedOriginDto } from '@fandeck/contract';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isId } from '../../db/schema/ids.js';
import { users } from '../accounts/accounts.tables.js';
import { performers } from '../performers/performers.tables.js';
import { embedOrigins } from './embeds.tables.js';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.js';
import { MAX_EMBED_ORIGINS, normaliseOrigin } from './embed-origin.js';
import { isLocalOrigin } from './origin-address.js';
import { findOriginProof, type ProofOptions } from './origin-proof.js';

type Row = typeof embedOrigins.$inferSelect;
const present = (row: Row): EmbedOriginDto => ({
  _id: row.id,
  origin: row.origin,
  createdAt: row.createdAt.toISOString(),
  verified: row.verifiedAt !== null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
  token: row.token,
  proofUrl: `${row.origin}${ORIGIN_PROOF_PATH}`,
  proofMeta: `<meta name="${ORIGIN_PROOF_META}" content="${row.token}">`,
});

/** Only proven listings count for embedding; the platform's own origin never does. */
const counts = (ctx: AppContext) => and(isNotNull(embedOrigins.verifiedAt), sql`${embedOrigins.origin} <> ${ctx.config.publicOrigin}`);

/** The signed-in creator's list, oldest first (the order they added them). */
export async function listOrigins(ctx: AppContext, performerId: string): Promise<EmbedOriginDto[]> {
  await requireVerifiedCreator(ctx.db, performerId);
  const rows = await ctx.db
    .select()
    .from(embedOrigins)
    .where(eq(embedOrigins.performerId, performerId))
    .orderBy(asc(embedOrigins.createdAt), asc(embedOrigins.id));
  return rows.map(present);
}

/**
 * Adds a normalised origin, not yet verified (see `verifyOrigin`). The creator's row is
 * locked while counting, so two parallel additions cannot pass the limit together; a
 * duplicate is a 409. The platform's own origin is never listed, nor, in production, a
 * local or private one.
 */
export async function addOrigin(ctx: AppContext, performerId: string, input: string): Promise<EmbedOriginDto> {
  await requireVerifiedCreator(ctx.db, performerId);
  const check = normaliseOrigin(input);
  if (!check.ok) throw badRequest('embeds.invalid_origin', `body.origin: ${check.reason}`, ['body.origin']);
  if (check.origin === ctx.config.publicOrigin) throw unprocessable('embeds.platform_origin', `${check.origin} is the platform itself and cannot be listed`);
  if (ctx.config.env === 'production' && isLocalOrigin(check.origin)) {
    throw unprocessable('embeds.origin_not_public', `${check.origin} is a local or private address; only public sites can be listed`);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, performerId)).for('update');
      const [existing] = await tx
        .select({ id: embedOrigins.id })
        .from(embedOrigins)
        .where(and(eq(embedOrigins.performerId, performerId), eq(embedOrigins.origin, check.origin)))
        .limit(1);
      if (existing) throw conflict('embeds.origin_exists', `${check.origin} is already on your list`);
      const [counted] = await tx.select({ total: count() }).from(embedOrigins).where(eq(embedOrigins.performerId, performerId));
      if ((counted?.total ?? 0) >= MAX_EMBED_ORIGINS) {
        throw unprocessable('embeds.too_many', `You can list at most ${MAX_EMBED_ORIGINS} origins; remove one first`);
      }
      const [row] = await tx.insert(embedOrigins).values({ performerId, origin: check.origin }).returning();
      return present(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('embeds.origin_exists', `${check.origin} is already on your list`);
    throw error;
  }
}

/** Removes one of the creator's own origins; someone else's id is simply not found. */
export async function removeOrigin(ctx: AppContext, performerId: string, id: string): Promise<EmbedOriginDto> {
  const [row] = await ctx.db
    .delete(embedOrigins)
    .where(and(eq(embedOrigins.id, id), eq(embedOrigins.performerId, performerId)))
    .returning();
  if (!row) throw notFound('embeds.not_found', 'Origin not found');
  return present(row);
}

/**
 * Fetches the listing's token from its origin and, when found, marks the listing verified
 * (from then on the bridge accepts the origin). Not found: 422 `embeds.origin_unverified`
 * saying what the origin answered instead; an earlier verification stays as it was.
 * `proof` is for tests (a shorter deadline).
 */
export async function verifyOrigin(ctx: AppContext, performerId: string, id: string, proof: Partial<ProofOptions> = {}): Promise<EmbedOriginDto> {
  await requireVerifiedCreator(ctx.db, performerId);
  const [row] = await ctx.db
    .select()
    .from(embedOrigins)
    .where(and(eq(embedOrigins.id, id), eq(embedOrigins.performerId, performerId)))
    .limit(1);
  if (!row) throw notFound('embeds.not_found', 'Origin not found');
  if (row.origin === ctx.config.publicOrigin) throw unprocessable('embeds.platform_origin', `${row.origin} is the platform itself and cannot be listed`);
  const production = ctx.config.env === 'production';
  if (production && isLocalOrigin(row.origin)) {
    throw unprocessable('embeds.origin_not_public', `${row.origin} is a local or private address; only public sites can be listed`);
  }
  const found = await findOriginProof(row.origin, row.token, { allowPrivate: !production, ...proof });
  if (!found.ok) throw unprocessable('embeds.origin_unverified', `Could not verify ${row.origin}: ${found.reason}`);
  const [updated] = await ctx.db
    .update(embedOrigins)
    .set({ verifiedAt: ctx.now() })
    .where(and(eq(embedOrigins.id, row.id), eq(embedOrigins.performerId, performerId)))
    .returning();
  if (!updated) throw notFound('embeds.not_found', 'Origin not found');
  return present(updated);
}

/**
 * The verified origins an active creator (by id or username) allows, or null when there is no
 * such creator. Used by the bridge page's header and by the public check.
 */
export async function creatorOrigins(ctx: AppContext, idOrUsername: string): Promise<string[] | null> {
  const key = idOrUsername.trim();
  if (!key || key.length > 100) return null;
  const match = isId(key) ? eq(users.id, key) : eq(sql`lower(${users.username})`, key.toLowerCase());
  const [creator] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
    .limit(1);
  // A creator still under review embeds nowhere.
  if (!creator || !(await isVerifiedCreator(ctx.db, creator.id))) return null;
  const rows = await ctx.db
    .select({ origin: embedOrigins.origin })
    .from(embedOrigins)
    .where(and(eq(embedOrigins.performerId, creator.id), counts(ctx)))
    .orderBy(asc(embedOrigins.createdAt), asc(embedOrigins.id));
  return rows.map((r) => r.origin);
}

/**
 * Whether `origin` may embed the creator's widgets. It agrees with the bridge page's
 * `frame-ancestors`: the platform itself counts only once the creator has any verified origin.
 */
export async function isOriginAllowed(ctx: AppContext, creator: string, origin: string): Promise<boolean> {
  const check = normaliseOrigin(origin);
  // Browsers report origins already normalised; anything else is not an origin they sent.
  if (!check.ok || check.origin !== origin) return false;
  const listed = await creatorOrigins(ctx, creator);
  if (!listed || listed.length === 0) return false;
  return origin === ctx.config.publicOrigin || listed.includes(origin);
}

/**
 * The creators who own `origin` (normalised): active creators whose documents staff approved
 * and whose embed list holds it verified, as `ownsEmbedOrigin` counts a creator's own sites. A page on
 * that origin sees only what belongs to them (`server/src/http/page-scope.ts`).
 */
export async function creatorsOwningOrigin(ctx: AppContext, origin: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(embedOrigins)
    .innerJoin(users, eq(users.id, embedOrigins.performerId))
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(and(eq(embedOrigins.origin, origin), counts(ctx), eq(users.role, 'performer'), eq(users.status, 'active'), eq(performers.verifiedDocument, true)));
  return rows.map((row) => row.id);
}
