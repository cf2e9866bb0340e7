import type { SubscriptionTypeWire } from '@fandeck/contract';
import { FanEvent } from '../kit/events.js';

export interface FanSubscribedDetail {
  /** The creator's `_id` (also when the element names them by username). */
  performerId: string;
  /** The plan taken: `monthly`, `quarterly`, `half_yearly`, `yearly` or `free`. */
  subscriptionType: SubscriptionTypeWire;
  /** When access ends unless it renews (ISO date-time); null when the server set none. */
  expiredAt: string | null;
}

/**
 * `fan-subscribed`: the fan subscribed here. Content of the creator's that was locked to
 * subscribers may now be read: a page listens to this to load it again.
 */
export class FanSubscribedEvent extends FanEvent<FanSubscribedDetail> {
  static readonly type = 'fan-subscribed';
  constructor(detail: FanSubscribedDetail) {
    super(FanSubscribedEvent.type, { performerId: detail.performerId, subscriptionType: detail.subscriptionType, expiredAt: detail.expiredAt });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-subscribed': FanSubscribedEvent;
  }
}
