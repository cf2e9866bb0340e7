import { useState } from 'react';
import type { PayoutSettings } from '@fandeck/contract';
import { useTranslation } from '@fandeck/widgets/i18n';
import { session, type ActionError } from '../../../session/session.js';
import type { SectionState } from '../../account/section-state.js';

export type PayoutMethod = 'pix' | 'banking' | 'stripe';

/** The field codes the server may give (`payouts.pix_cpf_invalid`, its text in the errors namespace). */
const FIELD_CODES = [
  'field_required',
  'pix_key_type_invalid',
  'pix_cpf_invalid',
  'pix_cnpj_invalid',
  'pix_email_invalid',
  'pix_phone_invalid',
  'pix_random_invalid',
  'bank_name_invalid',
  'bank_code_invalid',
  'agency_invalid',
  'account_invalid',
  'account_type_invalid',
  'holder_name_invalid',
  'holder_document_invalid',
  'stripe_account_invalid',
] as const;
type FieldCode = (typeof FIELD_CODES)[number];
const isFieldCode = (value: string): value is FieldCode => (FIELD_CODES as readonly string[]).includes(value);

/** Each refused field's own code from the answer (`body.pixKey` → `pix_cpf_invalid`), the field named as the form names it. */
function fieldCodesOf(error: ActionError): Record<string, FieldCode> {
  const body = error.body;
  const codes = typeof body === 'object' && body !== null ? (body as { fieldCodes?: unknown }).fieldCodes : undefined;
  if (typeof codes !== 'object' || codes === null) return {};
  const out: Record<string, FieldCode> = {};
  for (const [field, code] of Object.entries(codes)) {
    const name = typeof code === 'string' ? code.replace(/^payouts\./, '') : '';
    if (isFieldCode(name)) out[field.replace(/^body\./, '')] = name;
  }
  return out;
}

/**
 * Saving one payout method (POST /payout-methods/:id): a refusal says under each field
 * what is wrong with it, in the user's language, from the field's own code; the typed
 * values stay. The answer is every method as it now stands.
 */
export function useMethodSave(method: PayoutMethod, onSaved: (settings: PayoutSettings) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<SectionState<string>>({ status: 'idle' });

  async function save(body: Record<string, string>, savedText: string): Promise<boolean> {
    if (state.status === 'saving') return false;
    setState({ status: 'saving' });
    const outcome = await session.api.payouts.method({ id: method }, body);
    if (!outcome.ok) {
      const codes = fieldCodesOf(outcome.error);
      const fields = Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, t(`errors.payouts.${code}`)]));
      setState({ status: 'failed', fields, message: Object.keys(fields).length > 0 ? null : outcome.error.message });
      return false;
    }
    setState({ status: 'saved', message: savedText });
    onSaved(outcome.value);
    return true;
  }

  return { state, save, saving: state.status === 'saving' };
}
