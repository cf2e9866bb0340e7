import { useRef, useState, type FormEvent } from 'react';
import type { PaymentCardDto, PaymentTransactionDto, TokenPackageDto } from '@fandeck/contract';
import { checkAmount, formatMoney, topupLimits } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { createPayKeys, runPay } from '@fandeck/widgets/session';
import { session, useSignalValue } from '../../session/session.js';
import { checkCard, type CardProblem } from './card-checks.js';
import { CardFieldsInput, EMPTY_CARD } from './card-fields.js';
import { WalletDialog } from './wallet-dialog.js';

export interface CardTopUpProps {
  cards: PaymentCardDto[];
  packages: TokenPackageDto[];
  /** The provider a new card is saved at (`card-sandbox` on a server without Stripe). */
  provider: string;
  /** A card was saved on the way (the list reloads). */
  onCardSaved: () => void;
  /** A top-up was paid (the history reloads; the balance follows the live event). */
  onPaid: () => void;
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'paid'; amount: number } | { kind: 'pending' } | { kind: 'failed'; message: string };

const NEW_CARD = 'new';

/**
 * A top-up by card: an amount or a token package, a coupon, a saved card or a new one. The
 * money is confirmed through the session's transport (`runPay`, the platform's confirm), and
 * a card that asks for an extra step gets it in the page's own dialog. A refusal keeps every field.
 */
