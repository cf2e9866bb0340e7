/**
 * The streaming domain's extension point, declared apart from its routes so that the domain
 * that runs private calls (private-streams) types against it through the door without
 * loading the routes.
 */
import type { ErrorCode } from '@fandeck/contract';
import type { AppContext } from '../../context.js';

/** Whether this user may be in this private call's room now: `'ok'`, or why not. */
export type CallAccess = (ctx: AppContext, streamId: string, userId: string | null) => Promise<'ok' | ErrorCode>;

/** What streaming offers later domains. */
export interface StreamingExtension {
  /**
   * The rule for a private call's room (`stream:{id}` of a `private` stream) and its presence
   * events (`private-stream/*`): the private-streams domain registers it from its `register`.
   */
  registerCallAccess(access: CallAccess): void;
}

/** The call rule streaming applies: until private-streams registers its own, nobody is in a call. */
export interface CallRule {
  check: CallAccess;
}

export const noCallRule = (): CallRule => ({ check: async () => 'streaming.request_not_found' });

declare module '../plugin.js' {
  interface DomainExtensions {
    streaming: StreamingExtension;
  }
}
