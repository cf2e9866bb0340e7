import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnedSession } from '../session/session.js';
import { fail, ok, type FakeTransport } from '../session/testing/fake-transport.js';
import { signedInFan } from '../session/testing/signed-in.js';
import { PostExtrasModel } from './post-extras.model.js';

let transport: FakeTransport;
let session: OwnedSession;

beforeEach(async () => {
  ({ transport, session } = await signedInFan(100));
});

afterEach(() => session.dispose());

const poll = (myVote: string | null) => ({ _id: 'p1', description: 'Qual ensaio?', expiredAt: null, options: [{ _id: 'o1', description: 'Praia', total: myVote ? 1 : 0 }, { _id: 'o2', description: 'Estúdio', total: 0 }], totalVotes: myVote ? 1 : 0, myVote });

describe('post extras model', () => {
  it('votes once and keeps the poll the server answers; a second vote shows the refusal', async () => {
    transport.respond('POST', '/user/feeds/vote/o1', ok(poll('o1')));
    const model = new PostExtrasModel(session, async () => undefined);
    await model.vote('o1');
    expect(model.poll.value).toMatchObject({ myVote: 'o1', totalVotes: 1 });
    expect(model.voting.value).toEqual({ step: 'done' });
    transport.respond('POST', '/user/feeds/vote/o2', fail(409, { statusCode: 409, code: 'polls.already_voted', message: 'already' }));
    await model.vote('o2');
    expect(model.voting.value).toMatchObject({ step: 'failed', error: { code: 'polls.already_voted' } });
  });

  it('contributes the amount the fan chose through one pay of charge:crowdfunding, then reads the post again', async () => {
    let reloads = 0;
    transport.respondPay('charge:crowdfunding', ok({ _id: 'charge-1' }));
    const model = new PostExtrasModel(session, async () => void (reloads += 1));
    expect(await model.contribute('g1', 12.5)).toBe(true);
    expect(transport.payCalls.map((c) => c.request)).toEqual([{ action: 'charge:crowdfunding', params: { id: 'g1' }, body: { price: 12.5 }, idempotencyKey: expect.any(String) }]);
    expect(reloads).toBe(1);
    // A decline charges nothing and says so.
    transport.confirmPay = () => false;
    expect(await model.contribute('g1', 5)).toBe(false);
    expect(model.contributing.value).toEqual({ step: 'declined' });
    expect(reloads).toBe(1);
  });
});
