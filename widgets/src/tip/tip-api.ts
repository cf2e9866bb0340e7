/**
 * The tip's reads and shapes, over the page's session (directly on the platform, through
 * the bridge elsewhere). Every call answers an Outcome; none throws into the view. The
 * tip itself is a money action, sent by the tip model.
 */
import { failure, success, type Outcome } from '../session/outcome.js';
import type { Session } from '../session/session.js';

/** A creator as a tip needs them (`GET /performers/:id`, by id or username). */
export interface TipCreator {
  _id: string;
  name: string;
  username: string | null;
  avatar: string | null;
}

/** What a tip charge answers (`server/src/domains/wallet/wallet.presenter.ts`). */
export interface TipCharge {
  _id: string;
  performerId: string;
  price: number;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export async function fetchCreator(session: Session, idOrUsername: string): Promise<Outcome<TipCreator>> {
  const outcome = await session.api.performers.get({ id: idOrUsername }, undefined, { unauthorized: 'ignore' });
  if (!outcome.ok) return outcome;
  const value = outcome.value ?? {};
  const id = text(value._id);
  if (!id) return failure({ status: 404, message: '', body: { code: 'performers.not_found' } });
  return success({ _id: id, name: text(value.name) ?? text(value.username) ?? idOrUsername, username: text(value.username), avatar: text(value.avatar) });
}

/** A tip charge as the server answers it; null when the answer is not one. */
export function toTipCharge(value: unknown, fallback: { creatorId: string; price: number }): TipCharge | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = text(record._id);
  if (!id) return null;
  return {
    _id: id,
    performerId: text(record.performerId) ?? fallback.creatorId,
    price: typeof record.price === 'number' ? record.price : fallback.price,
  };
}
