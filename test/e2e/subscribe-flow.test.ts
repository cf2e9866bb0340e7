/**
 * Subscriptions end to end, in Chromium against the real server (issue 10, "must show"):
 *
 * 1. Creator ana.lima opens `<fan-creator-dashboard>` on her own site (an origin on her
 *    allowed list), signed in through `<fan-login>`'s platform popup: no subscribers yet,
 *    and the earnings the API reports.
 * 2. On a partner's page (another allowed origin) fan1 signs in through `<fan-login>` and
 *    subscribes monthly from `<fan-subscribe creator="ana.lima">`, confirming the server's
 *    quote in the bridge's own dialog. The page receives `fan-subscribed`, the element shows
 *    the subscription renewing, and the wallet lost exactly the price.
 * 3. Ana's dashboard, never reloaded, shows the fan among her subscribers and her earnings
 *    grown by exactly her share of the price, by the live channel.
 * 4. On the platform's own site, Ana's subscribers-only posts, locked for fan1 before,
 *    are open: the photo of her subscribers-only photo post loads.
 * 5. fan2, subscribed to another creator, still finds Ana's subscribers-only posts locked.
 *
 * Every wait is on something happening, with a deadline; there are no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { EarningDto, EarningStats, PayQuote, SubscriptionDto } from '@fandeck/contract';
import { apiGet, allowOrigin, signInApi } from '../support/api.js';
import { confirmWhenArmed } from '../support/bridge-dialog.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/start-server.js';
import { brl, cents, normalised, publishSubscribersOnlyPhoto } from '../support/subscriber-posts.js';
import { startSite, type Site } from '../support/third-party-site.js';
import { signInThroughPopup } from '../support/login-popup.js';

const password = 'fandeck-demo';
const creator = { email: 'creator1@fandeck.local', username: 'ana.lima', name: 'Ana Lima' };
const otherCreator = { username: 'bruno.costa' };
const fan = { email: 'fan1@fandeck.local', name: 'Fã Um' };
const otherFan = { email: 'fan2@fandeck.local' };

interface FeedItem {
  _id: string;
  text: string;
  type: string;
  locked: boolean;
  subscribersOnly: boolean;
  isSale: boolean;
  files: { _id: string; url: string | null; sizes: Record<string, { url: string }> | null; placeholder: string | null }[];
}

async function apiSend<T>(origin: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { accept: 'application/json', authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/** Ana's subscribers-only posts (not for sale) as `token`'s owner gets them from the API. */
async function membersPosts(origin: string, token: string): Promise<FeedItem[]> {
  const answer = await apiGet<{ data: FeedItem[] }>(origin, `/user/feeds/search/${creator.username}?limit=50`, token);
  expect(answer.status).toBe(200);
  return answer.body!.data!.data.filter((post) => post.subscribersOnly && !post.isSale);
}

function expectLocked(posts: FeedItem[]): void {
  for (const post of posts) {
    expect(post.locked, post.text).toBe(true);
    for (const file of post.files) {
      expect(file.url).toBeNull();
      expect(file.sizes).toBeNull();
    }
  }
}

const loaderTag = (platform: string) => `<script src="${platform}/embed.js" async data-locale="pt-BR" data-creator="${creator.username}"></script>`;

/** Ana's own site: her dashboard, with the platform's sign-in. */
function creatorSitePage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Ana Lima: painel</title>${loaderTag(platform)}</head>
<body><h1>Meu painel</h1>
<fan-login id="login"></fan-login>
<fan-creator-dashboard id="dashboard"></fan-creator-dashboard>
</body></html>`;
}

/** A partner's page selling Ana's subscription. */
function partnerPage(platform: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Blog de viagens</title>${loaderTag(platform)}
<script>
  window.subscribed = [];
  document.addEventListener('fan-subscribed', (event) => window.subscribed.push({ detail: event.detail, composed: event.composed, bubbles: event.bubbles, target: event.target.id }));
</script></head>
<body><h1>Blog de viagens</h1>
<fan-login id="login"></fan-login>
<fan-subscribe id="subscribe" creator="${creator.username}"></fan-subscribe>
</body></html>`;
}

