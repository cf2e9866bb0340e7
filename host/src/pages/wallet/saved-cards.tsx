import { useState, type FormEvent } from 'react';
import type { PaymentCardDto } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import type { Loaded } from '../../components/remote-list.js';
import { RemoteList } from '../../components/remote-list.js';
import { session } from '../../session/session.js';
import { checkCard, type CardProblem } from './card-checks.js';
import { CardFieldsInput, EMPTY_CARD } from './card-fields.js';
import { WalletDialog } from './wallet-dialog.js';

export interface SavedCardsProps {
  state: Loaded<PaymentCardDto>;
  provider: string;
  reload: () => void;
}

/** The fan's saved cards: the default marked, make another the default, remove one (asked in the page's dialog), add one. */
export function SavedCards({ state, provider, reload }: SavedCardsProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [fields, setFields] = useState(EMPTY_CARD);
  const [problem, setProblem] = useState<CardProblem | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PaymentCardDto | null>(null);

  async function act(run: () => Promise<{ ok: boolean; error?: { message: string } }>, done?: string) {
    setBusy(true);
    const outcome = await run();
    setBusy(false);
    setMessage(outcome.ok ? (done ? { error: false, text: done } : null) : { error: true, text: outcome.error?.message ?? '' });
    if (outcome.ok) reload();
    return outcome.ok;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const card = checkCard(fields);
    setProblem(card.ok ? null : card.problem);
    if (!card.ok || busy) return;
    if (await act(() => session.api.cards.add({ provider }, card.card), t('walletPage.cardSaved'))) {
      setFields(EMPTY_CARD);
      setAdding(false);
    }
  }

  const label = (card: PaymentCardDto) =>
    t('walletPage.savedCardOption', { brand: card.brand, last4: card.last4, month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear).slice(-2) });
  return (
    <div className="stack" data-testid="saved-cards">
      <RemoteList state={state} empty={t('walletPage.noCards')} onRetry={reload}>
        {(cards) => (
          <ul className="saved-cards">
            {cards.map((card) => (
              <li key={card._id} className="saved-cards__item" data-card={card.last4}>
                <span className="saved-cards__label">{label(card)}</span>
                {card.isDefault ? <span className="badge">{t('walletPage.isDefault')}</span> : null}
                <span className="saved-cards__actions">
                  {card.isDefault ? null : (
                    <button type="button" className="button button--small" disabled={busy} onClick={() => void act(() => session.api.cards.setDefault({ id: card._id }, {}))}>
                      {t('walletPage.makeDefault')}
                    </button>
                  )}
                  <button type="button" className="button button--small" disabled={busy} onClick={() => setRemoving(card)}>
                    {t('walletPage.remove')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      {message ? (
        <p className={message.error ? 'error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {adding ? (
        <form className="stack" noValidate onSubmit={add} aria-busy={busy}>
          <CardFieldsInput value={fields} onChange={setFields} problem={problem} disabled={busy} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('walletPage.saveCard')}
          </button>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t('walletPage.addCard')}
        </button>
      )}
      <WalletDialog
        title={t('walletPage.removeTitle')}
        open={removing !== null}
        onClose={() => setRemoving(null)}
        testId="remove-card"
        actions={
          <>
            <button type="button" className="button" onClick={() => setRemoving(null)}>
              {t('walletPage.stepCancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                const card = removing;
                setRemoving(null);
                if (card) void act(() => session.api.cards.remove({ id: card._id }, {}));
              }}
            >
              {t('walletPage.remove')}
            </button>
          </>
        }
      >
        <p>{removing ? t('walletPage.removeText', { brand: removing.brand, last4: removing.last4 }) : null}</p>
      </WalletDialog>
    </div>
  );
}
