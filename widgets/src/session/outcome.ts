import type { ErrorCode } from '@fandeck/contract';

/** What every model action returns: actions set status signals and never throw into views. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

export interface ActionError {
  /** HTTP status when the server answered, 0 for network failures, -1 for cancellation. */
  status: number;
  /**
   * Why it failed, as the contract names it (`wallet.insufficient_balance`): what views and
   * models decide on. Null when nothing more than the status is known.
   */
  code: ErrorCode | null;
  /** The text to show, in the active language: chosen by `code`, else by status; never the server's English. */
  message: string;
  /** The server's error body, passed on as received. */
  body?: unknown;
}

/** An ActionError to build: without a code, it has none. */
export type ActionErrorInit = Omit<ActionError, 'code'> & { code?: ErrorCode | null };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T = never>(error: ActionErrorInit): Outcome<T> => ({ ok: false, error: { ...error, code: error.code ?? null } });
