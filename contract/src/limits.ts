/**
 * The static limits server and clients share (issue 23): lengths in characters, counts,
 * minutes, and the few prices no platform setting bounds (in cents, as the server stores
 * them). The server's zod schemas enforce these; the widgets and the host size their
 * fields and count characters from the same values, so the two sides cannot drift.
 *
 * Not here: prices the staff set (tip, top-up, subscription and payout bounds). Those
 * are settings (spec section 9) and reach clients through the public settings.
 */
export const LIMITS = {
  account: {
    /** Spec section 7 (api-contract): lowercase letters and digits, 3 to 30. */
    usernameMin: 3,
    usernameMax: 30,
    emailMax: 254,
    passwordMin: 8,
    passwordMax: 128,
    /** A first, last or display name. */
    personNameMax: 100,
    phoneMax: 32,
    /** An emailed link's token (password reset, email confirmation). */
    emailTokenMax: 200,
  },
  profile: {
    bioMax: 2000,
    /** City and state. */
    placeMax: 100,
    freeSubscriptionDaysMin: 1,
    freeSubscriptionDaysMax: 365,
    /** A private call's price: 10,000.00 at most (0 is a free call, which a creator must choose). */
    privateCallPriceMaxCents: 1_000_000,
    /** A new creator's private call price: 10.00, the spec's minimum tip, so a call is never free by accident. */
    privateCallPriceDefaultCents: 1_000,
  },
  tip: {
    messageMax: 1000,
  },
  message: {
    textMax: 5000,
    filesMax: 10,
  },
  outreach: {
    templateNameMax: 100,
    listNameMax: 100,
    listDescriptionMax: 500,
  },
  comment: {
    textMax: 2000,
  },
  report: {
    titleMax: 200,
    descriptionMax: 2000,
    /** Staff's note when acting on a report (sent to the author with a warning). */
    staffNoteMax: 500,
  },
  feed: {
    textMax: 5000,
    filesMax: 20,
    pollOptionsMin: 2,
    pollOptionsMax: 10,
    pollOptionMax: 100,
    pollDescriptionMax: 500,
    crowdfundingTitleMax: 200,
    crowdfundingDescriptionMax: 2000,
    /** A goal, and one contribution: at least 1.00. */
    crowdfundingMinCents: 100,
    /** The largest goal: 1,000,000.00. */
    crowdfundingGoalMaxCents: 100_000_000,
    /** The largest single contribution: 10,000.00. */
    crowdfundingContributionMaxCents: 1_000_000,
  },
  gallery: {
    titleMax: 200,
    descriptionMax: 5000,
  },
  video: {
    titleMax: 200,
    descriptionMax: 5000,
    tagsMax: 20,
    tagMax: 40,
  },
  stream: {
    titleMax: 200,
    descriptionMax: 2000,
  },
  /** The staff catalogue's texts (issue 25): coupons, token packages, site promos, the site's name. */
  catalog: {
    couponCodeMax: 32,
    packageNameMax: 100,
    packageDescriptionMax: 1000,
    promoTitleMax: 200,
    promoDescriptionMax: 2000,
    promoLinkMax: 1000,
    siteNameMax: 100,
  },
  gift: {
    nameMax: 40,
    /** An emoji may take several code points (a flag, a skin tone). */
    emojiMax: 16,
    imageUrlMax: 500,
    /** A gift's price: 1.00 to 1,000.00. */
    priceMinCents: 100,
    priceMaxCents: 100_000,
    /** How many gifts the catalogue holds, hidden ones included. */
    catalogueMax: 50,
  },
  embeds: {
    /** A listed origin (`scheme://host[:port]`), as typed. */
    originMax: 255,
  },
  privateCall: {
    minutesMin: 5,
    minutesMax: 120,
    noteMax: 500,
  },
  payout: {
    /** The creator's note on a request and the staff's note on a decision. */
    noteMax: 1000,
  },
  search: {
    keywordMax: 100,
    /** The back office's account search (name, username or email). */
    accountQueryMax: 100,
  },
  card: {
    /** A card's security code: 3 digits, 4 on some brands. */
    cvcMin: 3,
    cvcMax: 4,
  },
  list: {
    /** The largest page a list gives; a larger `limit` or `pageSize` is clamped to it. */
    pageSizeMax: 100,
  },
} as const;

export type Limits = typeof LIMITS;
