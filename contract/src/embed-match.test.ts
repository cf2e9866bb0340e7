/**
 * The bridge decides on embed-routes.ts, not on the whole route table: these tests show
 * the short table is current and that it gives `matchRoute`'s answer, with every route
 * a page may call allowed (`embed: true`, `'owner'` or `'page'`), for every route and for
 * the paths where routes meet.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchEmbedRoute } from './embed-match.js';
import { embedRoutes } from './embed-routes.js';
import { embedTable, renderEmbedRoutes, templatesOverlap } from './embed-table.js';
import { matchRoute, routesInMatchOrder } from './match.js';
import { routes, type RouteSpec } from './routes.js';

const specs = Object.values(routes) as RouteSpec[];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'post', 'HEAD', 'OPTIONS'];
const DUMMY = '0123456789abcdef01234567';
const segmentsOf = (template: string) => template.split('/').slice(1);
const isParam = (part: string) => part.startsWith(':');

/** What the bridge acts on: allowed or not, and if so the route, its parameters and the path it sends. */
function fullDecision(method: string, path: string) {
  const match = matchRoute(method, path, (spec) => spec.embed !== undefined);
  if (!match.ok) return { ok: false };
  return { ok: true, method: match.spec.method, template: match.spec.path, embed: match.spec.embed, params: match.params, path: match.path };
}
function shortDecision(method: string, path: string) {
  const match = matchEmbedRoute(method, path);
  if (!match.ok) return { ok: false };
  return { ok: true, method: match.method, template: match.template, embed: match.embed, params: match.params, path: match.path };
}

/** Paths to ask about: each route filled in, and a path in common for every two routes that share one. */
function samplePaths(): string[] {
  const paths = new Set<string>();
  const templates = [...new Set(specs.map((spec) => spec.path))];
  for (const template of templates) {
    const parts = segmentsOf(template);
    paths.add(`/${parts.map((part) => (isParam(part) ? DUMMY : part)).join('/')}`);
    // Each parameter in turn given every literal word that routes as long have there (`/performers/me`, `/performers/search`...).
    parts.forEach((part, index) => {
      if (!isParam(part)) return;
      const words = new Set(templates.map(segmentsOf).filter((other) => other.length === parts.length).map((other) => other[index]!));
      for (const word of words) {
        if (!isParam(word)) paths.add(`/${parts.map((other, at) => (at === index ? word : isParam(other) ? DUMMY : other)).join('/')}`);
      }
    });
    for (const other of templates) {
      if (!templatesOverlap(template, other)) continue;
      const theirs = segmentsOf(other);
      paths.add(`/${parts.map((part, at) => (!isParam(part) ? part : !isParam(theirs[at]!) ? theirs[at] : DUMMY)).join('/')}`);
    }
  }
  return [...paths];
}

