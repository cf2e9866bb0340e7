import type { StreamDto } from '@fandeck/contract';
import { session, type ListPage, type Outcome } from '../session/session.js';

export type { StreamDto };

/** Public streams broadcasting now, the most watched first. */
export function liveStreams(limit: number, signal?: AbortSignal): Promise<Outcome<ListPage<StreamDto>>> {
  return session.api.streaming.userSearch.list({ sortBy: 'viewerCount', sort: 'desc', limit }, signal ? { signal } : {});
}
