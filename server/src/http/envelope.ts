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

/** Response schema for an enveloped payload. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(0), data });
export const listSchema = <T extends z.ZodType>(item: T) =>
  envelopeSchema(z.object({ data: z.array(item), total: z.number().int() }));
