/**
 * The steps of a fan's journey on the site (journey-fan.test.ts), each driven through the
 * page as a person would and checked on what the person sees: the wallet's balance, the
 * profile's subscription, the message in the thread, the live chat, the saved settings.
 */
import { paths, SANDBOX_TEST_CARDS, type PaymentTransactionDto } from '@fandeck/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from '../e2e/host-flows.js';
import { followAccountMenu, settled, type Journey } from './journey.js';
import { brl, normalised } from './subscriber-posts.js';

export interface Creator {
  email: string;
  username: string;
  name: string;
}

const card = (behaviour: string) => SANDBOX_TEST_CARDS.find((c) => c.behaviour === behaviour)!.number;
const expiry = `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

export const walletBalance = async (page: Page) => normalised(await page.getByTestId('wallet-balance').textContent());

/** The wallet from the account menu, its balance as expected. */
export async function openWallet(journey: Journey, balance: number): Promise<void> {
  const { page } = journey;
  await followAccountMenu(journey, 'Carteira');
  await page.waitForURL((url) => url.pathname === '/user/wallet');
  await page.getByRole('heading', { level: 1, name: 'Carteira' }).waitFor();
  await expect.poll(() => walletBalance(page)).toBe(brl(balance));
}

/**
 * A PIX top-up: the QR code and the code to copy show, the copy button puts the code on the
 * clipboard, and once the PIX sandbox pays the charge (the fan's bank, the one step taken
 * through the API) the status turns to paid by itself and the balance rises.
 */
export async function topUpByPix(journey: Journey, origin: string, token: string, amount: number, balanceAfter: number): Promise<void> {
  const { page } = journey;
  const pix = page.getByTestId('pix-top-up');
  await pix.getByLabel('Outro valor').fill(String(amount));
  await pix.getByRole('button', { name: `Pagar ${brl(amount)} com PIX` }).click();
  await pix.getByRole('img', { name: `QR code do PIX de ${brl(amount)}` }).waitFor();
  const code = await pix.getByLabel('Código PIX copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  await pix.getByRole('button', { name: 'Copiar código' }).click();
  await pix.getByRole('button', { name: 'Código copiado!' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await pix.locator('[part="status"][data-state="pending"]').waitFor();
  await journey.visit('wallet-pix-code');

  const pending = await api<{ data: PaymentTransactionDto[] }>(origin, 'GET', `${paths['payments.transactions']}?status=pending`, { token });
  const charge = pending.data!.data.find((one) => one.amount === amount)!;
  const paid = await api(origin, 'POST', paths['payments.sandboxPay'].replace(':transactionId', encodeURIComponent(charge._id)));
  expect(paid.status).toBe(200);
  await pix.locator('[part="status"][data-state="paid"]').waitFor();
  expect(normalised(await pix.locator('[part="status"]').textContent())).toBe(`Pagamento confirmado! ${brl(amount)} adicionados à sua carteira.`);
  await expect.poll(() => walletBalance(page)).toBe(brl(balanceAfter));
  await journey.visit('wallet-pix-paid');
}

async function fillCard(page: Page, amount: number, number: string): Promise<void> {
  const form = page.getByTestId('card-top-up');
  await form.getByLabel('Valor', { exact: true }).fill(String(amount));
  await form.getByLabel('Número do cartão').fill(number);
  await form.getByLabel('Validade (MM/AA)').fill(expiry);
  await form.getByLabel('CVC', { exact: true }).fill('123');
}

/**
 * Card top-ups in the local card sandbox: the declining test card is refused with a clear
 * message and the form keeps what was typed; the succeeding one pays; the one that needs
 * an extra step asks for it in the page's own dialog, then pays.
 */
export async function topUpByCards(journey: Journey, amounts: { declined: number; paid: number; stepped: number }, balanceBefore: number): Promise<number> {
  const { page } = journey;
  await page.getByRole('button', { name: 'Cartão', exact: true }).click();
  const form = page.getByTestId('card-top-up');
  await fillCard(page, amounts.declined, card('decline'));
  await form.getByRole('button', { name: /^Pagar/ }).click();
  await form.getByTestId('card-error').getByText('O cartão foi recusado pelo emissor. Use outro cartão ou pague com PIX.').waitFor();
  expect(await form.getByLabel('Número do cartão').inputValue()).toBe('4000 0000 0000 0002');
  expect(await form.getByLabel('Valor', { exact: true }).inputValue()).toBe(String(amounts.declined));
  expect(await walletBalance(page)).toBe(brl(balanceBefore));
  await journey.visit('wallet-card-declined');

  await fillCard(page, amounts.paid, card('succeed'));
  await form.getByRole('button', { name: `Pagar ${brl(amounts.paid)}` }).click();
  await form.getByTestId('card-paid').waitFor();
  let balance = balanceBefore + amounts.paid;
  await expect.poll(() => walletBalance(page)).toBe(brl(balance));
  await page.getByTestId('saved-cards').locator('[data-card="4242"]').waitFor();
  await journey.visit('wallet-card-paid');

  await form.getByTestId('card-select').selectOption({ label: 'Novo cartão' });
  await fillCard(page, amounts.stepped, card('authenticate'));
  await form.getByRole('button', { name: `Pagar ${brl(amounts.stepped)}` }).click();
  const step = page.getByTestId('card-step');
  await step.getByText(`O emissor do cartão pede uma confirmação extra para pagar ${brl(amounts.stepped)}.`).waitFor();
  await journey.visit('wallet-card-extra-step');
  await step.getByRole('button', { name: 'Confirmar pagamento' }).click();
  balance += amounts.stepped;
  await expect.poll(() => walletBalance(page)).toBe(brl(balance));
  const paidRows = page.getByTestId('wallet-history').locator('[data-row="topup"][data-status="success"]');
  await expect.poll(() => paidRows.count()).toBe(3);
  return balance;
}

/** A creator's profile, found through discover's search as a fan would. */
export async function findCreator(journey: Journey, creator: Creator): Promise<void> {
  const { page } = journey;
  await page.goto(`/discover?q=${encodeURIComponent(creator.name.split(' ')[0]!)}`);
  await page.getByTestId('discover').locator(`li.creator-card[data-username="${creator.username}"] a.creator-card__link`).click();
  await page.waitForURL((url) => url.pathname === `/${creator.username}`);
  await page.getByRole('heading', { level: 1, name: creator.name }).waitFor();
  await settled(page);
}

/** Subscribes monthly from the profile's header, confirmed in the site's own dialog; the header then shows the subscription. */
export async function subscribeFromProfile(journey: Journey, creator: Creator, price: number): Promise<void> {
  const { page } = journey;
  const actions = page.getByTestId('profile-actions');
  await journey.visit('profile', { fullPage: true });
  await actions.getByRole('button', { name: 'Assinar', exact: true }).click();
  const plans = page.locator('#plans');
  await plans.getByRole('button', { name: `Assinar ${creator.name}` }).click();
  const panel = plans.locator('[part="panel"]');
  const plan = panel.locator('[part="plan"][data-plan="monthly"]');
  expect(normalised(await plan.locator('[part="plan-price"]').textContent())).toBe(brl(price));
  await plan.getByRole('radio').check();
  await journey.visit('profile-subscribe-plans');
  const before = journey.confirms.texts.length;
  await panel.getByRole('button', { name: `Assinar por ${brl(price)}` }).click();
  await plans.locator('[part="card"][data-state="renews"]').waitFor();
  expect(journey.confirms.texts.length).toBe(before + 1);
  expect(journey.confirms.texts.at(-1)).toContain(brl(price));
  await actions.getByRole('button', { name: 'Sua assinatura', exact: true }).waitFor();
  await journey.visit('profile-subscribed', { fullPage: true });
}

/** A tip from the profile's header, confirmed in the site's own dialog. */
export async function tipFromProfile(journey: Journey, creator: Creator, amount: number): Promise<void> {
  const { page } = journey;
  await page.evaluate(() => scrollTo(0, 0));
  const tipper = page.getByTestId('profile-tip');
  await tipper.getByRole('button', { name: 'Gorjeta' }).click();
  await tipper.locator('[part="amount-input"]').fill(String(amount));
  await journey.visit('profile-tip');
  await tipper.getByRole('button', { name: `Enviar ${brl(amount)}` }).click();
  await expect.poll(() => tipper.locator('[part="sent"]').textContent().then(normalised)).toBe(`Gorjeta de ${brl(amount)} enviada para ${creator.name}. Obrigado!`);
  expect(journey.confirms.texts.at(-1)).toContain(brl(amount));
  await journey.visit('profile-tipped');
}

/** The profile's message button opens the conversation; what the fan writes shows in the thread, stored. */
export async function messageFromProfile(journey: Journey, creator: Creator, text: string): Promise<void> {
  const { page } = journey;
  await page.getByTestId('profile-actions').getByRole('link', { name: 'Mensagem', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('creator') === creator.username);
  const thread = page.getByTestId('messages-page').getByRole('article', { name: `Mensagens com ${creator.name}` });
  await thread.getByRole('textbox', { name: 'Mensagem' }).fill(text);
  await thread.getByRole('button', { name: 'Enviar', exact: true }).click();
  const mine = thread.locator('[part~="message"][data-mine="true"][data-state="sent"]', { hasText: text });
  await mine.waitFor();
  expect(await thread.locator('[part~="message"][data-state="failed"]').count()).toBe(0);
  await journey.visit('messages-thread');
}

/** The creator is live (made so through the API): the profile says so and links to the stream; the fan watches and chats. */
export async function watchLive(journey: Journey, creator: Creator, chatText: string): Promise<void> {
  const { page } = journey;
  await page.goto(`/${creator.username}`);
  await page.getByTestId('profile-live').click();
  await page.waitForURL((url) => url.pathname === `/live/${creator.username}`);
  const live = page.getByTestId('live-page');
  await live.getByRole('heading', { level: 1, name: `Ao vivo: ${creator.name}` }).waitFor();
  await live.locator('[part~="player"][data-state="live"]').waitFor();
  await live.locator('[part="play"]').click();
  const video = live.locator('video[part="video"]');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 45_000, message: 'the live video plays' }).toBeGreaterThan(0.5);
  const chat = live.locator('[part="chat"]');
  await chat.locator('[part="input"]').fill(chatText);
  await chat.locator('[part="send"]').click();
  await chat.locator('[part="message"][data-state="sent"][data-mine]', { hasText: chatText }).waitFor();
  await journey.visit('live');
}

/** Account settings from the account menu: a new name and another language, saved and still there after a reload. */
export async function editAccount(journey: Journey, origin: string, token: string, name: string): Promise<void> {
  const { page } = journey;
  await followAccountMenu(journey, 'Configurações da conta');
  await page.waitForURL((url) => url.pathname === '/user/account');
  const profile = page.getByTestId('account-profile');
  await profile.getByLabel('Nome', { exact: true }).fill(name);
  await profile.getByRole('button', { name: 'Salvar' }).click();
  await profile.getByTestId('account-saved').waitFor();
  const preferences = page.getByTestId('account-preferences');
  await preferences.getByLabel('Idioma').selectOption('en');
  await preferences.getByRole('status').getByText('Preference saved.').waitFor();
  await journey.visit('account-saved');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await expect.poll(() => page.getByTestId('account-profile').getByLabel('Name', { exact: true }).inputValue()).toBe(name);
  expect(await page.getByTestId('account-preferences').getByLabel('Language').inputValue()).toBe('en');
  const me = await api<{ name: string; locale?: string | null }>(origin, 'GET', '/users/me', { token });
  expect(me.data).toMatchObject({ name, locale: 'en' });
  await journey.visit('account-after-reload', { fullPage: true });
}
