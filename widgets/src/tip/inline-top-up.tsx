import { createElement, useEffect, useRef, useState } from 'react';
import { ensureElement } from '../kit/lazy-features.js';
import { FormError } from '../ui/index.js';
import { useTranslation } from '../i18n/index.js';

/** How often and how long the inline top-up polls its PIX (tests shorten it). */
export interface InlineTopUpPolling {
  intervalMs?: number | undefined;
  lifetimeMs?: number | undefined;
}

/** The wallet's parts, re-exported through the tip so `::part()` reaches them from the page. */
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

export interface InlineTopUpProps {
  amount: number;
  polling?: InlineTopUpPolling | undefined;
  /** The wallet says the top-up was paid (`fan-topped-up` bubbling up from it). */
  onToppedUp: () => void;
}

/**
 * `<fan-wallet-topup>` inside the tip, by tag: the tip never imports the wallet. Its
 * module is loaded on first need (kit `ensureElement`), on the host site as on any page.
 */
export function InlineTopUp({ amount, polling, onToppedUp }: InlineTopUpProps) {
  const { t } = useTranslation();
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
    <div ref={box} className="fan-tip__topup" part="topup">
      {ready === 'ready' ? createElement('fan-wallet-topup', { amount, polling, exportparts: walletParts.join(', ') }) : null}
    </div>
  );
}
