import { randomUUID } from 'node:crypto';
import type { PayoutRequestDto, SubscribeResult, SubscriptionDto } from '@fandeck/contract';
import { api, apiLogin, demoPassword } from './host-flows.js';

/**
 * Data for the host's subscription, earnings and payout pages, made the way users make it:
 * through the real API. Money enters wallets by a PIX top-up paid in the server's own PIX
 * sandbox; subscriptions, tips and payout requests are the real routes.
 */

/** A money action as clients send it: a POST with its own Idempotency-Key. Throws on a refusal. */
export async function payAction<T>(origin: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json().catch(() => undefined)) as { data?: T } | undefined;
  if (response.status !== 200 || answer?.data === undefined) throw new Error(`POST ${path} failed: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Any other call that must succeed; answers its `data`. */
export async function apiOk<T>(origin: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await api<T>(origin, method, path, { token, ...(body !== undefined ? { body } : {}) });
  if (answer.status !== 200) throw new Error(`${method} ${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data as T;
}

/** Tops the wallet up by PIX and pays the charge in the PIX sandbox, as the fan's bank would. */
export async function topUpByPix(origin: string, token: string, amount: number): Promise<void> {
  const charge = await payAction<{ _id: string }>(origin, token, '/payment/wallet/top-up', { amount });
  const paid = await api<{ status: string }>(origin, 'POST', `/payment/sandbox/${encodeURIComponent(charge._id)}/pay`);
  if (paid.status !== 200 || paid.data?.status !== 'success') throw new Error(`the sandbox did not settle ${charge._id}: ${paid.status} ${JSON.stringify(paid.body)}`);
}

export async function subscribeTo(origin: string, token: string, creator: string, type = 'monthly'): Promise<SubscriptionDto> {
  return (await payAction<SubscribeResult>(origin, token, '/payment/subscribe/performers', { performerId: creator, type })).subscription;
}

export async function cancelSubscription(origin: string, token: string, id: string): Promise<SubscriptionDto> {
  return apiOk<SubscriptionDto>(origin, 'POST', `/payment/wallet/cancel-subscription/${encodeURIComponent(id)}`, token, {});
}

/** Tips `creator` (username or id) `times` times, one after the other. */
export async function tip(origin: string, token: string, creator: string, price: number, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await payAction(origin, token, `/wallet/charges/tip/${encodeURIComponent(creator)}`, { price });
}

/** A new fan with a display name (and a referrer's code), signed in: answers the token. */
export async function newFan(origin: string, values: { email: string; name: string; username?: string; ref?: string }): Promise<string> {
  const answer = await api(origin, 'POST', '/auth/users/register', { body: { ...values, password: demoPassword } });
  if (answer.status !== 200) throw new Error(`registering ${values.email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return apiLogin(origin, values.email);
}

export const walletBalance = async (origin: string, token: string) => (await apiOk<{ balance: number }>(origin, 'GET', '/users/me', token)).balance;

/** Saves a payout method's details (`pix`, `banking`, `stripe`) as the creator. */
export async function savePayoutMethod(origin: string, token: string, method: 'pix' | 'banking' | 'stripe', details: Record<string, string>): Promise<void> {
  await apiOk(origin, 'POST', `/payout-methods/${method}`, token, details);
}

export async function requestPayout(origin: string, token: string, body: { requestAmount: number; paymentAccountType: 'pix' | 'banking' | 'stripe'; requestNote?: string }) {
  return apiOk<PayoutRequestDto>(origin, 'POST', '/payout-requests', token, body);
}

export async function reviewPayout(origin: string, adminToken: string, id: string, status: 'approved' | 'rejected' | 'done', adminNote?: string) {
  return apiOk<PayoutRequestDto>(origin, 'PUT', `/admin/payout-requests/${encodeURIComponent(id)}/status`, adminToken, { status, ...(adminNote ? { adminNote } : {}) });
}
