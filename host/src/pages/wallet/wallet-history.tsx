import { useEffect, useState } from 'react';
import type { PaymentTransactionDto, WalletChargeDto } from '@fandeck/contract';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';
import { FilterSelect, ListPager } from '../../components/list-controls.js';
import { RemoteList, useRemoteList } from '../../components/remote-list.js';
import { formatDateTime } from '../../format/date.js';
import { useListQuery } from '../../routing/use-list-query.js';
import { session } from '../../session/session.js';
import { WalletDialog } from './wallet-dialog.js';

type Row = { kind: 'topup'; item: PaymentTransactionDto } | { kind: 'charge'; item: WalletChargeDto };
const FILTERS = ['kind', 'from', 'to'] as const;

function statusKey(status: string) {
  if (status === 'success' || status === 'paid') return 'walletPage.statusSuccess' as const;
  if (status === 'refunded') return 'walletPage.statusRefunded' as const;
  if (status === 'fail' || status === 'canceled') return 'walletPage.statusFailed' as const;
  return 'walletPage.statusPending' as const;
}

/**
 * Top-ups or purchases, a page at a time, filtered by kind and dates (kept in the address),
 * each row opening its receipt in the page's dialog. `version` reloads after a payment.
 */
export function WalletHistory({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { query, apiQuery, setPage, setPageSize, setFilters } = useListQuery({ filters: FILTERS, sortBy: 'createdAt' });
  const kind = query.filters.kind === 'charges' ? 'charges' : 'topups';
  const { kind: _kind, from, to, ...rest } = apiQuery;
  const listQuery = { ...rest, ...(from ? { fromDate: from } : {}), ...(to ? { toDate: to } : {}), ...(kind === 'charges' ? { as: 'buyer' } : {}) };
  const { state, reload } = useRemoteList<PaymentTransactionDto | WalletChargeDto>(
    (page) => (kind === 'charges' ? session.api.wallet.charges.list(page) : session.api.payments.transactions.list(page)),
    listQuery,
    kind,
  );
  const [receipt, setReceipt] = useState<Row | null>(null);
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    if (version === seen) return;
    setSeen(version);
    void reload();
  }, [version, seen, reload]);
  const money = (value: number) => formatMoney(value, locale);
  const method = (gateway: string) => (gateway.includes('pix') ? t('walletPage.methodPix') : t('walletPage.methodCard'));
  const rowOf = (item: PaymentTransactionDto | WalletChargeDto): Row =>
    kind === 'charges' ? { kind: 'charge', item: item as WalletChargeDto } : { kind: 'topup', item: item as PaymentTransactionDto };

  return (
    <div className="stack" data-testid="wallet-history">
      <div className="list-controls">
        <FilterSelect label={t('walletPage.kind')} name="kind" value={kind} onChange={(value) => setFilters({ kind: value === 'topups' ? '' : value })}>
          <option value="topups">{t('walletPage.kindTopups')}</option>
          <option value="charges">{t('walletPage.kindCharges')}</option>
        </FilterSelect>
        <div className="list-controls__group">
          <label htmlFor="wallet-from">{t('walletPage.from')}</label>
          <input id="wallet-from" type="date" value={query.filters.from ?? ''} onChange={(e) => setFilters({ from: e.target.value })} />
        </div>
        <div className="list-controls__group">
          <label htmlFor="wallet-to">{t('walletPage.to')}</label>
          <input id="wallet-to" type="date" value={query.filters.to ?? ''} onChange={(e) => setFilters({ to: e.target.value })} />
        </div>
      </div>
      <RemoteList state={state} empty={kind === 'charges' ? t('walletPage.noCharges') : t('walletPage.noTopups')} onRetry={() => void reload()}>
        {(items) => (
          <ul className="wallet-rows">
            {items.map((item) => {
              const row = rowOf(item);
              const title = row.kind === 'topup' ? (row.item.packageName ?? method(row.item.paymentGateway)) : row.item.target === 'tip' ? t('walletPage.targetTip') : t('walletPage.targetOther');
              const amount = row.kind === 'topup' ? `+${money(row.item.tokens)}` : `−${money(row.item.price)}`;
              return (
                <li key={item._id} className="wallet-rows__item" data-row={row.kind} data-status={item.status}>
                  <span className="wallet-rows__main">
                    <strong>{title}</strong>
                    <span className="muted">
                      {formatDateTime(item.createdAt, locale)} · {t(statusKey(item.status))}
                    </span>
                  </span>
                  <span className="wallet-rows__amount">{amount}</span>
                  <button type="button" className="button button--small" onClick={() => setReceipt(row)}>
                    {t('walletPage.receipt')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </RemoteList>
      <ListPager state={state} current={query.current} pageSize={query.pageSize} onPage={setPage} onPageSize={setPageSize} />
      <WalletDialog
        title={t('walletPage.receiptTitle')}
        open={receipt !== null}
        onClose={() => setReceipt(null)}
        testId="receipt"
        actions={
          <>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('walletPage.print')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setReceipt(null)}>
              {t('walletPage.close')}
            </button>
          </>
        }
      >
        {receipt ? <Receipt row={receipt} money={money} method={method} locale={locale} /> : null}
      </WalletDialog>
    </div>
  );
}

function Receipt({ row, money, method, locale }: { row: Row; money: (value: number) => string; method: (gateway: string) => string; locale: string }) {
  const { t } = useTranslation();
  const lines: [string, string][] = [
    [t('walletPage.receiptId'), row.item._id],
    [t('walletPage.receiptDate'), formatDateTime(row.item.createdAt, locale)],
    [t('walletPage.receiptStatus'), t(statusKey(row.item.status))],
  ];
  if (row.kind === 'topup') {
    lines.push([t('walletPage.receiptMethod'), method(row.item.paymentGateway)], [t('walletPage.receiptPaid'), money(row.item.amount)]);
    if (row.item.discount > 0) lines.push([t('walletPage.receiptDiscount'), money(row.item.discount)]);
    lines.push([t('walletPage.receiptTokens'), money(row.item.tokens)]);
    if (row.item.packageName) lines.push([t('walletPage.receiptItem'), row.item.packageName]);
  } else {
    lines.push([t('walletPage.receiptItem'), row.item.target === 'tip' ? t('walletPage.targetTip') : t('walletPage.targetOther')], [t('walletPage.receiptPaid'), money(row.item.price)]);
    if (row.item.performerInfo) lines.push([t('walletPage.receiptCreator'), row.item.performerInfo.name]);
  }
  return (
    <dl className="receipt">
      {lines.map(([label, value]) => (
        <div key={label} className="receipt__line">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
