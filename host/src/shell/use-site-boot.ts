import { useEffect, useState } from 'react';
import { session } from '../session/session.js';
import { installAnalytics } from './page-views.js';
import type { BlockStatus } from '@fandeck/contract';

export type { BlockStatus };

export type BootState = { status: 'loading' } | { status: 'ready'; geo: BlockStatus };

/**
 * What every page waits for once per visit: the public settings (maintenance,
 * analytics, branding; the session picks the language from them), the geo-block
 * check and, with a token, the signed-in user, whose role decides whether
 * maintenance applies. The session started the settings and user loads already;
 * these calls join them.
 */
export function useSiteBoot(): BootState {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const settingsReady = session.settings.ensure().then((outcome) => {
      installAnalytics(outcome.ok ? outcome.value.gaCode : undefined);
    });
    // A stale token is dropped quietly here; pages that require sign-in then redirect.
    const userReady = session.auth.loggedIn.peek() ? session.user.refresh({ unauthorized: 'clear' }) : Promise.resolve();
    void Promise.all([takeStartedGeoCheck() ?? checkGeoBlock(), settingsReady, userReady]).then(([geo]) => {
      if (live) setState({ status: 'ready', geo });
    });
    return () => {
      live = false;
    };
  }, []);

  return state;
}

let startedGeoCheck: Promise<BlockStatus> | undefined;

/** Starts the geo-block check as the script starts, before React renders; the shell's first boot takes its answer. */
export function startGeoCheck(): void {
  startedGeoCheck ??= checkGeoBlock();
}

function takeStartedGeoCheck(): Promise<BlockStatus> | undefined {
  const started = startedGeoCheck;
  startedGeoCheck = undefined;
  return started;
}

/**
 * Whether the caller's country is blocked. The server reads the client address
 * (forwarded by any proxy in front) and answers for it; a failed check does not
 * block, so an outage of this call never locks everyone out.
 */
export async function checkGeoBlock(): Promise<BlockStatus> {
  const outcome = await session.api.reference.blockCheck(undefined, { unauthorized: 'ignore' });
  return outcome.ok ? outcome.value : { blocked: false, country: null };
}
