/**
 * The wallet as the session knows it: the fan's balance, kept to what the server last
 * said. The model registers on the session the first time a view asks for it (the
 * top-up, or any paid feature through `ensureFeature('wallet')`), listens to
 * `update_balance` on the live channel from then on, and stops with the session.
 */
import { SERVER_EVENTS } from '@fandeck/contract';
import { computed, createModel, effect } from '@preact/signals-core';
import { defineFeature } from '../session/feature.js';
import type { Session } from '../session/session.js';

/** What an `update_balance` says, read defensively: the absolute balance wins; `token` alone is an older server's delta. */
export interface BalanceUpdate {
  balance: number;
  /** The change in tokens: positive for a credit (a top-up paid, a tip received). */
  delta: number;
}

const finite = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};
const cents = (value: number) => Math.round(value * 100) / 100;

/** The balance an `update_balance` payload leaves, given the one known before it; null when it says nothing usable. */
export function readBalanceUpdate(payload: unknown, known: number | null): BalanceUpdate | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { token, balance, account } = payload as { token?: unknown; balance?: unknown; account?: unknown };
  // A creator's earnings move on their own account: never the wallet they spend from.
  if (account !== undefined && account !== 'wallet') return null;
  const absolute = finite(balance);
  const delta = finite(token);
  if (absolute !== null) return { balance: cents(absolute), delta: delta ?? (known === null ? 0 : cents(absolute - known)) };
  if (delta === null || known === null) return null;
  // Decimal units: summing floats would drift (0.1 + 0.2), so the sum is kept to cents.
  return { balance: cents(known + delta), delta };
}

export const WalletModel = createModel((session: Session) => {
  const creditListeners = new Set<(update: BalanceUpdate) => void>();

  // The account's balance is the one store: GET /users/me sets it, update_balance replaces it.
  const balance = computed(() => session.user.current.value?.balance ?? null);

  effect(() => {
    const channel = session.live.channel.value;
    if (!channel) return;
    return channel.on(SERVER_EVENTS.updateBalance, (payload) => {
      const update = readBalanceUpdate(payload, session.user.current.peek()?.balance ?? null);
      if (!update) return;
      session.user.setBalance(update.balance);
      if (update.delta > 0) for (const listener of [...creditListeners]) listener(update);
    });
  });

  return {
    /** The fan's balance in tokens, live; null while signed out or not yet loaded. */
    balance,
    /** Calls `listener` on every credit (a paid top-up looks at once instead of at its next poll). */
    onCredit(listener: (update: BalanceUpdate) => void): () => void {
      creditListeners.add(listener);
      return () => {
        creditListeners.delete(listener);
      };
    },
  };
});

export type WalletModel = InstanceType<typeof WalletModel>;

export const walletFeature = defineFeature('wallet', (session) => new WalletModel(session));

/** Under this name `ensureFeature(session, 'wallet')` finds it (kit/lazy-features.ts). */
export const feature = walletFeature;
