import { count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users, type Role } from '../domains/accounts/accounts.tables.js';
import { userPermissions } from '../domains/auth/auth.tables.js';
import { feeds } from '../domains/feeds/feeds.tables.js';
import { tokenPackages } from '../domains/payments/payments.tables.js';
import { performers } from '../domains/performers/performers.tables.js';
import { sitePromos } from '../domains/site-promos/site-promos.tables.js';
import { hashPassword } from '../domains/accounts/index.js';
import type { PermissionKey } from '../domains/auth/index.js';
import { accountKeys } from '../money/ledger/accounts.js';
import { postMovement } from '../money/ledger/ledger.js';
import { initialsSvg, writeUpload } from './avatars.js';
import { seedGifts } from './demo-gifts.js';

export const DEMO_PASSWORD = 'fandeck-demo';

/**
 * The demo accounts have first and last names, as account forms need (api-contract section 7).
 * Their usernames predate the one username rule (`@fandeck/contract` usernames.ts: lowercase
 * letters and digits) and are kept on purpose: the end-to-end tests, the README and the spec's
 * examples sign in and link to `/ana.lima`, and usernames made before the rule keep working
 * for sign-in and profile links. Only new or changed usernames must follow the rule.
 */
interface DemoAccount {
  role: Role;
  email: string;
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  gender?: 'male' | 'female';
  countryCode?: string;
  balanceCents?: number;
}

const CREATORS = [
  {
    account: { role: 'performer', email: 'creator1@fandeck.local', username: 'ana.lima', name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', gender: 'female', countryCode: 'BR' },
    profile: { bio: 'Fotógrafa e viajante. Bastidores de cada ensaio.', monthlyPriceCents: 990, quarterlyPriceCents: 2690, halfYearlyPriceCents: 4990, yearlyPriceCents: 8990, freeSubscriptionEnabled: true, height: '167-169', hair: 'brown', eyes: 'brown', bodyType: 'fit' },
    posts: ['Novo ensaio no ar! 📸', 'Bastidores da viagem a Lisboa.', 'Qual cidade visitamos no próximo mês?'],
    subscriberPosts: ['O ensaio completo de Lisboa, só para assinantes 🔒', 'Meu roteiro de viagem, dia a dia: para assinantes.'],
  },
  {
    account: { role: 'performer', email: 'creator2@fandeck.local', username: 'bruno.costa', name: 'Bruno Costa', firstName: 'Bruno', lastName: 'Costa', gender: 'male', countryCode: 'PT' },
    profile: { bio: 'Chef de cozinha. Receitas exclusivas toda semana.', monthlyPriceCents: 1490, quarterlyPriceCents: 3990, halfYearlyPriceCents: 7490, yearlyPriceCents: 12990, height: '182-184', hair: 'black', eyes: 'green', bodyType: 'muscular' },
    posts: ['Receita da semana: risoto de cogumelos.', 'Live de sábado confirmada!', 'Dica rápida: como afiar facas.', 'Obrigado pelos 1000 assinantes!'],
    subscriberPosts: ['A receita do molho da casa, só para assinantes 🔒', 'Meu caderno de sobremesas: para assinantes.'],
  },
  {
    account: { role: 'performer', email: 'creator3@fandeck.local', username: 'carla.souza', name: 'Carla Souza', firstName: 'Carla', lastName: 'Souza', gender: 'female', countryCode: 'US' },
    profile: { bio: 'Yoga teacher. Daily flows and wellness tips.', monthlyPriceCents: 595, quarterlyPriceCents: 1590, halfYearlyPriceCents: 2990, yearlyPriceCents: 295, height: '161-163', hair: 'blond', eyes: 'blue', bodyType: 'toned' },
    posts: ['Morning flow, 20 minutes.', 'Breathing exercise for better sleep.'],
    subscriberPosts: ['The full 45-minute evening flow, for subscribers 🔒', 'My weekly wellness plan: for subscribers.'],
  },
] as const;

const OTHERS: (DemoAccount & { permissions?: PermissionKey[] })[] = [
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

export const DEMO_LOGINS = [...CREATORS.map((c) => c.account), ...OTHERS].map((a) => ({ role: a.role, email: a.email, username: a.username }));

/** Seeds the demo accounts once, into an empty database. Returns false when users already exist. */
/** The demo accounts found in the database (by email): their shared password is in the README. */
export async function demoAccountsPresent(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_LOGINS.map((login) => login.email)));
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

export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    let hue = 200;
    for (const creator of CREATORS) {
      const [user] = await tx
        .insert(users)
        .values({ ...creator.account, passwordHash, verifiedEmail: true, status: 'active' })
        .returning();
      hue = (hue + 97) % 360;
      const avatarPath = await writeUpload(ctx.config.uploadsDir, `avatars/${user!.id}.svg`, initialsSvg(creator.account.name, hue));
      await tx.update(users).set({ avatarPath }).where(eqId(user!.id));
      await tx.insert(performers).values({ userId: user!.id, verifiedDocument: true, feedsCount: creator.posts.length + creator.subscriberPosts.length, ...creator.profile });
      // A few posts only subscribers see, so the demo shows locked posts and what subscribing opens.
      await tx.insert(feeds).values([
        ...creator.posts.map((text) => ({ performerId: user!.id, text })),
        ...creator.subscriberPosts.map((text) => ({ performerId: user!.id, text, subscribersOnly: true })),
      ]);
    }
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

const eqId = (id: string) => eq(users.id, id);
