/**
 * The auth domain's extension point, declared apart from its routes so that the domains that
 * sign a connection in (the stream ingest) type against it through the door without loading
 * the routes.
 */

/** What auth offers the domains that sign a connection in with a bearer token. */
export interface AuthExtension {
  /** The active user and the token id a bearer token signs in, or null (a socket's, the stream ingest's hello). */
  resolveSocketToken(token: string): Promise<{ userId: string; tokenId: string } | null>;
}

declare module '../plugin.js' {
  interface DomainExtensions {
    auth: AuthExtension;
  }
}
