import { FanEvent } from '../kit/events.js';

export interface FanPayoutRequestedDetail {
  /** The payout request's `_id`. */
  requestId: string;
  /** The amount requested, in BRL. */
  amount: number;
}

/** `fan-payout-requested`: the creator requested a payout here; it waits for the staff's review. */
export class FanPayoutRequestedEvent extends FanEvent<FanPayoutRequestedDetail> {
  static readonly type = 'fan-payout-requested';
  constructor(detail: FanPayoutRequestedDetail) {
    super(FanPayoutRequestedEvent.type, { requestId: detail.requestId, amount: detail.amount });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-payout-requested': FanPayoutRequestedEvent;
  }
}
