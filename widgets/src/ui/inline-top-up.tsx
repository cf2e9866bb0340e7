import { createElement, useEffect, useRef, useState } from 'react';
import { topupLimits } from '../format/money.js';
import { useTranslation } from '../i18n/index.js';
import { ensureElement } from '../kit/lazy-features.js';
import { useSession, useSignalValue } from '../session/react.js';
import type { PublicSettings } from '../session/types.js';
import { FormError } from './index.js';

/** How often and how long the inline top-up polls its PIX (tests shorten it). */
export interface InlineTopUpPolling {
  intervalMs?: number | undefined;
  lifetimeMs?: number | undefined;
}

/** The wallet's parts, re-exported through the element so `::part()` reaches them from the page. */
const walletParts = [
  'wallet',
  'amount',
  'presets',
  'preset',
  'amount-input',
  'limits',
  'amount-error',
  'coupon',
  'coupon-input',
  'coupon-apply',
  'gateways',
  'pix',
  'qr',
  'pix-code',
  'copy',
  'status',
  'check-again',
  'sandbox-link',
  'restart',
].map((name) => `${name}:topup-${name}`);

/**
 * What to top up to afford `price` with `balance`: the missing amount, rounded up to the
 * cent and kept within the platform's top-up limits.
 */
export function topUpAmount(price: number, balance: number | undefined, settings: PublicSettings | null): number {
  const missing = Math.max(0, price - (balance ?? 0));
  const limits = topupLimits(settings);
  return Math.min(limits.max, Math.max(limits.min, Math.ceil(missing * 100) / 100));
}

export interface InlineTopUpProps {
  /** What the fan is paying for: the top-up offered is what the live balance misses of it. */
  price: number;
  polling?: InlineTopUpPolling | undefined;
  /** The wallet says the top-up was paid (`fan-topped-up` bubbling up from it). */
  onToppedUp: () => void;
}

/**
 * `<fan-wallet-topup>` inside a paying element (the tip, the subscribe), by tag: no feature
 * imports the wallet. Its module is loaded on first need (kit `ensureElement`), on the
 * host site as on any page. Part: `topup`, the wallet's parts as `topup-<part>`.
 *
 * Features import this module lazily (`lazy(() => import('../ui/inline-top-up.js'))`):
 * most payments never run short, so its bytes are not among an element's first ones.
 */
export function InlineTopUp({ price, polling, onToppedUp }: InlineTopUpProps) {
  const { t } = useTranslation();
  const session = useSession();
  const balance = useSignalValue(session.user.current)?.balance;
  const settings = useSignalValue(session.settings.values);
  const amount = topUpAmount(price, balance, settings);
  const [ready, setReady] = useState<'loading' | 'ready' | 'failed'>(() => (customElements.get('fan-wallet-topup') ? 'ready' : 'loading'));
  const box = useRef<HTMLDivElement>(null);
  const paid = useRef(onToppedUp);
  paid.current = onToppedUp;

  useEffect(() => {
    let current = true;
    ensureElement('fan-wallet-topup').then(
      () => current && setReady('ready'),
      () => current && setReady('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const listener = () => paid.current();
    node.addEventListener('fan-topped-up', listener);
    return () => node.removeEventListener('fan-topped-up', listener);
  }, [ready]);

  if (ready === 'failed') return <FormError>{t('errors.generic')}</FormError>;
  return (
    <div ref={box} className="fan-inline-topup" part="topup">
      {ready === 'ready' ? createElement('fan-wallet-topup', { amount, polling, exportparts: walletParts.join(', ') }) : null}
    </div>
  );
}
