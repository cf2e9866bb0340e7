import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { useSession, useSignalValue } from '../session/react.js';
import type { TopUpPolling } from '../wallet/use-top-up-status.js';
import { SignInPrompt } from '../wallet/sign-in-prompt.js';
import { fetchCreator, type TipCreator } from './tip-api.js';
import type { FanTipSentDetail } from './tip-events.js';
import { TipPanel } from './tip-panel.js';

export interface FanTipButtonProps {
  /** The creator to tip: their id or username. */
  creator?: string | undefined;
  /** The amount chosen at first. */
  amount?: number | undefined;
  /** The button's text; default the translated "Send a tip". */
  label?: string | undefined;
  /** A tip made here was charged. */
  onTipSent?: ((detail: FanTipSentDetail) => void) | undefined;
  /** Status polling of an inline top-up (tests shorten it). */
  polling?: TopUpPolling | undefined;
}

/** A failure is kept as what went wrong, and worded at render time in the element's language. */
type CreatorState = { status: 'loading' } | { status: 'ready'; creator: TipCreator } | { status: 'failed'; reason: 'missing' | 'not-found' | 'other'; message: string };

/**
 * A tip button: it opens a small panel with the amount, an optional message and the
 * fan's live balance; the platform confirms the tip (in its own dialog on a third-party
 * page) before the wallet is charged. A short balance opens the wallet top-up inline,
 * then the same tip again. Signed out, the panel offers to sign in.
 */
export function FanTipButton({ creator, amount, label, onTipSent, polling }: FanTipButtonProps) {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<CreatorState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wanted = creator?.trim() ?? '';

  useEffect(() => {
    if (!wanted) return setTarget({ status: 'failed', reason: 'missing', message: '' });
    let current = true;
    setTarget({ status: 'loading' });
    void fetchCreator(session, wanted).then((outcome) => {
      if (!current) return;
      if (outcome.ok) setTarget({ status: 'ready', creator: outcome.value });
      else setTarget({ status: 'failed', reason: outcome.error.status === 404 ? 'not-found' : 'other', message: outcome.error.message });
    });
    return () => {
      current = false;
    };
  }, [session, wanted, attempt]);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const name = target.status === 'ready' ? target.creator.name : '';
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div
      className="fan-tip"
      data-state={open ? 'open' : 'closed'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <button
        ref={toggle}
        type="button"
        part="button"
        className="fan-tip__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={label ? undefined : name ? t('tip.buttonFor', { name }) : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span aria-hidden="true">♥</span> {label || t('tip.button')}
      </button>
      {open ? (
        <div ref={panel} id={`${id}-panel`} className="fan-tip__panel fan-wallet" part="panel" role="dialog" aria-labelledby={`${id}-title`} tabIndex={-1}>
          <div className="fan-tip__header">
            <h2 id={`${id}-title`} className="fan-wallet__title" part="heading">
              {name ? t('tip.title', { name }) : t('tip.button')}
            </h2>
            <button type="button" part="close" className="fan-tip__close" aria-label={t('tip.close')} onClick={close}>
              ×
            </button>
          </div>
          {target.status === 'loading' ? (
            <p className="fan-wallet--loading" part="loading" aria-busy="true">
              {t('tip.loading')}
            </p>
          ) : target.status === 'failed' ? (
            <>
              <p className="fan-wallet__error" part="error" role="alert">
                {target.reason === 'missing' ? t('tip.creatorMissing') : target.reason === 'not-found' ? t('tip.creatorNotFound') : target.message}
              </p>
              {wanted ? (
                <button type="button" part="retry" className="fan-wallet__secondary" onClick={() => setAttempt((value) => value + 1)}>
                  {t('tip.retry')}
                </button>
              ) : null}
            </>
          ) : loggedIn ? (
            <TipPanel creator={target.creator} amount={amount} onTipSent={onTipSent} polling={polling} />
          ) : (
            <SignInPrompt text={t('tip.signInPrompt')} />
          )}
        </div>
      ) : null}
    </div>
  );
}
