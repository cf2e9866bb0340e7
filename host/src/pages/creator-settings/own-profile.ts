import { useCallback, useEffect, useRef, useState } from 'react';
import type { OwnProfile } from '@fandeck/contract';
import { session, type ActionError } from '../../session/session.js';

export {
  ACCOUNT_TYPES,
  BODY_ATTRIBUTES,
  PAYOUT_GATEWAYS,
  PIX_KEY_TYPES,
  type AccountType,
  type BankingSettings,
  type BodyAttribute,
  type OwnProfile,
  type PaymentGatewaySettings,
  type PayoutGateway,
  type PixKeyType,
  type WelcomeVideo,
} from '@fandeck/contract';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/**
 * GET /performers/me, and a `reload` that reads it again without going back to
 * "loading" (the sections keep showing what they have while it refreshes).
 */
export function useOwnProfile() {
  const [state, setState] = useState<Loaded<OwnProfile>>({ status: 'loading' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const reload = useCallback(async () => {
    const outcome = await session.api.performers.me();
    if (!live.current) return;
    setState((current) => {
      if (outcome.ok) return { status: 'ready', value: outcome.value };
      // A failed refresh keeps what is shown; only the first load shows the failure.
      return current.status === 'ready' ? current : { status: 'failed', message: outcome.error.message };
    });
  }, []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);
  useEffect(() => void reload(), [reload]);
  return { state, reload, retry };
}

/**
 * The fields a refusal names (`body.monthlyPrice`, `body.languages.0`), by the form's
 * name for them (`monthlyPrice`, `languages`).
 */
export function refusedFields(error: ActionError): string[] {
  const body = error.body;
  const fields = typeof body === 'object' && body !== null && Array.isArray((body as { fields?: unknown }).fields) ? (body as { fields: unknown[] }).fields : [];
  return fields.filter((field): field is string => typeof field === 'string' && field.startsWith('body.')).map((field) => field.slice(5).split('.')[0]!);
}

/** Seeded and older profiles store bands with a hyphen (`167-169`); the choices use `167_169`. */
export const bandValue = (value: string | null) => (value ?? '').replace(/^(\d+)-(\d+)$/, '$1_$2');
