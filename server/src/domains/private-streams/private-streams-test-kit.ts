/** Shared by the private-streams tests (not a test file itself). */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { performers } from '../../db/schema/index.js';
import { freshKey } from '../wallet/wallet-test-kit.js';

export interface Party {
  id: string;
  token: string;
}

export async function party(t: TestApp, values: { role?: 'user' | 'performer' | 'admin'; balanceCents?: number; priceCents?: number } = {}): Promise<Party> {
  const user = await createUser(t.ctx, { role: values.role ?? 'user', ...(values.balanceCents ? { balanceCents: values.balanceCents } : {}) });
  if (values.priceCents !== undefined) await t.ctx.db.update(performers).set({ privateCallPriceCents: values.priceCents }).where(eq(performers.userId, user.id));
  return { id: user.id, token: await signIn(t.app, user.email) };
}

export function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Party | null, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who ? { authorization: who.token } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** The fan pays the call (`charge:stream`); the same key replays. */
export const pay = (t: TestApp, fan: Party, requestId: string, key = freshKey('call')) =>
  call(t, 'POST', `/wallet/charges/stream/${requestId}`, fan, {}, { 'idempotency-key': key });

export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect({ status: res.statusCode, code: (res.json() as { code?: string }).code }).toEqual({ status, code });
}

/** A request the fan made of the creator, answered as the wire shows it. */
export async function requestOf(t: TestApp, fan: Party, creator: Party, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/streaming/private/request', fan, { performerId: creator.id, duration: 30, note: 'hi', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string; price: number; conversationId: string; streamId: string | null; duration: number; note: string; paid: boolean };
}

/** A free call the creator approved and started: its stream id. */
export async function startedCall(t: TestApp, fan: Party, creator: Party): Promise<string> {
  const req = await requestOf(t, fan, creator);
  expect((await call(t, 'POST', `/streaming/private/${req._id}/approve`, creator)).statusCode).toBe(200);
  const started = await call(t, 'POST', `/streaming/private/${req._id}/start`, creator);
  expect(started.statusCode, started.body).toBe(200);
  return started.json().data.streamId as string;
}
