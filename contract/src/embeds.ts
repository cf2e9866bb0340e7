/**
 * Wire shapes of a creator's embed origins (ISO dates), inside the `{ status: 0, data }`
 * envelope. Types and constants only.
 *
 * Listing an origin does not make it active: the creator proves control by serving the
 * listing's token at `ORIGIN_PROOF_PATH` on that origin (one token a line, so several
 * creators can prove the same site), or by a `<meta name="fandeck-origin">` tag on its
 * home page, and then asks the platform to check (`embeds.verify`). Until then the bridge
 * treats the origin as unlisted.
 */

/** Where, on the listed origin, the platform looks for the listing's token. */
export const ORIGIN_PROOF_PATH = '/.well-known/fandeck-origin.txt';
/** The `name` of the meta tag on the origin's home page that may carry the token instead. */
export const ORIGIN_PROOF_META = 'fandeck-origin';

export interface EmbedOriginDto {
  _id: string;
  /** Normalised `scheme://host[:port]`. */
  origin: string;
  createdAt: string;
  /** Whether the platform found the token on the origin; only verified origins embed. */
  verified: boolean;
  verifiedAt: string | null;
  /** What to serve on the origin (this listing's own; another creator's is another). */
  token: string;
  /** The full address the platform fetches: `origin` + `ORIGIN_PROOF_PATH`. */
  proofUrl: string;
  /** The meta tag that proves it as well, for the origin's home page. */
  proofMeta: string;
}
