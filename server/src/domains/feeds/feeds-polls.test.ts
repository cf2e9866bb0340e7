import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { feedPollOptions, feedPolls, feedPollVotes, userBlocks } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Poll = { _id: string; description: string; expiredAt: string | null; options: { _id: string; description: string; total: number }[]; totalVotes: number; myVote: string | null };
type Feed = { _id: string; type: string; poll: Poll | null; crowdfunding: unknown };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });

async function creatorWithPoll(body: Record<string, unknown> = {}, post: Record<string, unknown> = {}) {
  const creator = await createUser(t.ctx, { role: 'performer' });
  const token = await signIn(t.app, creator.email);
  const created = await call('POST', '/api/performer/feeds/polls', token, { description: 'Próximo ensaio?', options: ['Praia', 'Estúdio', 'Cidade'], ...body });
  expect(created.statusCode, created.body).toBe(200);
  const poll = created.json().data as Poll;
  const published = await call('POST', '/api/performer/feeds', token, { type: 'poll', text: 'Votem!', pollId: poll._id, ...post });
  expect(published.statusCode, published.body).toBe(200);
  return { creator, token, poll, feed: published.json().data as Feed };
}

async function fan() {
  const user = await createUser(t.ctx);
  return { user, token: await signIn(t.app, user.email) };
}

