import type { ListRouteName, RouteItem, RouteName, RouteResponse } from '@fandeck/contract';
import { z } from 'zod';

/** Contract section 1: every success is `{ status: 0, data }`. */
export interface Envelope<T> {
  status: 0;
  data: T;
}
export interface ListPayload<T> {
  data: T[];
  total: number;
}

export const ok = <T>(data: T): Envelope<T> => ({ status: 0, data });
export const list = <T>(data: T[], total: number): Envelope<ListPayload<T>> => ({ status: 0, data: { data, total } });

/**
 * `ok`, checked against what the contract says the route answers (`RouteTypes`, issue 23):
 * a presenter that drifts from the clients' type fails the server's typecheck.
 */
export const okFor = <N extends RouteName, D extends RouteResponse<N>>(_route: N, data: D): Envelope<D> => ok(data);
/** `list`, checked the same way against a list route's item. */
export const listFor = <N extends ListRouteName, D extends RouteItem<N>>(_route: N, data: D[], total: number): Envelope<ListPayload<D>> => list(data, total);

/** Response schema for an enveloped payload. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(0), data });
export const listSchema = <T extends z.ZodType>(item: T) =>
  envelopeSchema(z.object({ data: z.array(item), total: z.number().int() }));