export function CardTopUp({ cards, packages, provider, onCardSaved, onPaid }: CardTopUpProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const settings = useSignalValue(session.settings.values);
  const limits = topupLimits(settings);
  const [amount, setAmount] = useState('');
  const [packageId, setPackageId] = useState('');
  const [coupon, setCoupon] = useState('');
  const defaultCard = cards.find((c) => c.isDefault) ?? cards[0];
  const [choice, setChoice] = useState<string | null>(null);
  const cardChoice = choice ?? defaultCard?._id ?? NEW_CARD;
  const [fields, setFields] = useState(EMPTY_CARD);
  const [problem, setProblem] = useState<CardProblem | null>(null);
  const [amountProblem, setAmountProblem] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [step, setStep] = useState<PaymentTransactionDto | null>(null);
  const keys = useRef(createPayKeys()).current;
  const chosenPackage = packages.find((p) => p._id === packageId);
  const sending = status.kind === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = chosenPackage ? null : checkAmount(amount, limits);
    setAmountProblem(checked !== null && !checked.ok);
    if (checked && !checked.ok) return;
    let cardId = cardChoice;
    if (cardChoice === NEW_CARD) {
      const card = checkCard(fields);
      setProblem(card.ok ? null : card.problem);
      if (!card.ok) return;
      setStatus({ kind: 'sending' });
      const saved = await session.api.cards.add({ provider }, card.card);
      if (!saved.ok) return setStatus({ kind: 'failed', message: saved.error.message });
      if (!('_id' in saved.value)) return setStatus({ kind: 'failed', message: t('walletPage.cardsUnavailable') });
      cardId = saved.value._id;
      setChoice(cardId);
      setFields(EMPTY_CARD);
      onCardSaved();
    }
    setStatus({ kind: 'sending' });
    const body: Record<string, unknown> = { paymentCardId: cardId };
    if (chosenPackage) body.packageId = chosenPackage._id;
    else if (checked?.ok) body.amount = checked.value;
    if (coupon.trim()) body.couponCode = coupon.trim();
    const outcome = await runPay<PaymentTransactionDto>(session.transport, keys, { action: 'topup', params: {}, body });
    if (!outcome.ok) return setStatus({ kind: 'failed', message: outcome.error.message });
    settle(outcome.value);
  }

  function settle(transaction: PaymentTransactionDto) {
    if (transaction.status === 'success') {
      setStatus({ kind: 'paid', amount: transaction.tokens });
      onPaid();
    } else if (transaction.status === 'require_authentication') {
      setStep(transaction);
      setStatus({ kind: 'idle' });
    } else setStatus({ kind: 'pending' });
  }

  async function completeStep() {
    if (!step) return;
    const transaction = step;
    setStep(null);
    setStatus({ kind: 'sending' });
    const done = await session.api.payments.sandboxPay({ transactionId: transaction._id }, {});
    if (!done.ok) return setStatus({ kind: 'failed', message: done.error.message });
    settle({ ...transaction, status: 'success' });
  }

  const price = chosenPackage ? chosenPackage.price : checkAmount(amount, limits);
  const priceValue = typeof price === 'number' ? price : price.ok ? price.value : null;
  return (
    <form className="stack card-top-up" noValidate onSubmit={submit} aria-busy={sending} data-testid="card-top-up">
      <h3>{t('walletPage.cardHeading')}</h3>
      {packages.length > 0 ? (
        <label className="field">
          <span>{t('walletPage.package')}</span>
          <select value={packageId} onChange={(e) => setPackageId(e.target.value)} disabled={sending} data-testid="package-select">
            <option value="">{t('walletPage.noPackage')}</option>
            {packages.map((p) => (
              <option key={p._id} value={p._id}>
                {t('walletPage.packageOption', { name: p.name, tokens: formatMoney(p.tokens, locale), price: formatMoney(p.price, locale) })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosenPackage ? null : (
        <label className="field">
          <span>{t('walletPage.amount')}</span>
          <input name="amount" inputMode="decimal" value={amount} disabled={sending} onChange={(e) => setAmount(e.target.value)} aria-invalid={amountProblem || undefined} />
          {amountProblem ? <span className="error" role="alert">{t('walletPage.checkAmount')}</span> : null}
        </label>
      )}
      <label className="field">
        <span>{t('walletPage.coupon')}</span>
        <input name="coupon" autoComplete="off" value={coupon} disabled={sending} onChange={(e) => setCoupon(e.target.value.toUpperCase())} />
      </label>
      <label className="field">
        <span>{t('walletPage.payWith')}</span>
        <select value={cardChoice} onChange={(e) => setChoice(e.target.value)} disabled={sending} data-testid="card-select">
          {cards.map((c) => (
            <option key={c._id} value={c._id}>
              {t('walletPage.savedCardOption', { brand: c.brand, last4: c.last4, month: String(c.expMonth).padStart(2, '0'), year: String(c.expYear).slice(-2) })}
            </option>
          ))}
          <option value={NEW_CARD}>{t('walletPage.newCard')}</option>
        </select>
      </label>
      {cardChoice === NEW_CARD ? <CardFieldsInput value={fields} onChange={setFields} problem={problem} disabled={sending} /> : null}
      {status.kind === 'failed' ? (
        <p className="error" role="alert" data-testid="card-error">
          {status.message}
        </p>
      ) : null}
      {status.kind === 'paid' ? (
        <p className="notice" role="status" data-testid="card-paid">
          {t('walletPage.paid', { amount: formatMoney(status.amount, locale) })}
        </p>
      ) : null}
      {status.kind === 'pending' ? <p className="muted" role="status">{t('walletPage.pending')}</p> : null}
      <button type="submit" className="button button--primary" disabled={sending}>
        {t('walletPage.pay', { amount: priceValue === null ? '' : formatMoney(priceValue, locale) })}
      </button>
      <WalletDialog
        title={t('walletPage.stepTitle')}
        open={step !== null}
        onClose={() => setStep(null)}
        testId="card-step"
        actions={
          <>
            <button type="button" className="button" onClick={() => setStep(null)}>
              {t('walletPage.stepCancel')}
            </button>
            <button type="button" className="button button--primary" onClick={() => void completeStep()}>
              {t('walletPage.stepConfirm')}
            </button>
          </>
        }
      >
        <p>{t('walletPage.stepText', { amount: formatMoney(step?.amount ?? 0, locale) })}</p>
      </WalletDialog>
    </form>
  );
}
