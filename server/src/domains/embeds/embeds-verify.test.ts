/**
 * Proof of control, against real local web sites: the platform fetches the listing's token
 * from the origin before the origin may embed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/helpers.js';
import { addOrigin } from './embeds.service.js';
import { isLocalOrigin, isPrivateAddress } from './origin-address.js';
import { findOriginProof, metaTokens, PROOF_FILE_MAX_BYTES } from './origin-proof.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
interface Site {
  origin: string;
  /** What the site answers; replaceable while it runs. */
  handle: Handler;
}

const servers: Server[] = [];
async function startSite(handle: Handler): Promise<Site> {
  const site: Site = { origin: '', handle };
  const server = createServer((request, response) => site.handle(request, response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  site.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return site;
}
/** Serves `files` by path, 404 for anything else. */
const serving =
  (files: Record<string, string>): Handler =>
  (request, response) => {
    const body = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (body === undefined) response.writeHead(404).end('not found');
    else response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  };
const PROOF = '/.well-known/fandeck-origin.txt';

let t: TestApp;
let creator: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await Promise.all([createUser(t.ctx, { role: 'performer' }), createUser(t.ctx, { role: 'performer' })]);
  creator = { id: a.id, token: await signIn(t.app, a.email) };
  other = { id: b.id, token: await signIn(t.app, b.email) };
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: token }, ...(payload ? { payload } : {}) });
type Listing = { _id: string; origin: string; token: string; verified: boolean; verifiedAt: string | null };
async function list(origin: string, who = creator): Promise<Listing> {
  const res = await call('POST', '/embeds/origins', who.token, { origin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Listing;
}
const verify = (listing: Listing, who = creator) => call('POST', `/embeds/origins/${listing._id}/verify`, who.token);
const allowed = async (origin: string, who = creator) =>
  (await t.app.inject({ method: 'GET', url: '/api/embeds/check', query: { creator: who.id, origin } })).json().data.allowed as boolean;
async function refusal(listing: Listing): Promise<string> {
  const res = await verify(listing);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().code).toBe('embeds.origin_unverified');
  return res.json().message as string;
}

describe('verifying a listed origin', () => {
  it('finds the token in the well-known file, after which the origin embeds', async () => {
    const site = await startSite(serving({}));
    const listing = await list(site.origin);
    expect(await refusal(listing)).toContain(`${site.origin}${PROOF} answered HTTP 404`);
    expect(await allowed(site.origin)).toBe(false);

    site.handle = serving({ [PROOF]: `# Fandeck\r\nsomeone-elses-token\r\n  ${listing.token}  \r\n` });
    const res = await verify(listing);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: listing._id, verified: true });
    expect(await allowed(site.origin)).toBe(true);
  });

  it('is per listing: another creator listing the same site proves it with their own token', async () => {
    const site = await startSite(serving({}));
    const mine = await list(site.origin);
    const theirs = await list(site.origin, other);
    site.handle = serving({ [PROOF]: mine.token });
    expect((await verify(mine)).statusCode).toBe(200);
    const res = await verify(theirs, other);
    expect(res.statusCode).toBe(422);
    expect(await allowed(site.origin, other)).toBe(false);
    // Someone else's listing cannot be verified by id.
    expect((await verify(theirs)).statusCode).toBe(404);
  });

  it('accepts the token in a meta tag of the home page instead', async () => {
    const site = await startSite(serving({}));
    const listing = await list(site.origin);
    site.handle = serving({ '/': `<!doctype html><html><head><meta content="${listing.token}" name="Fandeck-Origin"></head><body>shop</body></html>` });
    expect((await verify(listing)).statusCode).toBe(200);
  });

  it('refuses a file with another token, saying so', async () => {
    const site = await startSite(serving({ [PROOF]: 'not-the-token\n', '/': '<!doctype html><title>shop</title>' }));
    const message = await refusal(await list(site.origin));
    expect(message).toContain(`${site.origin}${PROOF} does not hold this listing’s token`);
    expect(message).toContain('has no <meta name="fandeck-origin">');
  });

  it('follows no redirect to another site, but one within the origin', async () => {
    const elsewhere = await startSite(serving({}));
    const site = await startSite((_request, response) => response.writeHead(302, { location: `${elsewhere.origin}${PROOF}` }).end());
    const listing = await list(site.origin);
    elsewhere.handle = serving({ [PROOF]: listing.token });
    expect(await refusal(listing)).toContain(`redirects to another site (${elsewhere.origin})`);

    site.handle = (request, response) => {
      if (request.url === PROOF) response.writeHead(301, { location: '/proof.txt' }).end();
      else serving({ '/proof.txt': listing.token })(request, response);
    };
    expect((await verify(listing)).statusCode).toBe(200);
  });

  it('refuses a file larger than the cap, declared or streamed', async () => {
    const big = `${'x'.repeat(PROOF_FILE_MAX_BYTES)}\n`;
    const declared = await startSite(serving({}));
    const listing = await list(declared.origin);
    declared.handle = serving({ [PROOF]: `${listing.token}\n${big}` });
    expect(await refusal(listing)).toContain(`is larger than ${PROOF_FILE_MAX_BYTES} bytes`);

    const streamed = await startSite(serving({}));
    const second = await list(streamed.origin);
    streamed.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write(`${second.token}\n`);
      response.end(big);
    };
    expect(await refusal(second)).toContain(`is larger than ${PROOF_FILE_MAX_BYTES} bytes`);
  });

  it('gives up on a site that does not answer in time', async () => {
    const silent = await startSite(() => undefined);
    const started = Date.now();
    const result = await findOriginProof(silent.origin, 'token', { allowPrivate: true, timeoutMs: 300 });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('did not answer within 300 ms') });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('outside development fetches no loopback or private address, by literal or by name', async () => {
    const site = await startSite(serving({ [PROOF]: 'token' }));
    expect(await findOriginProof(site.origin, 'token', { allowPrivate: true })).toEqual({ ok: true, where: 'file' });
    const literal = await findOriginProof(site.origin, 'token', { allowPrivate: false });
    expect(literal.ok === false && literal.reason).toContain('is on a private or loopback address');
    const named = await findOriginProof(site.origin.replace('127.0.0.1', 'localhost'), 'token', { allowPrivate: false });
    expect(named.ok === false && named.reason).toContain('resolves to a private or loopback address');
  });

  it('in production lists no local or private origin', async () => {
    const production = { ...t.ctx, config: { ...t.ctx.config, env: 'production' as const } };
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://10.1.2.3', 'http://shop.localhost']) {
      await expect(addOrigin(production, creator.id, origin), origin).rejects.toMatchObject({ statusCode: 422, code: 'embeds.origin_not_public' });
    }
    expect((await addOrigin(production, creator.id, 'https://public-shop.example')).verified).toBe(false);
  });
});

describe('addresses', () => {
  it('tells loopback, private and link-local addresses from public ones', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '[::1]', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', 'example.com']) expect(isPrivateAddress(ip), ip).toBe(false);
    expect(isLocalOrigin('http://localhost:5173')).toBe(true);
    expect(isLocalOrigin('https://shop.example')).toBe(false);
  });

  it('reads the token from meta tags however their attributes are written', () => {
    expect(metaTokens(`<meta name='fandeck-origin' content='a'><META NAME="FANDECK-ORIGIN" CONTENT="b"/><meta name="other" content="c">`)).toEqual(['a', 'b']);
  });
});
