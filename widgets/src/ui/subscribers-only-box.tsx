import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession } from '../session/react.js';

/** Whose item it is: enough to send a fan to subscribe (the profile path takes the username, else the id). */
export interface ItemCreator {
  _id: string;
  username?: string | null | undefined;
}

/**
 * What "Subscribe to see" does on this page: a page that shows the creator's subscribe
 * itself (the platform's profile) brings it forward. Without one, the action links to the
 * creator's profile on the platform, which works wherever the list runs.
 */
export type OnSubscribe = (creator: ItemCreator) => void;

/** What a lock decision needs of an item (a post, a video, a gallery as the server answers it). */
export interface Lockable {
  locked: boolean;
  isSale: boolean;
  price: number;
  subscribersOnly?: boolean | undefined;
}

/**
 * Whether a locked item opens by subscribing rather than by paying: the server's rule
 * (server/src/content/entitlement.ts), where an item for sale is sold on its own and
 * `subscribersOnly` counts only when it is not.
 */
export function locksForSubscribers(item: Lockable): boolean {
  return item.locked && item.subscribersOnly === true && !(item.isSale && item.price > 0);
}

/** The creator's subscribe section on the platform's profile page, as an absolute URL. */
export function subscribeUrl(origin: string, creator: ItemCreator): string {
  return new URL(`/${encodeURIComponent(creator.username || creator._id)}#plans`, origin).href;
}

export interface SubscribersOnlyBoxProps {
  /** What is locked, in the item's own words. */
  children: ReactNode;
  creator: ItemCreator;
  onSubscribe?: OnSubscribe | undefined;
}

/**
 * Under an item only the creator's subscribers see: says so, and offers to subscribe
 * (no price here: the plans, and the platform's confirm, are where the fan subscribes).
 * Part: `subscribers-only`, its action `subscribe`.
 */
export function SubscribersOnlyBox({ children, creator, onSubscribe }: SubscribersOnlyBoxProps) {
  const { t } = useTranslation();
  const session = useSession();
  let action: ReactNode;
  if (onSubscribe) {
    action = (
      <button type="button" part="subscribe" className="button button--primary" onClick={() => onSubscribe(creator)}>
        {t('ui.subscribeToSee')}
      </button>
    );
  } else {
    const href = subscribeUrl(session.transport.origin, creator);
    // On another site the profile opens beside the page the fan is reading.
    const external = new URL(href).origin !== location.origin;
    action = (
      <a part="subscribe" className="button button--primary" href={href} {...(external ? { target: '_blank', rel: 'noopener' } : {})}>
        {t('ui.subscribeToSee')}
      </a>
    );
  }
  return (
    <div className="feed-card__lock" part="subscribers-only" data-lock="subscribers">
      <strong className="feed-card__lock-title">{t('ui.subscribersOnly')}</strong>
      {children}
      {action}
    </div>
  );
}
