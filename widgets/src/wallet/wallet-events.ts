import { FanEvent } from '../kit/events.js';

export interface FanToppedUpDetail {
  /** The payment transaction's `_id`. */
  transactionId: string;
  /** What the wallet received, in tokens (decimal units): the amount before any coupon discount. */
  amount: number;
}

/** `fan-topped-up`: a top-up made here was paid and the wallet credited. */
export class FanToppedUpEvent extends FanEvent<FanToppedUpDetail> {
  static readonly type = 'fan-topped-up';
  constructor(detail: FanToppedUpDetail) {
    super(FanToppedUpEvent.type, { transactionId: detail.transactionId, amount: detail.amount });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-topped-up': FanToppedUpEvent;
  }
}
