import { randomBytes } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { newId } from '../db/schema/ids.js';
import { users } from '../domains/accounts/accounts.tables.js';
import { userPermissions } from '../domains/auth/auth.tables.js';
import { tokenPackages } from '../domains/payments/payments.tables.js';
import { sitePromos } from '../domains/site-promos/site-promos.tables.js';
import { hashPassword } from '../domains/accounts/index.js';
import type { PermissionKey } from '../domains/auth/index.js';
import { accountKeys } from '../money/ledger/accounts.js';
import { postMovement } from '../money/ledger/ledger.js';
import { seedAudience } from './demo-audience.js';
import { DEMO_AUDIENCE, DEMO_CREATORS, type DemoAccount } from './demo-content.js';
import { insertCreator, makeCreatorMedia } from './demo-creators.js';
import { seedGifts } from './demo-gifts.js';

export const DEMO_PASSWORD = 'fandeck-demo';

const OTHERS: (DemoAccount & { permissions?: PermissionKey[]; balanceCents?: number })[] = [
  { role: 'user', email: 'fan1@fandeck.local', username: 'fan.one', name: 'Fã Um', firstName: 'Fã', lastName: 'Um', countryCode: 'BR', balanceCents: 100_00 },
  { role: 'user', email: 'fan2@fandeck.local', username: 'fan.two', name: 'Fan Two', firstName: 'Fan', lastName: 'Two', countryCode: 'US', balanceCents: 50_00 },
  { role: 'manager', email: 'manager@fandeck.local', username: 'manager', name: 'Maria Gestora', firstName: 'Maria', lastName: 'Gestora', permissions: ['feed.all', 'message.all', 'stream.view', 'earning.all'] },
  { role: 'admin', email: 'admin@fandeck.local', username: 'admin.fandeck', name: 'Admin', firstName: 'Admin', lastName: 'Fandeck' },
];

/** Top-up bundles the demo's top-up screen offers: a little bonus on the bigger ones. */
export const DEMO_TOKEN_PACKAGES = [
  { name: 'Pacote Inicial', description: 'Para começar: 10 tokens.', priceCents: 10_00, tokensCents: 10_00, ordering: 1 },
  { name: 'Pacote Fã', description: '50 tokens com 5 de bônus.', priceCents: 50_00, tokensCents: 55_00, ordering: 2 },
  { name: 'Pacote Superfã', description: '100 tokens com 15 de bônus.', priceCents: 100_00, tokensCents: 115_00, ordering: 3 },
] as const;

/** Banners the demo's pages show, open-ended so they are shown from the first start on. */
export const DEMO_SITE_PROMOS = [
  { title: 'Bem-vindo ao Fandeck', description: 'Descubra criadores e assine seus favoritos.', linkUrl: '/creators', position: 'top', ordering: 1 },
  { title: 'Tokens de bônus', description: 'Nos pacotes Fã e Superfã você recebe tokens extras.', linkUrl: '', position: 'top', ordering: 2 },
] as const;

export const DEMO_LOGINS = [...DEMO_CREATORS.map((c) => c.account), ...OTHERS].map((a) => ({ role: a.role, email: a.email, username: a.username }));

/** The demo accounts found in the database (by email): their shared password is in the README. */
export async function demoAccountsPresent(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...DEMO_LOGINS, ...DEMO_AUDIENCE].map((login) => login.email)));
  return rows.map((row) => row.email).filter((email): email is string => typeof email === 'string');
}

/**
 * Why this start must not go on, or null: in production, demo accounts (seeded now or
 * found from an earlier start) are refused unless `SEED=demo` was asked for explicitly.
 */
export async function demoDataRefusal(ctx: AppContext): Promise<string | null> {
  const { env, seed, seedExplicit } = ctx.config;
  if (env !== 'production' || (seed === 'demo' && seedExplicit)) return null;
  const found = await demoAccountsPresent(ctx);
  if (found.length === 0) return null;
  return [
    `This production database holds ${found.length} demo account(s) (${found.slice(0, 3).join(', ')}${found.length > 3 ? ', ...' : ''}),`,
    `whose password is published with the code. Delete them, or start with SEED=demo to keep them on purpose.`,
  ].join('\n');
}

export interface SeedOptions {
  /** Draw the pictures and make the videos (default true); tests that need only the accounts and posts skip them. */
  media?: boolean;
  /** Told what the seed left out and why (no ffmpeg: no videos). */
  note?: (line: string) => void;
}

/**
 * Seeds the demo once, into an empty database: creators with avatars, covers and posts
 * (photos, videos, polls, some for subscribers only), an audience that follows, subscribes,
 * likes and votes, demo fans with wallet money, staff, token packages and promos. Returns
 * false when users already exist, so a restart changes nothing.
 */
export async function seedDemo(ctx: AppContext, options: SeedOptions = {}): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const note = options.note ?? (() => undefined);
  const creatorIds = DEMO_CREATORS.map(() => newId());
  // The slow parts at once: two password hashes (argon2) and the media (sharp, ffmpeg).
  const [passwordHash, audienceHash, media] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    // Nobody knows the audience's password: they cannot be signed in to.
    hashPassword(randomBytes(24).toString('base64url')),
    options.media === false ? Promise.resolve(null) : makeCreatorMedia(ctx, creatorIds, note),
  ]);
  await ctx.db.transaction(async (tx) => {
    const seeded = [];
    for (const [index, creator] of DEMO_CREATORS.entries()) {
      seeded.push(await insertCreator(tx, ctx, creatorIds[index]!, creator, passwordHash, media?.[index] ?? null));
    }
    await seedAudience(tx, ctx, seeded, audienceHash);
    for (const { permissions, balanceCents, ...account } of OTHERS) {
      const [user] = await tx.insert(users).values({ ...account, passwordHash, verifiedEmail: true, status: 'active' }).returning();
      // Demo money enters like any top-up: from a clearing account, through the ledger.
      if (balanceCents) {
        await postMovement(tx, {
          kind: 'topup',
          referenceType: 'seed',
          referenceId: user!.id,
          postings: [
            { account: accountKeys.gateway('demo-seed'), amountCents: -balanceCents },
            { account: accountKeys.wallet(user!.id), amountCents: balanceCents },
          ],
        });
      }
      if (permissions?.length) await tx.insert(userPermissions).values(permissions.map((permissionKey) => ({ userId: user!.id, permissionKey })));
    }
    await tx.insert(tokenPackages).values([...DEMO_TOKEN_PACKAGES]);
    await tx.insert(sitePromos).values([...DEMO_SITE_PROMOS]);
    await seedGifts(tx);
  });
  return true;
}
