/**
 * Every API route: method and path as the spec writes them (without the `/api` mount),
 * who may call it, and whether a third-party page may call it through the bridge. The
 * server registers its routes from these entries (a test checks both lists are the same),
 * and the bridge's allow-list is exactly the entries marked `embed`: anything else a page
 * asks for is refused, whatever its spelling.
 *
 * Money-moving routes are not here: they are declared once in `money.ts`, and a page
 * reaches them only through the bridge's `pay` command.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Who the server lets in: anyone, anyone (user known when signed in), signed in, or staff/role-gated. */
export type RouteAccess = 'public' | 'optional' | 'authenticated' | 'restricted';

export interface RouteSpec {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  /** A third-party page may make this call through the bridge with the fan's credential. */
  embed?: true;
}

const route = /* @__NO_SIDE_EFFECTS__ */ <M extends HttpMethod, P extends string>(method: M, path: P, access: RouteAccess, embed?: 'embed') =>
  ({ method, path, access, ...(embed ? { embed: true as const } : {}) }) as const;

export const routes = {
  // auth
  'auth.login': route('POST', '/auth/login', 'public'),
  'auth.logout': route('POST', '/auth/logout', 'authenticated'),
  'auth.me': route('GET', '/auth/users/me', 'authenticated'),
  'auth.registerFan': route('POST', '/auth/users/register', 'public'),
  'auth.registerCreator': route('POST', '/auth/performers/register', 'public'),
  'auth.changePassword': route('PUT', '/auth/users/me/password', 'authenticated'),
  'auth.forgot': route('POST', '/auth/users/forgot', 'public', 'embed'),
  'auth.resetPassword': route('POST', '/auth/users/reset-password', 'public'),
  'auth.verifyEmail': route('POST', '/auth/email-verification', 'public'),
  'auth.confirmEmail': route('POST', '/auth/email-verification/confirm', 'public'),
  // users and creators
  'users.me': route('GET', '/users/me', 'authenticated', 'embed'),
  'users.update': route('PUT', '/users', 'authenticated'),
  'users.search': route('GET', '/users/search', 'restricted'),
  'users.view': route('GET', '/users/view/:id', 'optional', 'embed'),
  'users.avatarUpload': route('POST', '/users/avatar/upload', 'authenticated'),
  'users.avatarUploadFor': route('POST', '/users/:id/avatar/upload', 'restricted'),
  'performers.avatarUpload': route('POST', '/performers/avatar/upload', 'restricted'),
  'performers.coverUpload': route('POST', '/performers/cover/upload', 'restricted'),
  'performers.search': route('GET', '/performers/search', 'optional', 'embed'),
  'performers.get': route('GET', '/performers/:id', 'optional', 'embed'),
  'performers.top': route('GET', '/performers/top', 'optional', 'embed'),
  'performers.random': route('GET', '/performers/search/random', 'optional', 'embed'),
  'performers.me': route('GET', '/performers/me', 'restricted'),
  // feeds: a creator's posts, and what fans see of them
  'feeds.create': route('POST', '/performer/feeds', 'restricted'),
  'feeds.mine': route('GET', '/performer/feeds', 'restricted'),
  'feeds.mineGet': route('GET', '/performer/feeds/:id', 'restricted'),
  'feeds.update': route('PUT', '/performer/feeds/:id', 'restricted'),
  'feeds.delete': route('DELETE', '/performer/feeds/:id', 'restricted'),
  'feeds.photoUpload': route('POST', '/performer/feeds/photo/upload', 'restricted'),
  'feeds.videoUpload': route('POST', '/performer/feeds/video/upload', 'restricted'),
  'feeds.fileStatus': route('GET', '/user/feeds/:id/file/:fileId/status', 'optional', 'embed'),
  'feeds.videoUrl': route('POST', '/feeds/file/:id/videos/:fileId/url', 'optional', 'embed'),
  'feeds.list': route('GET', '/user/feeds', 'optional', 'embed'),
  'feeds.byCreator': route('GET', '/user/feeds/search/:username', 'optional', 'embed'),
  'feeds.get': route('GET', '/user/feeds/:id', 'optional', 'embed'),
  // comments
  'comments.create': route('POST', '/comments', 'authenticated'),
  'comments.search': route('GET', '/comments', 'optional', 'embed'),
  'comments.update': route('PUT', '/comments/:id', 'authenticated'),
  'comments.delete': route('DELETE', '/comments/:id', 'authenticated'),
  'comments.pin': route('PUT', '/comments/pin/:id', 'authenticated'),
  'comments.unpin': route('PUT', '/comments/unpin/:id', 'authenticated'),
  'comments.pinned': route('GET', '/comments/pin/view/:id', 'optional', 'embed'),
  // reactions: likes and bookmarks
  'reactions.add': route('POST', '/reactions', 'authenticated'),
  'reactions.remove': route('DELETE', '/reactions', 'authenticated'),
  'reactions.bookmarks': route('GET', '/reactions/:kind/bookmark', 'authenticated', 'embed'),
  // follows
  'follows.follow': route('POST', '/follows/:id', 'authenticated'),
  'follows.unfollow': route('DELETE', '/follows/:id', 'authenticated'),
  'follows.followers': route('GET', '/follows/followers', 'restricted'),
  'follows.following': route('GET', '/follows/following', 'authenticated', 'embed'),
  // media files of posts: short-lived links signed for one viewer
  'media.file': route('GET', '/media/files/:id/:name', 'optional'),
  // settings
  'settings.public': route('GET', '/settings/public', 'public', 'embed'),
  'settings.keys': route('POST', '/settings/keys', 'public', 'embed'),
  'admin.settings.get': route('GET', '/admin/settings', 'restricted'),
  'admin.settings.update': route('PUT', '/admin/settings', 'restricted'),
  'admin.performers.pendingReview': route('GET', '/admin/performers/pending-review', 'restricted'),
  'admin.performers.review': route('POST', '/admin/performers/:id/review', 'restricted'),
  'admin.performers.document': route('GET', '/admin/performers/:id/documents/:side', 'restricted'),
  // reference data
  'reference.countries': route('GET', '/countries/list', 'public', 'embed'),
  'reference.flag': route('GET', '/flags/:file', 'public', 'embed'),
  'reference.states': route('GET', '/states/:id', 'public', 'embed'),
  'reference.cities': route('GET', '/cities/:a/:b', 'public', 'embed'),
  'reference.languagesList': route('GET', '/languages/list', 'public', 'embed'),
  'reference.languages': route('GET', '/languages', 'public', 'embed'),
  'reference.locales': route('GET', '/locales', 'public', 'embed'),
  'reference.phoneCodes': route('GET', '/phone-codes/list', 'public', 'embed'),
  'reference.userAdditional': route('GET', '/user-additional', 'public', 'embed'),
  'reference.geoIp': route('GET', '/geo-location/ip', 'public', 'embed'),
  'reference.blockCheck': route('GET', '/block/countries/check', 'public', 'embed'),
  // embeds
  'embeds.list': route('GET', '/embeds/origins', 'restricted'),
  'embeds.add': route('POST', '/embeds/origins', 'restricted'),
  'embeds.remove': route('DELETE', '/embeds/origins/:id', 'restricted'),
  'embeds.check': route('GET', '/embeds/check', 'public'),
  // wallet
  'wallet.charges': route('GET', '/wallet/charges/search', 'authenticated', 'embed'),
  'admin.ledgerCheck': route('GET', '/admin/ledger/check', 'restricted'),
  // payments
  'payments.transactions': route('GET', '/payment/transactions/user/search', 'authenticated', 'embed'),
  'payments.qrcode': route('GET', '/payment/transactions/qrcode', 'authenticated', 'embed'),
  'payments.transaction': route('GET', '/payment/transactions/:id', 'authenticated', 'embed'),
  'payments.sandboxPage': route('GET', '/payment/sandbox/:transactionId', 'public'),
  'payments.sandboxPay': route('POST', '/payment/sandbox/:transactionId/pay', 'public'),
  'payments.webhookPix': route('POST', '/payment/webhooks/pix-sandbox', 'public'),
  'payments.webhookStripe': route('POST', '/payment/webhooks/stripe', 'public'),
  'cards.list': route('GET', '/payment-cards', 'authenticated'),
  'cards.add': route('POST', '/:provider/cards', 'authenticated'),
  'cards.remove': route('DELETE', '/payment-cards/:id', 'authenticated'),
  'stripe.accounts': route('POST', '/stripe/accounts', 'restricted'),
  // coupons
  'coupons.apply': route('POST', '/coupons/:code/apply-coupon', 'authenticated', 'embed'),
  'admin.coupons.create': route('POST', '/admin/coupons', 'restricted'),
  'admin.coupons.list': route('GET', '/admin/coupons', 'restricted'),
  // the API description
  'openapi': route('GET', '/openapi.json', 'public'),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;

/** The path template of a named route (`paths['performers.get']` is `/performers/:id`). */
const pathsOf = <R extends Record<string, RouteSpec>>(table: R) =>
  Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, spec.path])) as { [N in keyof R]: R[N]['path'] };
// Marked pure so a bundle that never reads `paths` leaves the route table out.
export const paths = /* @__PURE__ */ pathsOf(routes);
