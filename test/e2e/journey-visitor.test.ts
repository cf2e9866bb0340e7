/**
 * Issue 24, "must show": a visitor's journey on the site, at a phone's size (390x844) and a
 * laptop's (1366x900), each in a fresh browser context against one real server. The visitor
 * lands on `/` (the brand, creators to discover, a search), searches, narrows discover with
 * a filter, opens a creator's profile and registers a fan account from it, arriving signed
 * in. No page visited scrolls sideways; each one's screenshot is kept in
 * test/artifacts/journeys/<viewport>/.
 *
 * Every wait is on something happening; there are no sleeps.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tokenCookie } from '../support/browser.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { isPhone, journeyViewports, startJourney } from '../support/journey.js';
import { api } from './host-flows.js';

const creator = { username: 'ana.lima', name: 'Ana Lima' };
const password = 'senha-do-fa-123';

const cardNames = (page: Page, scope: string) =>
  page
    .getByTestId(scope)
    .locator('li.creator-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-username')));

describe('a visitor’s journey: landing, discover, a profile, registering', () => {
  const e2e = useServerAndBrowser();

  for (const viewport of journeyViewports) {
    it(`at ${viewport.name} a visitor finds a creator and registers as a fan`, async () => {
      const { server, browser } = e2e;
      const journey = await startJourney(browser, server.origin, viewport, 'visitor');
      const { page } = journey;
      const stamp = `${viewport.width}${Date.now().toString(36)}`;
      const fan = { name: 'Visitante Curiosa', username: `visitante${stamp}`, email: `visitante-${stamp}@example.test` };
      try {
        // The landing: the brand, what the site is, a search and creators to discover.
        await page.goto('/');
        const landing = page.getByTestId('landing');
        await landing.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('h1').count()).toBe(1);
        await page.locator('.site-header').getByRole('link', { name: 'Fandeck', exact: true }).waitFor();
        const shelf = page.getByTestId('landing-shelf');
        await shelf.locator('li.creator-card').first().waitFor();
        expect((await cardNames(page, 'landing-shelf')).length).toBeGreaterThanOrEqual(3);
        const search = landing.getByRole('search');
        await search.getByRole('searchbox').waitFor();
        // A visitor is offered to sign in and sign up (the header on a laptop, the tab bar and the hero on a phone).
        if (isPhone(viewport)) await page.getByTestId('tab-bar').getByRole('link', { name: 'Entrar' }).waitFor();
        else await page.locator('.site-header').getByRole('link', { name: 'Criar conta' }).waitFor();
        await journey.visit('landing', { fullPage: true });

        // The landing's search goes to discover with the words.
        await search.getByRole('searchbox').fill('Ana');
        await search.getByRole('button', { name: 'Buscar' }).click();
        await page.waitForURL((url) => url.pathname === '/discover' && url.searchParams.get('q') === 'Ana');
        const discover = page.getByTestId('discover');
        await expect.poll(() => cardNames(page, 'discover')).toContain(creator.username);
        await journey.visit('discover-search');

        // A filter: free subscriptions only; the address keeps it.
        await page.goto('/discover');
        await discover.locator('li.creator-card').first().waitFor();
        const everyone = await cardNames(page, 'discover');
        await discover.getByLabel('Assinatura grátis').check();
        await page.waitForURL((url) => url.searchParams.get('isFreeSubscription') === 'true');
        await expect.poll(() => cardNames(page, 'discover')).toEqual(['dudarocha', creator.username]);
        expect(everyone.length).toBeGreaterThan(2);
        await journey.visit('discover-filtered', { fullPage: true });

        // A creator's card opens the profile: one header with what a fan does there.
        await discover.locator(`li.creator-card[data-username="${creator.username}"] a.creator-card__link`).click();
        await page.waitForURL((url) => url.pathname === `/${creator.username}`);
        await page.getByRole('heading', { level: 1, name: creator.name }).waitFor();
        const actions = page.getByTestId('profile-actions');
        await actions.getByRole('button', { name: 'Assinar', exact: true }).waitFor();
        await page.getByTestId('profile-stats').waitFor();
        await journey.visit('profile', { fullPage: true });

        // Registering: the sign-up the screen offers (the tab bar's sign-in on a phone, then its sign-up link).
        if (isPhone(viewport)) {
          await page.getByTestId('tab-bar').getByRole('link', { name: 'Entrar' }).click();
          await page.waitForURL((url) => url.pathname === '/auth/login');
          await journey.visit('sign-in');
          await page.getByRole('link', { name: 'Cadastre-se como fã' }).click();
        } else {
          await page.locator('.site-header').getByRole('link', { name: 'Criar conta' }).click();
        }
        await page.waitForURL((url) => url.pathname === '/auth/register');
        await page.getByLabel('Nome', { exact: true }).fill(fan.name);
        await page.getByLabel('Nome de usuário', { exact: true }).fill(fan.username);
        await page.getByLabel('E-mail', { exact: true }).fill(fan.email);
        await page.getByLabel('Senha', { exact: true }).fill(password);
        await page.getByLabel('Confirme a senha', { exact: true }).fill(password);
        await page.getByLabel('Li e aceito os termos de uso e a política de privacidade.').check();
        await journey.visit('register');
        await page.getByRole('button', { name: 'Criar conta' }).click();

        // Signed in as the new fan, on the home feed.
        await page.waitForURL((url) => url.pathname === '/home');
        await page.getByTestId(isPhone(viewport) ? 'account-tab' : 'signed-in-user').waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        const token = await tokenCookie(journey.context);
        expect(token).toBeTruthy();
        const me = await api<{ email: string; username: string; name: string; isPerformer: boolean; balance: number }>(server.origin, 'GET', '/users/me', { token: token! });
        expect(me.data).toMatchObject({ email: fan.email, username: fan.username, name: fan.name, isPerformer: false, balance: 0 });
        await journey.visit('home', { fullPage: true });
        expect(journey.browserDialogs).toEqual([]);
      } finally {
        await journey.context.close();
      }
    });
  }
});
