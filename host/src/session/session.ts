/** The host's one door to the session runtime: everything in the host imports the session from here. */
import { getSession, type Session } from '@fandeck/widgets/session';

export { wirePassword } from '@fandeck/widgets/session';

export { useSignalValue } from '@fandeck/widgets/session/react';
export type {
  ActionError,
  CurrentUser,
  ListPage,
  MenuItem,
  Outcome,
  PublicSettings,
  Query,
  Session,
  Theme,
  UserPatch,
} from '@fandeck/widgets/session';

/**
 * Created here, first on the page, so the session is the host's (same-origin transport,
 * start-up loads of settings and a token's user); widgets rendered later share it. The
 * router's 401/403 navigation is installed once the router exists (unauthorized-redirect.ts).
 */
export const session: Session = getSession();
