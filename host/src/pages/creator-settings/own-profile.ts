import { useCallback, useEffect, useRef, useState } from 'react';
import { session, type ActionError } from '../../session/session.js';

/** How GET /performers/me answers the creator's welcome video (performers.presenter.ts). */
export interface WelcomeVideo {
  _id: string;
  status: 'processing' | 'finished' | 'error';
  progress: number;
  duration: number | null;
  url: string | null;
  poster: string | null;
  placeholder: string | null;
}

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const PAYOUT_GATEWAYS = ['pix', 'stripe'] as const;
export type PayoutGateway = (typeof PAYOUT_GATEWAYS)[number];

/** What is stored, numbers masked but their last 4 (payout-settings.ts). */
export interface BankingSettings {
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  bankName: string | null;
  bankCode: string | null;
  agency: string | null;
  account: string | null;
  accountType: AccountType | null;
  holderName: string | null;
  holderDocument: string | null;
  updatedAt: string;
}

export interface PaymentGatewaySettings {
  gateway: PayoutGateway;
  stripeAccountId: string | null;
  hasPixKey: boolean;
  updatedAt: string;
}

export const BODY_ATTRIBUTES = ['height', 'weight', 'age', 'bodyType', 'ethnicity', 'size', 'hair', 'eyes'] as const;
export type BodyAttribute = (typeof BODY_ATTRIBUTES)[number];

/** The creator's own profile (GET /performers/me), as far as the settings read it. */
export type OwnProfile = {
  _id: string;
  username: string | null;
  name: string;
  bio: string;
  gender: string | null;
  country: string | null;
  city: string | null;
  state: string | null;
  dateOfBirth: string | null;
  sexualOrientation: string | null;
  languages: string[];
  categories: { _id: string; name: string; slug: string }[];
  monthlyPrice: number;
  quarterlyPrice: number;
  halfYearlyPrice: number;
  yearlyPrice: number;
  /** What a private call costs a fan (0: free). */
  privateCallPrice: number;
  isFreeSubscription: boolean;
  durationFreeSubscriptionDays: number;
  verifiedDocument: boolean;
  welcomeVideo: WelcomeVideo | null;
  bankingSettings: BankingSettings | null;
  paymentGatewaySettings: PaymentGatewaySettings | null;
} & Record<BodyAttribute, string | null>;

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
    const outcome = await session.http.get<OwnProfile>('/performers/me');
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
