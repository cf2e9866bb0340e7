/**
 * Compile-time test of the typed API (run by `tsc`, never by vitest): a call takes the
 * path parameters its route's template names and the body or query the contract declares,
 * and its answer has the contract's fields. Each `@ts-expect-error` must meet its error,
 * or the unused directive fails the typecheck itself, so a client loosened back to
 * strings and `unknown` is caught.
 */
import type { RouteName, RouteTypes } from '@fandeck/contract';
import type { TypedApi } from './typed-api.js';

/** Every `RouteTypes` key is a route of the table (a typo there would describe nothing). */
export const describedRoutesExist: [Exclude<keyof RouteTypes, RouteName>] extends [never] ? true : false = true;

export async function callsAreTyped(api: TypedApi): Promise<void> {
  // Answers carry the contract's fields.
  const me = await api.users.me();
  if (me.ok) me.value.balance.toFixed(2);
  const creator = await api.performers.get({ id: 'ana' });
  if (creator.ok) creator.value.stats.followers.toFixed(0);
  const page = await api.performers.search.list({ q: 'ana', limit: 5 });
  if (page.ok) page.value.data[0]?.username?.toUpperCase();
  const sent = await api.messages.send({ id: 'c1' }, { text: 'oi', clientId: 'k1' }, { unauthorized: 'ignore' });
  if (sent.ok) sent.value.conversationId.length;
  await api.admin.payouts.status({ id: 'p1' }, { status: 'approved' });
  await api.users.avatarUpload.upload({ form: new FormData(), onProgress: (loaded) => loaded });

  // @ts-expect-error a field the answer does not have
  if (me.ok) me.value.wallet.toFixed(2);
  // @ts-expect-error `balance` is a number
  if (me.ok) me.value.balance.toUpperCase();
  // @ts-expect-error a body field the route does not take
  await api.users.update({ nickname: 'ana' });
  // @ts-expect-error a body field of the wrong type
  await api.messages.send({ id: 'c1' }, { text: 42 });
  // @ts-expect-error the path parameter is `id`, not `performerId`
  await api.performers.get({ performerId: 'ana' });
  // @ts-expect-error the route's path has a parameter: it cannot be left out
  await api.performers.get();
  // @ts-expect-error a route the contract does not declare
  await api.performers.delete({ id: 'ana' });
  // @ts-expect-error only list routes read pages
  await api.users.me.list();
}
