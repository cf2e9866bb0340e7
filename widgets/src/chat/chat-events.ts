import { FanEvent } from '../kit/events.js';

export interface FanMessageSentDetail {
  /** The conversation it went to. */
  conversationId: string;
  /** The stored message's `_id`. */
  messageId: string;
  /** The id this page made for it (the same across resends). */
  clientId: string;
}

/**
 * `fan-message-sent`: the platform stored a message the fan wrote here (after its answer,
 * resends included). Fired once per message.
 */
export class FanMessageSentEvent extends FanEvent<FanMessageSentDetail> {
  static readonly type = 'fan-message-sent';
  constructor(detail: FanMessageSentDetail) {
    super(FanMessageSentEvent.type, { conversationId: detail.conversationId, messageId: detail.messageId, clientId: detail.clientId });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-message-sent': FanMessageSentEvent;
  }
}
