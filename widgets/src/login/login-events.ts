import { FanEvent } from '../kit/events.js';

/** Who signed in, as the page may see it: never the token. */
export interface FanLoginUser {
  _id: string;
  name: string;
  username: string;
  isPerformer: boolean;
}

export interface FanLoginDetail {
  user: FanLoginUser;
}

/** `fan-login`: a fan or creator signed in through this element. Carries no credential. */
export class FanLoginEvent extends FanEvent<FanLoginDetail> {
  static readonly type = 'fan-login';
  constructor(user: FanLoginUser) {
    super(FanLoginEvent.type, { user: { _id: user._id, name: user.name, username: user.username, isPerformer: user.isPerformer } });
  }
}

/** `fan-logout`: the signed-in user logged out through this element. */
export class FanLogoutEvent extends FanEvent<undefined> {
  static readonly type = 'fan-logout';
  constructor() {
    super(FanLogoutEvent.type, undefined);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fan-login': FanLoginEvent;
    'fan-logout': FanLogoutEvent;
  }
}