const statText = (dashboard: Locator, stat: string) => dashboard.locator(`[part="stat"][data-stat="${stat}"] dd`).textContent().then(normalised);

type Subscribed = { detail: { performerId: string; subscriptionType: string; expiredAt: string | null }; composed: boolean; bubbles: boolean; target: string };

describe('a fan subscribes on a third-party page; the posts open on the host site and the creator sees it live', () => {
  let server: RunningServer;
  let browser: Browser;
  let creatorSite: Site;
  let partner: Site;
  let creatorToken: string;
  let fanToken: string;
  let otherFanToken: string;
  let anaId: string;
  let photoPostId: string;
  let dashboardPage: Page;
  let statsBefore: EarningStats;
  let quote: PayQuote;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    [creatorSite, partner] = await Promise.all([
      startSite({ '/': () => creatorSitePage(server.origin) }),
      startSite({ '/': () => partnerPage(server.origin) }),
    ]);
    [creatorToken, fanToken, otherFanToken] = await Promise.all([
      signInApi(server.origin, creator.email, password),
      signInApi(server.origin, fan.email, password),
      signInApi(server.origin, otherFan.email, password),
    ]);
    await allowOrigin(server.origin, creatorToken, creatorSite);
    await allowOrigin(server.origin, creatorToken, partner);
    photoPostId = await publishSubscribersOnlyPhoto(server.origin, creatorToken, { text: 'Lisboa ao entardecer, só para assinantes', fileName: 'lisboa.jpg', background: '#3a7' });
    anaId = (await apiGet<{ _id: string }>(server.origin, `/performers/${creator.username}`)).body!.data!._id;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await Promise.all([creatorSite?.close(), partner?.close()]);
    await browser?.close();
    await server?.stop();
  });

  /** Ana's profile on the host site signed in with `token`, and her subscribers-only photo post's card there. */
  async function openProfileAs(token: string): Promise<{ context: BrowserContext; page: Page; card: Locator }> {
    const { context, page } = await openPage(browser, server.origin);
    contexts.push(context);
    await context.addCookies([{ name: 'token', value: token, url: server.origin, sameSite: 'Lax' }]);
    await page.goto(`/${creator.username}`);
    const card = page.locator(`[data-feed="${photoPostId}"]`);
    await card.waitFor();
    return { context, page, card };
  }

  /** The card shows the post locked: its placeholder, not the photo. */
  async function expectPhotoLocked(card: Locator): Promise<void> {
    expect(await card.getAttribute('data-locked')).toBe('true');
    expect(await card.getByRole('img', { name: 'Foto bloqueada' }).getAttribute('src')).toMatch(/^data:image\//);
    expect(await card.getByRole('img', { name: /^Foto 1 de 1$/ }).count()).toBe(0);
  }

  it('before: Ana’s subscribers-only posts are locked for fan1, on the API and on the host site', async () => {
    const posts = await membersPosts(server.origin, fanToken);
    // The two the demo seeds plus the photo post published here.
    expect(posts.map((post) => post._id)).toContain(photoPostId);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expectLocked(posts);
    expect(posts.find((post) => post._id === photoPostId)!.files[0]!.placeholder).toMatch(/^data:image\//);

    const { context, page, card } = await openProfileAs(fanToken);
    await expectPhotoLocked(card);
    for (const post of posts) expect(await page.locator(`[data-feed="${post._id}"]`).getAttribute('data-locked')).toBe('true');
    await context.close();
  });

  it('Ana’s dashboard on her own site, signed in through <fan-login>’s popup, shows no subscribers and her earnings', async () => {
    statsBefore = await apiSend<EarningStats>(server.origin, 'GET', '/performer/earning/stats', creatorToken);
    const { context, page } = await openPage(browser, creatorSite.origin);
    contexts.push(context);
    dashboardPage = page;
    await page.goto('/');
    const dashboard = page.locator('#dashboard');
    await dashboard.locator('[part="sign-in"]').waitFor();

    await signInThroughPopup(page, creator.email, password, creator.name);
    await expect.poll(() => dashboard.locator('[part="dashboard"]').getAttribute('data-state')).toBe('creator');
    await expect.poll(() => statText(dashboard, 'net')).toBe(brl(statsBefore.totalNetPrice));
    expect(await statText(dashboard, 'gross')).toBe(brl(statsBefore.totalGrossPrice));
    const subscribers = dashboard.locator('[part="subscribers"]');
    await subscribers.getByText('Ainda não há assinantes.').waitFor();
    expect(await subscribers.locator('[part="subscriber"]').count()).toBe(0);
    // Marks this document: seeing the marker later proves the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  });

  it('fan1 subscribes monthly from <fan-subscribe> on a partner page, confirming the server’s quote in the bridge', async () => {
    quote = await apiSend<PayQuote>(server.origin, 'POST', '/payment/subscribe/performers/quote', fanToken, { performerId: creator.username, type: 'monthly' });
    expect(quote.recipient?.name).toBe(creator.name);
    const balanceBefore = (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body!.data!.balance;
    expect(balanceBefore).toBeGreaterThanOrEqual(quote.price);

    const { context, page } = await openPage(browser, partner.origin);
    contexts.push(context);
    await page.goto('/');
    const subscribe = page.locator('#subscribe');
    await subscribe.locator('[part="card"][data-state="offer"]').waitFor();
    expect(normalised(await subscribe.locator('[part="name"]').textContent())).toBe(creator.name);

    await signInThroughPopup(page, fan.email, password, fan.name);
    await subscribe.getByRole('button', { name: `Assinar ${creator.name}` }).click();
    const panel = subscribe.locator('[part="panel"]');
    await panel.waitFor();
    await expect.poll(() => panel.locator('[part="balance"]').textContent().then(normalised)).toBe(`Seu saldo: ${brl(balanceBefore)}`);
    const monthly = panel.locator('[part="plan"][data-plan="monthly"]');
    expect(normalised(await monthly.locator('[part="plan-price"]').textContent())).toBe(brl(quote.price));
    await monthly.getByRole('radio').check();
    await panel.getByRole('button', { name: `Assinar por ${brl(quote.price)}` }).click();

    // The bridge's own dialog, on the platform's origin, with the platform's facts.
    const bridge = page.frameLocator('iframe[data-fandeck-bridge]');
    const dialog = bridge.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = normalised(await dialog.textContent());
    expect(shown).toContain(creator.name);
    expect(shown).toContain(brl(quote.price));
    expect(shown).toContain(partner.origin);
    await confirmWhenArmed(bridge);

    await expect.poll(() => page.evaluate(() => (window as unknown as { subscribed: unknown[] }).subscribed.length)).toBe(1);
    const [event] = await page.evaluate(() => (window as unknown as { subscribed: Subscribed[] }).subscribed);
    expect(event).toMatchObject({ composed: true, bubbles: true, target: 'subscribe' });
    const mine = await apiSend<SubscriptionDto | null>(server.origin, 'GET', `/subscriptions/user-subscriber?performerId=${anaId}`, fanToken);
    expect(mine).toMatchObject({ status: 'active', subscriptionType: 'monthly', performerId: anaId });
    expect(event!.detail).toEqual({ performerId: anaId, subscriptionType: 'monthly', expiredAt: mine!.expiredAt });
    expect(Date.parse(mine!.expiredAt!)).toBeGreaterThan(Date.now());

    // The element now shows the subscription as it stands.
    await subscribe.locator('[part="card"][data-state="renews"]').waitFor();
    expect(normalised(await subscribe.locator('[part="done"]').textContent())).toBe(`Agora você assina ${creator.name}. Obrigado!`);
    expect(normalised(await subscribe.locator('[part="status"]').textContent())).toMatch(/^Assinatura ativa\. Renova em .+\.$/);
    await subscribe.getByRole('button', { name: 'Cancelar assinatura' }).waitFor();

    const balanceAfter = (await apiGet<{ balance: number }>(server.origin, '/users/me', fanToken)).body!.data!.balance;
    expect(cents(balanceBefore) - cents(balanceAfter)).toBe(cents(quote.price));
  });

  it('Ana’s dashboard, never reloaded, shows the new subscriber and her earnings grown by exactly her share', async () => {
    const earnings = await apiSend<{ data: EarningDto[] }>(server.origin, 'GET', '/performer/earning/search?type=subscription', creatorToken);
    expect(earnings.data).toHaveLength(1);
    const credit = earnings.data[0]!;
    expect(credit.grossPrice).toBe(quote.price);
    expect(cents(credit.netPrice) + cents(credit.siteCommission)).toBe(cents(quote.price));
    expect(credit.netPrice).toBeGreaterThan(0);
    const statsAfter = await apiSend<EarningStats>(server.origin, 'GET', '/performer/earning/stats', creatorToken);
    expect(cents(statsAfter.totalNetPrice) - cents(statsBefore.totalNetPrice)).toBe(cents(credit.netPrice));
    expect(cents(statsAfter.totalGrossPrice) - cents(statsBefore.totalGrossPrice)).toBe(cents(quote.price));

    const dashboard = dashboardPage.locator('#dashboard');
    const subscriber = dashboard.locator('[part="subscriber"]', { hasText: fan.name });
    await subscriber.waitFor();
    expect(await subscriber.getAttribute('data-state')).toBe('renews');
    expect(normalised(await subscriber.locator('[part="renewal"]').textContent())).toMatch(/^Renova em .+/);
    expect(normalised(await dashboard.locator('[part="subscribers-total"]').textContent())).toBe('Total: 1');
    await expect.poll(() => statText(dashboard, 'net')).toBe(brl(statsAfter.totalNetPrice));
    expect(await statText(dashboard, 'gross')).toBe(brl(statsAfter.totalGrossPrice));
    expect(await statText(dashboard, 'available')).toBe(brl(statsAfter.remainingPrice));
    expect(await dashboardPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('on the host site the posts fan1 could not open are open now: the subscribers-only photo loads', async () => {
    const posts = await membersPosts(server.origin, fanToken);
    for (const post of posts) expect(post.locked, post.text).toBe(false);

    const { page, card } = await openProfileAs(fanToken);
    expect(await card.getAttribute('data-locked')).toBe('false');
    // The photo loads lazily: the fan scrolls to the post, as anyone reading it does.
    await card.scrollIntoViewIfNeeded();
    const photo = card.getByRole('img', { name: 'Foto 1 de 1' });
    await photo.waitFor({ state: 'attached' });
    expect(await photo.getAttribute('src')).toMatch(/\/api\/media\/files\/[^/]+\/medium\?/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await card.getByRole('img', { name: 'Foto bloqueada' }).count()).toBe(0);
    for (const post of posts) expect(await page.locator(`[data-feed="${post._id}"]`).getAttribute('data-locked')).toBe('false');
  });

  it('fan2, a subscriber of another creator, still finds Ana’s subscribers-only posts locked', async () => {
    await apiSend(server.origin, 'POST', '/payment/subscribe/performers', otherFanToken, { performerId: otherCreator.username, type: 'monthly' }, { 'idempotency-key': `e2e-${Date.now()}` });
    const theirs = await apiGet<{ data: FeedItem[] }>(server.origin, `/user/feeds/search/${otherCreator.username}?limit=50`, otherFanToken);
    const theirMembersPosts = theirs.body!.data!.data.filter((post) => post.subscribersOnly);
    expect(theirMembersPosts.length).toBeGreaterThan(0);
    expect(theirMembersPosts.every((post) => !post.locked)).toBe(true);
    expectLocked(await membersPosts(server.origin, otherFanToken));

    await expectPhotoLocked((await openProfileAs(otherFanToken)).card);
  });
});
