import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../session/session.js';
import { PayoutMethods } from './payouts/payout-methods.js';
import { useUnsaved } from './unsaved-guard.js';
import { PAYOUT_GATEWAYS, refusedFields, type OwnProfile, type PaymentGatewaySettings, type PayoutGateway } from './own-profile.js';
import { errorFor, Field, SaveStatus, type SaveState } from './settings-fields.js';

export interface PayoutSettingsProps {
  profile: OwnProfile;
  onSaved: () => void;
}

/** Payouts: where the creator is paid (each method on its own: PIX key, bank account) and through which gateway. */
export function PayoutSettings({ profile, onSaved }: PayoutSettingsProps) {
  const [hasPixKey, setHasPixKey] = useState(Boolean(profile.bankingSettings?.pixKey));
  return (
    <section className="settings__section stack" data-testid="payout-settings">
      <PayoutMethods
        initial={{ bankingSettings: profile.bankingSettings, paymentGatewaySettings: profile.paymentGatewaySettings }}
        onChanged={(settings) => {
          setHasPixKey(Boolean(settings.bankingSettings?.pixKey));
          onSaved();
        }}
      />
      <GatewayForm current={profile.paymentGatewaySettings} hasPixKey={hasPixKey} onSaved={onSaved} />
    </section>
  );
}

const SHOWN = new Set(['gateway', 'stripeAccountId']);

function GatewayForm({ current: initial, hasPixKey, onSaved }: { current: PaymentGatewaySettings | null; hasPixKey: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState(initial);
  const [gateway, setGateway] = useState<PayoutGateway>(initial?.gateway ?? 'pix');
  const [stripeAccountId, setStripeAccountId] = useState(initial?.stripeAccountId ?? '');
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const saving = save.status === 'saving';
  useUnsaved(gateway !== (current?.gateway ?? 'pix') || (gateway === 'stripe' && stripeAccountId.trim() !== (current?.stripeAccountId ?? '')));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSave({ status: 'saving' });
    const account = stripeAccountId.trim();
    const outcome = await session.api.performers.paymentGatewaySettings({
      gateway,
      ...(gateway === 'stripe' && account ? { stripeAccountId: account } : {}),
    });
    if (!outcome.ok) return setSave({ status: 'failed', message: outcome.error.message, fields: refusedFields(outcome.error).filter((name) => SHOWN.has(name)) });
    setCurrent(outcome.value);
    setSave({ status: 'saved' });
    onSaved();
  }

  const pixWithoutKey = (current?.gateway ?? gateway) === 'pix' && !(current?.hasPixKey ?? hasPixKey);
  return (
    <form className="form stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-state={save.status} data-testid="payment-gateway">
      <h3>{t('creatorSettings.payout.gatewayTitle')}</h3>
      <p className="muted" data-testid="gateway-current">
        {current ? t('creatorSettings.payout.gatewayCurrent', { gateway: t(`creatorSettings.payout.gateways.${current.gateway}`) }) : t('creatorSettings.payout.gatewayNone')}
      </p>
      {pixWithoutKey ? <p className="muted">{t('creatorSettings.payout.noPixKey')}</p> : null}
      <Field id={`${id}-gateway`} label={t('creatorSettings.payout.gateway')} error={errorFor(save, 'gateway')}>
        {(control) => (
          <select {...control} name="gateway" value={gateway} onChange={(event) => setGateway(event.target.value as PayoutGateway)}>
            {PAYOUT_GATEWAYS.map((option) => (
              <option key={option} value={option}>
                {t(`creatorSettings.payout.gateways.${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {gateway === 'stripe' ? (
        <Field id={`${id}-stripe`} label={t('creatorSettings.payout.stripeAccountId')} error={errorFor(save, 'stripeAccountId')}>
          {(control) => <input {...control} name="stripeAccountId" autoComplete="off" value={stripeAccountId} onChange={(event) => setStripeAccountId(event.target.value)} />}
        </Field>
      ) : null}
      <SaveStatus state={save} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('creatorSettings.saving') : t('creatorSettings.save')}
      </button>
    </form>
  );
}
