/**
 * Signing in on a third-party page as a fan does: `<fan-login>`'s button opens the
 * platform's popup, the fan types there, and the popup closes once the bridge holds the
 * credential. The page never sees the password or the token.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Fills and sends the popup that `<fan-login>` (the element `#<loginId>`) opens; resolves when it closes.
 * With `remember`, ticks "Lembrar de mim" first.
 */
export async function signInInPopup(page: Page, email: string, password: string, loginId = 'login', options: { remember?: boolean } = {}): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator(`#${loginId}`).getByRole('button', { name: 'Entrar' }).click()]);
  await popup.getByLabel('E-mail ou nome de usuário').fill(email);
  await popup.getByLabel('Senha').fill(password);
  if (options.remember) await popup.getByLabel('Lembrar de mim').check();
  await popup.getByRole('button', { name: 'Entrar' }).click();
  await popup.waitForEvent('close');
}

/** Signs in through `<fan-login id="login">`'s popup and waits until the element names the account. */
export async function signInThroughPopup(page: Page, email: string, password: string, name: string): Promise<void> {
  await signInInPopup(page, email, password);
  await expect.poll(() => page.locator('#login [part="name"]').textContent()).toBe(name);
}