const spellings = (path: string) => [path, `/api${path}`, path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`), path.toUpperCase(), `${path}/`];

describe('embed-routes.ts', () => {
  it('is what routes.ts generates today (else: npm run generate -w contract)', () => {
    expect(readFileSync(new URL('./embed-routes.ts', import.meta.url), 'utf8')).toBe(renderEmbedRoutes());
    expect(embedRoutes).toEqual(embedTable());
  });

  it('holds every route a page may call, and only those routes that are tried before one of them on a same path', () => {
    const embed = specs.filter((spec) => spec.embed);
    expect(embedRoutes.filter(([, , allowed]) => allowed).map(([method, path, allowed]) => `${method} ${path} ${allowed}`).sort()).toEqual(
      embed.map((spec) => `${spec.method} ${spec.path} ${spec.embed}`).sort(),
    );
    expect(embedRoutes.filter(([, , allowed]) => allowed === 'owner').length).toBeGreaterThan(0);
    expect(embedRoutes.filter(([, , allowed]) => allowed === 'page').length).toBeGreaterThan(0);
    // The example the router is known for: a literal segment beats a parameter.
    const row = (method: string, path: string) => embedRoutes.findIndex(([m, p]) => m === method && p === path);
    expect(embedRoutes[row('GET', '/performers/me')]).toEqual(['GET', '/performers/me', false]);
    expect(row('GET', '/performers/me')).toBeLessThan(row('GET', '/performers/:id'));
    for (const [index, [method, path, allowed]] of embedRoutes.entries()) {
      if (allowed) continue;
      const later = embedRoutes.slice(index + 1).filter(([m, p, a]) => a && m === method && templatesOverlap(path, p));
      expect(later.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    // Rows keep matchRoute's order.
    const order = routesInMatchOrder().map(([, spec]) => `${spec.method} ${spec.path}`);
    const positions = embedRoutes.map(([method, path]) => order.indexOf(`${method} ${path}`));
    expect(positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!))).toBe(true);
    expect(embedRoutes.length).toBeLessThan(specs.length / 2);
  });

  it('a method and path identify one route', () => {
    const keys = specs.map((spec) => `${spec.method} ${spec.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('matchEmbedRoute', () => {
  it("gives matchRoute's answer for every route, and for every path two routes share, in every method and spelling", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(specs.length * 5);
    let allowed = 0;
    let refused = 0;
    const differ: string[] = [];
    for (const sample of paths) {
      for (const path of spellings(sample)) {
        for (const method of METHODS) {
          const full = fullDecision(method, path);
          if (JSON.stringify(shortDecision(method, path)) !== JSON.stringify(full)) differ.push(`${method} ${path}`);
          if (full.ok) allowed += 1;
          else refused += 1;
        }
      }
    }
    expect(differ).toEqual([]);
    // Both answers occur often, so the comparison is not between two "no"s.
    expect(allowed).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(2000);
    // About a second on a quiet machine (some 40,000 decisions); the budget leaves room for a loaded one.
  }, 60_000);

  it('refuses the routes no page may call, in any spelling, and the shadowing literal routes', () => {
    for (const [method, path] of [
      ['GET', '/performers/me'],
      ['GET', '/performers/%6De'],
      ['PUT', '/auth/users/me/%70assword'],
      ['GET', '/users/%2e%2e/admin/settings'],
      ['POST', '/payment/sandbox/cancel-subscription/pay'],
      ['GET', '/payout-requests/search'],
      ['POST', '/wallet/charges/tip/abc'],
    ]) {
      expect(matchEmbedRoute(method!, path!), `${method} ${path}`).toMatchObject({ ok: false });
    }
  });

  it('allows owner routes and says so', () => {
    expect(matchEmbedRoute('get', '/api/performer/earning/%73tats')).toEqual({
      ok: true,
      method: 'GET',
      template: '/performer/earning/stats',
      embed: 'owner',
      params: {},
      path: '/performer/earning/stats',
    });
    expect(matchEmbedRoute('GET', '/performers/ana%2Elima')).toMatchObject({ ok: true, embed: true, params: { id: 'ana.lima' }, path: '/performers/ana.lima' });
  });

  it('allows page-scoped routes and says so: the private conversations, not reading the public stream chats', () => {
    expect(matchEmbedRoute('GET', '/api/conversations')).toEqual({ ok: true, method: 'GET', template: '/conversations', embed: 'page', params: {}, path: '/conversations' });
    expect(matchEmbedRoute('post', '/messages/%63onversations/abc')).toMatchObject({ ok: true, template: '/messages/conversations/:id', embed: 'page', params: { id: 'abc' } });
    expect(matchEmbedRoute('GET', '/messages/abc/file/def/status')).toMatchObject({ ok: true, embed: 'page', params: { id: 'abc', fileId: 'def' } });
    expect(matchEmbedRoute('POST', '/messages/private/file/photo')).toMatchObject({ ok: true, embed: 'page' });
    // Literal segments still win over parameters: reading stream chats stays open to every page, writing is scoped.
    expect(matchEmbedRoute('GET', '/conversations/stream/abc')).toMatchObject({ ok: true, template: '/conversations/stream/:id', embed: true });
    expect(matchEmbedRoute('GET', '/conversations/stream/performer/abc')).toMatchObject({ ok: true, embed: true });
    expect(matchEmbedRoute('GET', '/messages/conversations/public/abc')).toMatchObject({ ok: true, embed: true });
    expect(matchEmbedRoute('GET', '/messages/stream/abc')).toMatchObject({ ok: true, embed: true });
    expect(matchEmbedRoute('POST', '/messages/stream/abc')).toMatchObject({ ok: true, template: '/messages/stream/:id', embed: 'page' });
    expect(matchEmbedRoute('POST', '/messages/stream/public/conversations/abc')).toMatchObject({ ok: true, embed: 'page' });
    // The fan's dealings with creators: money history, subscriptions.
    expect(matchEmbedRoute('GET', '/wallet/charges/search')).toMatchObject({ ok: true, embed: 'page' });
    expect(matchEmbedRoute('POST', '/payment/wallet/cancel-subscription/abc')).toMatchObject({ ok: true, embed: 'page', params: { provider: 'wallet', id: 'abc' } });
    // Resuming turns renewal charges back on: the `resume` money action, never a plain call.
    expect(matchEmbedRoute('POST', '/subscriptions/abc/resume')).toMatchObject({ ok: false });
  });

  it("marks every route of the fan's private conversations and dealings with creators page-scoped, and keeps notifications off every page", () => {
    const scoped = Object.entries(routes as Record<string, RouteSpec>)
      .filter(([, spec]) => spec.embed === 'page')
      .map(([name]) => name)
      .sort();
    expect(scoped).toEqual(
      [
        'conversations.get',
        'conversations.list',
        'conversations.open',
        'conversations.search',
        // What the fan bookmarked and whom they follow (issue 22).
        'follows.following',
        'messages.countingNotRead',
        'messages.delete',
        'messages.fileStatus',
        'messages.list',
        'messages.opened',
        'messages.privateFile',
        'messages.privatePhoto',
        'messages.privateVideo',
        'messages.publicAudio',
        'messages.publicPhoto',
        'messages.publicThumbnail',
        'messages.publicVideo',
        'messages.readAll',
        'messages.send',
        'messages.streamPublicSend',
        'messages.streamSend',
        'messages.totalUnread',
        'messages.videoUrl',
        'payments.transactions',
        'reactions.bookmarks',
        'subscriptions.cancel',
        'subscriptions.userSearch',
        'subscriptions.userSubscriber',
        'wallet.charges',
      ].sort(),
    );
    for (const [name, spec] of Object.entries(routes as Record<string, RouteSpec>)) {
      if (name.startsWith('notifications.')) expect(spec.embed, name).toBeUndefined();
    }
    for (const [method, path] of [
      ['GET', '/notification'],
      ['GET', '/notification/total-unread'],
      ['PUT', '/notification/read-all'],
      ['PUT', '/notification/abc/read'],
      ['PUT', '/%6Eotification/abc/read'],
    ]) {
      expect(matchEmbedRoute(method!, path!), `${method} ${path}`).toMatchObject({ ok: false });
    }
  });
});
