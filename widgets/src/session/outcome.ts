/** What every model action returns: actions set status signals and never throw into views. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ActionError };

export interface ActionError {
  /** HTTP status when the server answered, 0 for network failures, -1 for cancellation. */
  status: number;
  /** The text to show: the server's message, else the catalogue's fallback (spec section 8). */
  message: string;
  /** The server's error body, passed on as received. */
  body?: unknown;
}

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T = never>(error: ActionError): Outcome<T> => ({ ok: false, error });
