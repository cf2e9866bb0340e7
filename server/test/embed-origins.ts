import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../src/context.js';
import { embedOrigins } from '../src/db/schema/index.js';

/**
 * Marks a creator's listed origin verified, as `POST /embeds/origins/:id/verify` does once it
 * finds the token. For tests whose origins (`https://shop.example`) no local server answers;
 * the verification itself is tested in `src/domains/embeds/embeds-verify.test.ts`.
 */
export async function markOriginVerified(ctx: AppContext, performerId: string, origin: string): Promise<void> {
  const rows = await ctx.db
    .update(embedOrigins)
    .set({ verifiedAt: ctx.now() })
    .where(and(eq(embedOrigins.performerId, performerId), eq(embedOrigins.origin, origin)))
    .returning({ id: embedOrigins.id });
  if (rows.length !== 1) throw new Error(`${origin} is not on the list of ${performerId}`);
}
