/**
 * Issue 24, "must show": a fan's journey on the site, at a phone's size (390x844) and a
 * laptop's (1366x900), each in a fresh browser context against one real server, each with
 * a new fan who starts with an empty wallet. The fan signs in, tops the wallet up by PIX
 * (QR code, code copied, the status turning paid by itself) and by the card sandbox's test
 * cards (declined: a clear message and the form kept; paid; paid after the extra step),
 * finds a creator through discover, subscribes from the profile (confirmed in the site's own
 * dialog), tips and messages from it, watches the creator live (put on the air through the
 * API, as `npm run demo:live` does) and chats, and edits the account (name and language),
 * still saved after a reload. The wallet ends lower by exactly the subscription and the tip.
 * No page visited scrolls sideways; each one's screenshot is kept in
 * test/artifacts/journeys/<viewport>/.
 *
 * Every wait is on something happening; there are no sleeps.
 */
import { describe, expect, it } from 'vitest';
import { startDemoLive } from '../support/demo-live.js';
import { useServerAndBrowser } from '../support/e2e-setup.js';
import { journeyViewports, startJourney } from '../support/journey.js';
import { editAccount, findCreator, messageFromProfile, openWallet, subscribeFromProfile, tipFromProfile, topUpByCards, topUpByPix, watchLive, type Creator } from '../support/journey-fan-steps.js';
import { brl } from '../support/subscriber-posts.js';
import { api, submitLogin, demoPassword } from './host-flows.js';
import { newFan } from './host-money-setup.js';

const creator: Creator = { email: 'creator2@fandeck.local', username: 'bruno.costa', name: 'Bruno Costa' };
const pix = 30;
const cards = { declined: 25, paid: 25, stepped: 20 };
const tip = 10;

describe('a fan’s journey: wallet top-ups, subscribe, tip and message from a profile, watch live, edit the account', () => {
  const e2e = useServerAndBrowser();

  for (const viewport of journeyViewports) {
    it(`at ${viewport.name} a new fan tops up by PIX and card, subscribes, tips, messages, watches live and edits the account`, async () => {
      const { server, browser } = e2e;
      const stamp = `${viewport.width}${Date.now().toString(36)}`;
      const email = `jornada-${stamp}@example.test`;
      const token = await newFan(server.origin, { email, name: 'Fã da Jornada', username: `jornada${stamp}` });
      const profile = await api<{ monthlyPrice: number }>(server.origin, 'GET', `/performers/${creator.username}`);
      const monthly = profile.data!.monthlyPrice;
      expect(monthly).toBeGreaterThan(0);
      const journey = await startJourney(browser, server.origin, viewport, 'fan');
      const { page, context } = journey;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
      try {
        await page.goto('/auth/login');
        await submitLogin(page, email, demoPassword);
        await page.waitForURL((url) => url.pathname === '/home');
        await journey.visit('home');

        await openWallet(journey, 0);
        await journey.visit('wallet');
        await topUpByPix(journey, server.origin, token, pix, pix);
        const topped = await topUpByCards(journey, cards, pix);
        expect(topped).toBe(pix + cards.paid + cards.stepped);

        await findCreator(journey, creator);
        await subscribeFromProfile(journey, creator, monthly);
        await tipFromProfile(journey, creator, tip);
        await messageFromProfile(journey, creator, `Oi ${creator.name}! Acabei de assinar (${viewport.name}).`);

        const live = await startDemoLive(server.origin, creator.email);
        try {
          await watchLive(journey, creator, `Boa live! (${viewport.name})`);
        } finally {
          await live.stop();
        }

        // The wallet lost exactly the subscription and the tip.
        const left = Math.round((topped - monthly - tip) * 100) / 100;
        await openWallet(journey, left);
        expect(await page.getByTestId('wallet-balance').textContent().then((text) => text?.replace(/\s/g, ' '))).toBe(brl(left));
        await journey.visit('wallet-after', { fullPage: true });

        await editAccount(journey, server.origin, token, `Fã Renomeada ${viewport.width}`);
        expect(journey.browserDialogs).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
