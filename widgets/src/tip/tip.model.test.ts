import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type OwnedSession } from '../session/session.js';
import { createFakeTransport, demoFan, fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { TipModel } from './tip.model.js';

let transport: FakeTransport;
let session: OwnedSession;
const creator = { _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', avatar: null };
const charge = (price: number) => ok({ _id: `charge-${price}`, performerId: creator._id, price });

beforeEach(async () => {
  transport = createFakeTransport();
  transport.respond('GET', '/settings/public', ok({}));
  transport.respond('GET', '/users/me', ok({ ...demoFan, balance: 100 }));
  transport.respond('GET', '/performers/ana.lima', ok(creator));
  session = createSession({ transport, lazy: true, onUnauthorized: () => undefined });
  await session.auth.login({ username: 'fan1', password: 'pw' });
});

afterEach(() => session.dispose());

async function readyTip() {
  const model = new TipModel(session);
  await model.setCreator('ana.lima');
  expect(model.creator.value).toEqual({ status: 'ready', creator });
  return model;
}

describe('tip model', () => {
  it('sends one pay of charge:tip to the creator with price and message, and ends sent', async () => {
    transport.respondPay('charge:tip', charge(10));
    const model = await readyTip();
    const outcome = await model.send({ price: 10, message: '  Obrigado!  ' });
    expect(outcome).toEqual({ ok: true, value: { _id: 'charge-10', performerId: 'creator-1', price: 10 } });
    expect(transport.payCalls.map((call) => call.request)).toEqual([
      { action: 'charge:tip', params: { id: 'creator-1' }, body: { price: 10, message: 'Obrigado!' }, idempotencyKey: expect.any(String) },
    ]);
    expect(model.step.value).toMatchObject({ step: 'sent' });
  });

  it('retries the same tip with the same key, a changed tip with a new one', async () => {
    const answers = [fail(0, undefined), fail(502, undefined), fail(0, undefined)];
    transport.respondPay('charge:tip', () => answers.shift() ?? charge(15));
    const model = await readyTip();
    await model.send({ price: 15, message: 'oi' });
    expect(model.step.value).toMatchObject({ step: 'failed', retryable: true });
    await model.send({ price: 15, message: 'oi' });
    await model.send({ price: 15, message: 'outra' });
    await model.send({ price: 15, message: 'outra' });
    const keys = transport.payCalls.map((call) => call.request.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).toBe(keys[2]);
    expect(model.step.value).toMatchObject({ step: 'sent' });
  });

  it('a decline charges nothing and says declined', async () => {
    let charged = 0;
    transport.respondPay('charge:tip', () => {
      charged += 1;
      return charge(10);
    });
    transport.confirmPay = () => false;
    const model = await readyTip();
    await model.send({ price: 10, message: '' });
    expect(charged).toBe(0);
    expect(model.step.value).toEqual({ step: 'declined' });
  });

  it('a short balance leads to the top-up step, known before sending or said by the server by its code', async () => {
    transport.respondPay('charge:tip', fail(422, { statusCode: 422, code: 'wallet.insufficient_balance', message: 'anything', error: 'x' }));
    const model = await readyTip();
    await model.send({ price: 150, message: '' });
    expect(model.step.value).toEqual({ step: 'short', price: 150 });
    expect(transport.payCalls).toHaveLength(0);

    // After a top-up the server decides (the balance event may still be on its way).
    model.toppedUp();
    expect(model.step.value).toEqual({ step: 'form', notice: 'resumed' });
    await model.send({ price: 150, message: '' });
    expect(transport.payCalls).toHaveLength(1);
    expect(model.step.value).toEqual({ step: 'short', price: 150 });
  });

  it('says which creator failed to load, and loads again on retry', async () => {
    const model = new TipModel(session);
    await model.setCreator('nobody');
    expect(model.creator.value).toMatchObject({ status: 'failed', reason: 'not-found' });
    await model.setCreator('');
    expect(model.creator.value).toMatchObject({ status: 'failed', reason: 'missing' });
  });
});
