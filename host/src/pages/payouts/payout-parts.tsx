import type { ErrorCode, PayoutAccountTypeWire, PayoutStatusWire } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';

export const PAYOUT_METHODS = ['pix', 'banking', 'stripe'] as const satisfies readonly PayoutAccountTypeWire[];
export const PAYOUT_STATUSES = ['pending', 'approved', 'rejected', 'done'] as const satisfies readonly PayoutStatusWire[];

/** A request that still holds the creator's earnings: no second one may be made meanwhile. */
export const isOpenStatus = (status: PayoutStatusWire) => status === 'pending' || status === 'approved';

const statusKeys = {
  pending: 'payoutPages.statuses.pending',
  approved: 'payoutPages.statuses.approved',
  rejected: 'payoutPages.statuses.rejected',
  done: 'payoutPages.statuses.done',
} as const satisfies Record<PayoutStatusWire, string>;

const methodKeys = {
  pix: 'payoutPages.methods.pix',
  banking: 'payoutPages.methods.banking',
  stripe: 'payoutPages.methods.stripe',
} as const satisfies Record<PayoutAccountTypeWire, string>;

export function PayoutStatusBadge({ status }: { status: PayoutStatusWire }) {
  const { t } = useTranslation();
  return (
    <span className="badge" data-status={status}>
      {t(statusKeys[status])}
    </span>
  );
}

export function usePayoutLabels() {
  const { t } = useTranslation();
  return {
    status: (status: PayoutStatusWire) => t(statusKeys[status]),
    method: (method: PayoutAccountTypeWire) => t(methodKeys[method]),
  };
}

const detailKeys = {
  pixKeyType: 'payoutPages.details.pixKeyType',
  pixKey: 'payoutPages.details.pixKey',
  bankName: 'payoutPages.details.bankName',
  bankCode: 'payoutPages.details.bankCode',
  agency: 'payoutPages.details.agency',
  account: 'payoutPages.details.account',
  accountType: 'payoutPages.details.accountType',
  holderName: 'payoutPages.details.holderName',
  holderDocument: 'payoutPages.details.holderDocument',
  stripeAccountId: 'payoutPages.details.stripeAccountId',
} as const;
const isDetailKey = (key: string): key is keyof typeof detailKeys => Object.hasOwn(detailKeys, key);
const DETAIL_ORDER = Object.keys(detailKeys);
/** Known fields in the order above, any other after them: the server stores the details as jsonb, which keeps no key order. */
const detailRank = (key: string) => (isDetailKey(key) ? DETAIL_ORDER.indexOf(key) : DETAIL_ORDER.length);

/**
 * Where a request is to be paid, as the server recorded it when it was made (already
 * masked there: only the last digits of a key or account are readable). Known fields
 * by their names, any other scalar field under its own key.
 */
export function PayoutDetails({ info }: { info: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const entries = Object.entries(info ?? {})
    .filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]) && entry[1] !== '')
    .sort(([a], [b]) => detailRank(a) - detailRank(b));
  if (entries.length === 0) return <span className="muted">{t('payoutPages.noDetails')}</span>;
  return (
    <dl className="payout-details">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{isDetailKey(key) ? t(detailKeys[key]) : key}</dt>
          <dd>{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

type RefusalKey =
  | 'payoutPages.refusals.alreadyPending'
  | 'payoutPages.refusals.belowMinimum'
  | 'payoutPages.refusals.insufficient'
  | 'payoutPages.refusals.methodMissing'
  | 'payoutPages.refusals.notFound'
  | 'payoutPages.refusals.invalidTransition'
  | 'payoutPages.refusals.noPermission';

const refusalKeys: Partial<Record<ErrorCode, RefusalKey>> = {
  'payouts.already_pending': 'payoutPages.refusals.alreadyPending',
  'payouts.below_minimum': 'payoutPages.refusals.belowMinimum',
  'payouts.insufficient_earnings': 'payoutPages.refusals.insufficient',
  'payouts.method_missing': 'payoutPages.refusals.methodMissing',
  'payouts.not_found': 'payoutPages.refusals.notFound',
  'payouts.invalid_transition': 'payoutPages.refusals.invalidTransition',
  'payouts.not_editable': 'payoutPages.refusals.invalidTransition',
  'auth.permission_denied': 'payoutPages.refusals.noPermission',
  'auth.role_forbidden': 'payoutPages.refusals.noPermission',
};

/** A payout refusal's text: this page's own for the codes it knows, else the catalogue's. */
export function usePayoutRefusal() {
  const { t } = useTranslation();
  return ({ code, message }: { code?: ErrorCode | null; message: string }, minimum = ''): string => {
    const key = code ? refusalKeys[code] : undefined;
    return key ? t(key, { minimum }) : message;
  };
}
