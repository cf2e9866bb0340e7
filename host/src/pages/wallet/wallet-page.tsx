import { Suspense, useState } from 'react';
import type { PaymentCardDto, TokenPackageDto } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { walletFeature } from '@fandeck/widgets/wallet/wallet.model';
import { WalletTopup } from '@fandeck/widgets/wallet/wallet-topup';
import '@fandeck/widgets/kit/base.css';
import '@fandeck/widgets/ui/form-controls.css';
import '@fandeck/widgets/wallet/fan-wallet-topup.css';
import { PageStatus } from '../../components/page-status.js';
import { useRemoteList } from '../../components/remote-list.js';
import { session, useSignalValue } from '../../session/session.js';
import { CardTopUp } from './card-top-up.js';
import { SavedCards } from './saved-cards.js';
import { WalletHistory } from './wallet-history.js';

type Method = 'pix' | 'card';

/**
 * /user/wallet: the live balance, a top-up by PIX (the wallet feature's own view: QR, copy
 * code, live status) or by card (a saved card or a new one, token packages, a coupon), the
 * saved cards, and the history of top-ups and purchases with receipts.
 */
/** Token packages to buy by PIX: choosing one fixes the PIX form's amount to its price. */
function PackagePicker({ packages, value, onChange }: { packages: TokenPackageDto[]; value: TokenPackageDto | null; onChange: (value: TokenPackageDto | null) => void }) {
  const { t, i18n } = useTranslation();
  if (packages.length === 0) return null;
  return (
    <label className="field wallet-package">
      <span>{t('walletPage.package')}</span>
      <select value={value?._id ?? ''} onChange={(e) => onChange(packages.find((p) => p._id === e.target.value) ?? null)} data-testid="pix-package-select">
        <option value="">{t('walletPage.noPackage')}</option>
        {packages.map((p) => (
          <option key={p._id} value={p._id}>
            {t('walletPage.packageOption', { name: p.name, tokens: formatMoney(p.tokens, i18n.language), price: formatMoney(p.price, i18n.language) })}
          </option>
        ))}
      </select>
    </label>
  );
}

export function WalletPage() {
  useNamespaces('walletPage', 'wallet', 'list');
  const { t, i18n } = useTranslation();
  const wallet = session.use(walletFeature);
  const balance = useSignalValue(wallet.balance);
  const settings = useSignalValue(session.settings.values);
  const theme = useSignalValue(session.theme.current);
  const [method, setMethod] = useState<Method>('pix');
  const [version, setVersion] = useState(0);
  const cards = useRemoteList<PaymentCardDto>((page) => session.api.cards.list.list(page), {});
  const packages = useRemoteList<TokenPackageDto>((page) => session.api.tokenPackages.search.list(page), { limit: 20 });
  const paid = () => setVersion((v) => v + 1);
  const packageList = packages.state.status === 'ready' ? packages.state.items : [];
  const [pixPackage, setPixPackage] = useState<TokenPackageDto | null>(null);
  // Stripe when the server names its publishable key, else the sandbox's cards.
  const stripe = typeof settings?.stripePublishableKey === 'string' && settings.stripePublishableKey.trim() !== '';
  const provider = stripe ? 'stripe' : 'card-sandbox';

  return (
    <section aria-labelledby="wallet-title" className="stack wallet-page" data-testid="wallet-page">
      <h1 id="wallet-title">{t('walletPage.title')}</h1>
      <div className="wallet-balance" aria-live="polite">
        <span className="muted">{t('walletPage.balance')}</span>
        <strong data-testid="wallet-balance">{balance === null ? '…' : formatMoney(balance, i18n.language)}</strong>
      </div>

      <section aria-labelledby="wallet-topup-title" className="stack wallet-card">
        <h2 id="wallet-topup-title">{t('walletPage.topUp')}</h2>
        <div className="wallet-tabs" role="group" aria-label={t('walletPage.payWith')}>
          {(['pix', 'card'] as const).map((m) => (
            <button key={m} type="button" className="wallet-tabs__tab" aria-pressed={method === m} onClick={() => setMethod(m)}>
              {m === 'pix' ? t('walletPage.byPix') : t('walletPage.byCard')}
            </button>
          ))}
        </div>
        {method === 'pix' ? (
          <Suspense fallback={<PageStatus kind="loading" />}>
            <div className="wallet-pix fan-root" data-theme={theme} data-testid="pix-top-up">
              <PackagePicker packages={packageList} value={pixPackage} onChange={setPixPackage} />
              <WalletTopup
                key={pixPackage?._id ?? 'amount'}
                heading={t('walletPage.pixHeading')}
                pixOnly
                onToppedUp={paid}
                amount={pixPackage?.price}
                packageId={pixPackage?._id}
              />
            </div>
          </Suspense>
        ) : stripe ? (
          <p className="muted">{t('walletPage.cardsUnavailable')}</p>
        ) : (
          <CardTopUp
            cards={cards.state.status === 'ready' ? cards.state.items : []}
            packages={packageList}
            provider={provider}
            onCardSaved={() => void cards.reload()}
            onPaid={paid}
          />
        )}
      </section>

      <section aria-labelledby="wallet-cards-title" className="stack wallet-card">
        <h2 id="wallet-cards-title">{t('walletPage.cardsHeading')}</h2>
        <SavedCards state={cards.state} provider={provider} reload={() => void cards.reload()} />
      </section>

      <section aria-labelledby="wallet-history-title" className="stack wallet-card">
        <h2 id="wallet-history-title">{t('walletPage.historyHeading')}</h2>
        <WalletHistory version={version} />
      </section>
    </section>
  );
}
