import { randomBytes } from 'node:crypto';

/**
 * The key quote tokens are signed with. `QUOTE_SECRET` (32 characters or more) must be
 * set, to the same value, on every process of a deployment with more than one: a quote
 * made by one process is then honoured by another. Without it each process draws a
 * random key at start, which is right for one process (quotes last two minutes, and a
 * restart only makes the open ones invalid) and wrong behind a load balancer.
 */
export const QUOTE_SECRET_MIN_LENGTH = 32;

let fallback: Buffer | undefined;

export interface QuoteSecret {
  key: Buffer;
  /** False when no QUOTE_SECRET was set and the key is this process's own. */
  configured: boolean;
}

/** Read at app start, so a bad value stops the process with a clear message. */
export function quoteSecret(env: NodeJS.ProcessEnv = process.env): QuoteSecret {
  const configured = env.QUOTE_SECRET;
  if (configured !== undefined && configured !== '') {
    if (configured.length < QUOTE_SECRET_MIN_LENGTH) {
      throw new Error(`QUOTE_SECRET must be at least ${QUOTE_SECRET_MIN_LENGTH} characters long`);
    }
    return { key: Buffer.from(configured, 'utf8'), configured: true };
  }
  fallback ??= randomBytes(32);
  return { key: fallback, configured: false };
}
