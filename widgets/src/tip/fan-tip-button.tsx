import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.js';
import { ensureFeature } from '../kit/lazy-features.js';
import { useSession, useSignalValue } from '../session/react.js';
import { FormError, SignInPrompt, SubmitButton, useErrorText, useModel } from '../ui/index.js';
import type { FanTipSentDetail } from './tip-events.js';
import { TipModel } from './tip.model.js';
import { TipPanel, type InlineTopUpPolling } from './tip-panel.js';

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
  polling?: InlineTopUpPolling | undefined;
}

/**
 * A tip button: it opens a small panel with the amount, an optional message and the
 * fan's live balance; the platform confirms the tip (in its own dialog on a third-party
 * page) before the wallet is charged. A short balance opens the wallet top-up inline,
 * then the same tip again. Signed out, the panel offers to sign in. The flow is a TipModel.
 */
export function FanTipButton({ creator, amount, label, onTipSent, polling }: FanTipButtonProps) {
  const { t } = useTranslation();
  const session = useSession();
  const flow = useModel(() => new TipModel(session));
  const errorText = useErrorText();
  const id = useId();
  const loggedIn = useSignalValue(session.auth.loggedIn);
  const target = useSignalValue(flow.creator);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void flow.setCreator(creator);
  }, [flow, creator]);

  // The balance shown here is the wallet model's, kept live from update_balance.
  useEffect(() => {
    if (loggedIn) ensureFeature(session, 'wallet').catch(() => undefined);
  }, [session, loggedIn]);

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
        <div ref={panel} id={`${id}-panel`} className="fan-tip__panel" part="panel" role="dialog" aria-labelledby={`${id}-title`} tabIndex={-1}>
          <div className="fan-tip__header">
            <h2 id={`${id}-title`} className="fan-tip__title" part="heading">
              {name ? t('tip.title', { name }) : t('tip.button')}
            </h2>
            <button type="button" part="close" className="fan-tip__close" aria-label={t('tip.close')} onClick={close}>
              ×
            </button>
          </div>
          {target.status === 'loading' ? (
            <p className="fan-tip--loading" part="loading" aria-busy="true">
              {t('tip.loading')}
            </p>
          ) : target.status === 'failed' ? (
            <>
              <FormError>
                {target.reason === 'missing' ? t('tip.creatorMissing') : target.reason === 'not-found' ? t('tip.creatorNotFound') : target.error ? errorText(target.error) : null}
              </FormError>
              {target.reason === 'missing' ? null : (
                <SubmitButton type="button" part="retry" variant="secondary" onClick={() => void flow.retryCreator()}>
                  {t('tip.retry')}
                </SubmitButton>
              )}
            </>
          ) : loggedIn ? (
            <TipPanel flow={flow} creator={target.creator} amount={amount} onTipSent={onTipSent} polling={polling} />
          ) : (
            <SignInPrompt text={t('tip.signInPrompt')} />
          )}
        </div>
      ) : null}
    </div>
  );
}