describe('polls', () => {
  it('a fan votes once; the post shows the counts and their vote', async () => {
    const { feed, poll } = await creatorWithPoll();
    expect(poll.options.map((o) => o.description)).toEqual(['Praia', 'Estúdio', 'Cidade']);
    expect(feed.poll).toMatchObject({ _id: poll._id, description: 'Próximo ensaio?', totalVotes: 0, myVote: null, expiredAt: null });

    const a = await fan();
    const b = await fan();
    const voted = await call('POST', `/api/user/feeds/vote/${poll.options[1]!._id}`, a.token);
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json().data).toMatchObject({ totalVotes: 1, myVote: poll.options[1]!._id });
    expect((await call('POST', `/api/user/feeds/vote/${poll.options[1]!._id}`, b.token)).statusCode).toBe(200);

    const again = await call('POST', `/api/user/feeds/vote/${poll.options[0]!._id}`, a.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('polls.already_voted');

    const seen = (await call('GET', `/api/user/feeds/${feed._id}`, a.token)).json().data as Feed;
    expect(seen.type).toBe('poll');
    expect(seen.crowdfunding).toBeNull();
    expect(seen.poll).toEqual({
      _id: poll._id,
      description: 'Próximo ensaio?',
      expiredAt: null,
      options: [
        { _id: poll.options[0]!._id, description: 'Praia', total: 0 },
        { _id: poll.options[1]!._id, description: 'Estúdio', total: 2 },
        { _id: poll.options[2]!._id, description: 'Cidade', total: 0 },
      ],
      totalVotes: 2,
      myVote: poll.options[1]!._id,
    });
    // Signed out, the counts without a vote of one's own; voting needs a session.
    const anonymous = (await call('GET', `/api/user/feeds/${feed._id}`, null)).json().data as Feed;
    expect(anonymous.poll).toMatchObject({ totalVotes: 2, myVote: null });
    expect((await call('POST', `/api/user/feeds/vote/${poll.options[0]!._id}`, null)).statusCode).toBe(401);
  });

  it('counts exactly one of many concurrent votes from one fan', async () => {
    const { poll } = await creatorWithPoll();
    const { user, token } = await fan();
    const answers = await Promise.all(poll.options.flatMap((o) => [o, o, o]).map((o) => call('POST', `/api/user/feeds/vote/${o._id}`, token)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(answers.length - 1);
    const [stored] = await t.ctx.db.select().from(feedPolls).where(eq(feedPolls.id, poll._id));
    expect(stored!.totalVotes).toBe(1);
    const options = await t.ctx.db.select().from(feedPollOptions).where(eq(feedPollOptions.pollId, poll._id));
    expect(options.reduce((sum, o) => sum + o.total, 0)).toBe(1);
    expect(await t.ctx.db.select().from(feedPollVotes).where(eq(feedPollVotes.userId, user.id))).toHaveLength(1);
  });

  it('refuses votes after the poll closes, from blocked fans, and on posts the fan cannot see', async () => {
    const { poll, feed } = await creatorWithPoll({ expiredAt: new Date(Date.now() + 60_000).toISOString() });
    expect(feed.poll!.expiredAt).not.toBeNull();
    await t.ctx.db.update(feedPolls).set({ expiredAt: new Date(Date.now() - 1000) }).where(eq(feedPolls.id, poll._id));
    const a = await fan();
    const closed = await call('POST', `/api/user/feeds/vote/${poll.options[0]!._id}`, a.token);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe('polls.closed');

    const open = await creatorWithPoll();
    const blocked = await fan();
    await t.ctx.db.insert(userBlocks).values({ performerId: open.creator.id, userId: blocked.user.id });
    const refused = await call('POST', `/api/user/feeds/vote/${open.poll.options[0]!._id}`, blocked.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('feeds.not_found');

    // A draft's poll, a poll in no post, an unknown option: nothing to vote on.
    const draft = await creatorWithPoll({}, { status: 'draft' });
    expect((await call('POST', `/api/user/feeds/vote/${draft.poll.options[0]!._id}`, a.token)).json().code).toBe('feeds.not_found');
    const loose = (await call('POST', '/api/performer/feeds/polls', open.token, { options: ['a', 'b'] })).json().data as Poll;
    const unlinked = await call('POST', `/api/user/feeds/vote/${loose.options[0]!._id}`, a.token);
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().code).toBe('polls.not_found');
    expect((await call('POST', '/api/user/feeds/vote/0123456789abcdef01234567', a.token)).statusCode).toBe(404);

    // A paid poll post is voted on once unlocked.
    const paid = await creatorWithPoll({}, { isSale: true, price: 3 });
    const locked = await call('POST', `/api/user/feeds/vote/${paid.poll.options[0]!._id}`, a.token);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('content.locked');
  });

  it('validates polls and their posts', async () => {
    const creator = await createUser(t.ctx, { role: 'performer' });
    const token = await signIn(t.app, creator.email);
    for (const body of [
      { options: ['only one'] },
      { options: Array.from({ length: 11 }, (_, i) => `o${i}`) },
      { options: ['ok', ''] },
      { options: ['ok', 'x'.repeat(101)] },
      { options: ['a', 'b'], expiredAt: new Date(Date.now() - 60_000).toISOString() },
      { options: ['a', 'b'], expiredAt: 'tomorrow' },
    ]) {
      const res = await call('POST', '/api/performer/feeds/polls', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
      expect(res.json().fields.join()).toMatch(/body\.(options|expiredAt)/);
    }
    const fanOnly = await fan();
    expect((await call('POST', '/api/performer/feeds/polls', fanOnly.token, { options: ['a', 'b'] })).statusCode).toBe(403);

    const poll = (await call('POST', '/api/performer/feeds/polls', token, { options: ['a', 'b'] })).json().data as Poll;
    const noPoll = await call('POST', '/api/performer/feeds', token, { type: 'poll' });
    expect(noPoll.statusCode).toBe(422);
    expect(noPoll.json().code).toBe('feeds.poll_invalid');
    const textWithPoll = await call('POST', '/api/performer/feeds', token, { type: 'text', pollId: poll._id });
    expect(textWithPoll.json().code).toBe('feeds.poll_invalid');
    const rival = await createUser(t.ctx, { role: 'performer' });
    const stolen = await call('POST', '/api/performer/feeds', await signIn(t.app, rival.email), { type: 'poll', pollId: poll._id });
    expect(stolen.json().code).toBe('feeds.poll_invalid');
    const first = await call('POST', '/api/performer/feeds', token, { type: 'poll', pollId: poll._id });
    expect(first.statusCode).toBe(200);
    // A poll belongs to one post, and the post keeps it.
    const second = await call('POST', '/api/performer/feeds', token, { type: 'poll', pollId: poll._id });
    expect(second.json().code).toBe('feeds.poll_invalid');
    const feedId = (first.json().data as Feed)._id;
    expect((await call('PUT', `/api/performer/feeds/${feedId}`, token, { type: 'text' })).json().code).toBe('feeds.poll_invalid');
    const other = (await call('POST', '/api/performer/feeds/polls', token, { options: ['c', 'd'] })).json().data as Poll;
    expect((await call('PUT', `/api/performer/feeds/${feedId}`, token, { pollId: other._id })).json().code).toBe('feeds.poll_invalid');
    const edited = await call('PUT', `/api/performer/feeds/${feedId}`, token, { text: 'Novo texto' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json().data as Feed).poll!._id).toBe(poll._id);
    // Deleting the post takes its poll with it.
    expect((await call('GET', `/api/performer/feeds/${feedId}`, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/performer/feeds/${feedId}`, headers: { authorization: token } })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(feedPolls).where(eq(feedPolls.id, poll._id))).toHaveLength(0);
  });
});
