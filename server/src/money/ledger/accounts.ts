import type { LedgerAccountKind } from './ledger.tables.js';

/** Stable keys of ledger accounts; an account is created on its first movement. */
export const accountKeys = {
  wallet: (userId: string) => `wallet:${userId}`,
  earnings: (userId: string) => `earnings:${userId}`,
  referral: (userId: string) => `referral:${userId}`,
  /** A creator's earnings reserved by an open payout request. */
  payout: (userId: string) => `payout:${userId}`,
  platform: () => 'platform',
  gateway: (name: string) => `gateway:${name}`,
} as const;

export interface AccountSpec {
  key: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
  allowNegative: boolean;
}

/** Reads kind and owner back from a key; clearing and platform accounts may go negative. */
export function describeAccount(key: string): AccountSpec {
  const [kind, rest] = key.split(':', 2) as [string, string | undefined];
  switch (kind) {
    case 'wallet':
    case 'earnings':
    case 'referral':
    case 'payout':
      if (!rest) break;
      return { key, kind, ownerId: rest, allowNegative: false };
    case 'platform':
      return { key, kind: 'platform', ownerId: null, allowNegative: true };
    case 'gateway':
      if (!rest) break;
      return { key, kind: 'gateway', ownerId: null, allowNegative: true };
  }
  throw new Error(`Unknown ledger account key: ${key}`);
}
