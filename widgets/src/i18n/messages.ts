import type { ptBR } from './locales/pt-br.js';

/** The catalogue's shape with every leaf widened to string: what each locale must provide. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type Messages = Widen<typeof ptBR>;

/** Every 'group.key' path of the catalogue. */
export type MessageKey = { [G in keyof Messages]: `${G & string}.${keyof Messages[G] & string}` }[keyof Messages];
