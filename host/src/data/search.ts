import { session, type ListPage, type Outcome } from '../session/session.js';
import type { Keyword } from '@fandeck/contract';

export type { Keyword };

/** The words fans search most. */
export function popularKeywords(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<Keyword>>> {
  return session.api.search.keywords.list({ limit }, signal ? { signal } : {});
}

/** Counts a search, so popular words can be suggested; a failure changes nothing for the fan. */
export function recordKeyword(keyword: string): void {
  void session.api.search.saveKeyword({ keyword });
}
