/**
 * Answers the bridge and the transports make up themselves, shaped like the server's
 * error bodies and carrying a contract error code, so views pick their text by code
 * whether the server or the bridge said no.
 */
import type { ErrorCode } from '@fandeck/contract';
import type { TransportResult } from '../session/transport.js';

export const bridgeError = (status: number, code: ErrorCode, message: string, error = 'Bridge'): TransportResult<never> => ({
  ok: false,
  status,
  body: { statusCode: status, code, message, error },
});

/** A call an embedded page may not make, whatever its spelling. */
export const refused = (message: string): TransportResult<never> => bridgeError(403, 'bridge.route_not_allowed', message, 'Forbidden');

export const aborted = (): TransportResult<never> => bridgeError(-1, 'request.cancelled', 'The request was cancelled', 'Aborted');

export const unreachable = (): TransportResult<never> => bridgeError(0, 'network.unreachable', 'The platform could not be reached');

/** The fan said no (or closed the dialog): nothing was sent. */
export const notConfirmed = (): TransportResult<never> => bridgeError(-1, 'bridge.not_confirmed', 'The payment was not confirmed', 'Not Confirmed');
