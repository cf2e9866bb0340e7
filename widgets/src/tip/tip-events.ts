import { FanEvent } from '../kit/events.js';

export interface FanTipSentDetail {
  /** The wallet charge's `_id`. */
  chargeId: string;
  /** The creator's `_id` (also when the element names them by username). */
  creatorId: string;
  /** The tip, in tokens (decimal units). */
  amount: number;
}

/** `fan-tip-sent`: a tip made here was charged to the fan's wallet. */
export class FanTipSentEvent extends FanEvent<FanTipSentDetail> {
  static readonly type = 'fan-tip-sent';
  constructor(detail: FanTipSentDetail) {
    super(FanTipSentEvent.type, { chargeId: detail.chargeId, creatorId: detail.creatorId, amount: detail.amount });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-tip-sent': FanTipSentEvent;
  }
}
