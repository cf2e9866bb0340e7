import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../live/use-socket-event.js';
import { useSession } from '../session/react.js';
import { fetchTransaction, readStatusCallback, type TopUpTransaction } from './wallet-api.js';

/** What the fan sees of a top-up: waiting, done, or given up on (after the polling lifetime). */
export type TrackedStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'timeout';

export interface TopUpPolling {
  /** Milliseconds between GET /payment/transactions/:id while pending (default 5 s). */
  intervalMs?: number | undefined;
  /** How long to keep polling before showing "check again" (default 10 minutes). */
  lifetimeMs?: number | undefined;
}

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_POLL_LIFETIME_MS = 10 * 60_000;

export function trackedStatus(transaction: TopUpTransaction): TrackedStatus {
  switch (transaction.status) {
    case 'success':
      return 'paid';
    case 'canceled':
      return 'expired';
    case 'fail':
    case 'refunded':
      return 'failed';
    default:
      return 'pending';
  }
}

/**
 * Follows one top-up until it is paid. The live channel says so first
 * (`payment_status_callback` names the transaction; an `update_balance` credit makes it
 * look at once); polling the transaction every few seconds covers a socket that is down
 * or events missed while reconnecting, for a bounded time. Render it under a component
 * keyed by the transaction id, so a new top-up starts afresh.
 */
export function useTopUpStatus(transaction: TopUpTransaction, polling: TopUpPolling = {}) {
  const session = useSession();
  const intervalMs = polling.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const lifetimeMs = polling.lifetimeMs ?? DEFAULT_POLL_LIFETIME_MS;
  const [latest, setLatest] = useState(transaction);
  const [status, setStatus] = useState<TrackedStatus>(() => trackedStatus(transaction));
  const [round, setRound] = useState(0);
  const checkNow = useRef<() => void>(() => {});
  const id = transaction._id;

  useEffect(() => {
    if (status !== 'pending') return;
    const controller = new AbortController();
    const deadline = Date.now() + lifetimeMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;

    const check = async () => {
      if (checking || controller.signal.aborted) return;
      checking = true;
      clearTimeout(timer);
      const outcome = await fetchTransaction(session, id, controller.signal);
      checking = false;
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        setLatest(outcome.value);
        const next = trackedStatus(outcome.value);
        if (next !== 'pending') {
          setStatus(next);
          return;
        }
      }
      if (Date.now() >= deadline) setStatus('timeout');
      else timer = setTimeout(() => void check(), intervalMs);
    };

    checkNow.current = () => void check();
    timer = setTimeout(() => void check(), intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
      checkNow.current = () => {};
    };
  }, [session, id, status, round, intervalMs, lifetimeMs]);

  useSocketEvent('payment_status_callback', (payload) => {
    const callback = readStatusCallback(payload);
    if (!callback || callback.transactionId !== id) return;
    setStatus((current) => (current === 'paid' ? current : callback.paid ? 'paid' : 'failed'));
  });

  useSocketEvent<{ token?: unknown }>('update_balance', (payload) => {
    // A credit may be this top-up (or a tip received): look now instead of at the next tick.
    const token = Number(payload?.token);
    if (Number.isFinite(token) && token > 0) checkNow.current();
  });

  const checkAgain = useCallback(() => {
    setStatus('pending');
    setRound((value) => value + 1);
  }, []);

  return { status, transaction: latest, checkAgain };
}
