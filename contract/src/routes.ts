/**
 * Every API route: method and path as the spec writes them (without the `/api` mount),
 * who may call it (for a `'restricted'` route, the roles or permission, access.ts), and
 * whether a third-party page may call it through the bridge. The server registers its
 * routes from these entries (a test checks both lists are the same) and its guard, owner
 * check and page scope read each route's access and embed from here, never from the domain,
 * and the bridge's allow-list is exactly the entries marked `embed`: anything else a page
 * asks for is refused, whatever its spelling. The bridge carries only what it needs of this
 * table, embed-routes.ts, generated from it: after changing a path or an `embed`, run
 * `npm run generate -w contract` (embed-match.test.ts fails until then).
 *
 * Money-moving routes are not here: they are declared once in `money.ts`, and a page
 * reaches them only through the bridge's `pay` command.
 */
import { ADMIN, CREATOR, CREATOR_OR_ADMIN, CREATOR_OR_STAFF, withPermission, type Restriction } from './access.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Who the server lets in: anyone, anyone (user known when signed in), signed in, or staff/role-gated. */
export type RouteAccess = 'public' | 'optional' | 'authenticated' | 'restricted';

/** The access of a route open to anyone or to anyone signed in: no role or permission to name. */
export type OpenAccess = Exclude<RouteAccess, 'restricted'>;

/**
 * How a route's access is written: open (`'public'`, `'optional'`, `'authenticated'`), or
 * restricted to some roles or a permission (`restriction`, spec section 6). The server's
 * guard reads both from here; a domain registering the route writes neither.
 */
export type RouteAccessSpec = { access: OpenAccess; restriction?: undefined } | { access: 'restricted'; restriction: Restriction };

export type RouteSpec = RouteAccessSpec & {
  method: HttpMethod;
  path: string;
  /**
   * A third-party page may make this call through the bridge with the fan's credential
   * (`true`), or only a page on one of the signed-in creator's own embed origins
   * (`'owner'`: a creator's earnings and payouts on their own site), or any page, but
   * seeing only what belongs to the creators who own the page's origin (`'page'`: the
   * fan's private conversations and the fan's dealings with creators, so a page of creator
   * X never reads or changes those with creator Y).
   * For `'owner'` and `'page'` the bridge sends the page's origin as the browser reported
   * it (`PAGE_ORIGIN_HEADER`); the server refuses an `'owner'` call from an origin the
   * creator has not listed, and scopes a `'page'` call to the creators who list it.
   */
  embed?: true | 'owner' | 'page';
};

/** Set by the bridge on an `'owner'` or `'page'` route: the origin of the page that asked (never by the page). */
export const PAGE_ORIGIN_HEADER = 'x-fandeck-page-origin';

type AccessOf<A extends OpenAccess | Restriction> = A extends Restriction ? { readonly access: 'restricted'; readonly restriction: A } : { readonly access: A };

const accessOf = <A extends OpenAccess | Restriction>(access: A) =>
  (typeof access === 'string' ? { access } : { access: 'restricted', restriction: access }) as AccessOf<A>;

const route = /* @__NO_SIDE_EFFECTS__ */ <M extends HttpMethod, P extends string, const A extends OpenAccess | Restriction>(method: M, path: P, access: A, embed?: 'embed' | 'embed-owner' | 'embed-page') =>
  ({
    method,
    path,
    ...accessOf(access),
    ...(embed === 'embed' ? { embed: true as const } : embed === 'embed-owner' ? { embed: 'owner' as const } : embed === 'embed-page' ? { embed: 'page' as const } : {}),
  }) as const;

export const routes = {
  // auth
  'auth.login': route('POST', '/auth/login', 'public'),
  'auth.logout': route('POST', '/auth/logout', 'authenticated'),
  'auth.me': route('GET', '/auth/users/me', 'authenticated'),
  'auth.registerFan': route('POST', '/auth/users/register', 'public'),
  'auth.registerCreator': route('POST', '/auth/performers/register', 'public'),
  'auth.changePassword': route('PUT', '/auth/users/me/password', 'authenticated'),
  /** Not in the spec's paths: the new address takes effect once the link mailed to it is opened. */
  'auth.changeEmail': route('PUT', '/auth/users/me/email', 'authenticated'),
  'auth.forgot': route('POST', '/auth/users/forgot', 'public', 'embed'),
  'auth.resetPassword': route('POST', '/auth/users/reset-password', 'public'),
  'auth.verifyEmail': route('POST', '/auth/email-verification', 'public'),
  'auth.confirmEmail': route('POST', '/auth/email-verification/confirm', 'public'),
  // users and creators
  'users.me': route('GET', '/users/me', 'authenticated', 'embed'),
  'users.update': route('PUT', '/users', 'authenticated'),
  'users.search': route('GET', '/users/search', ADMIN),
  'users.view': route('GET', '/users/view/:id', 'optional', 'embed'),
  'users.avatarUpload': route('POST', '/users/avatar/upload', 'authenticated'),
  'users.avatarUploadFor': route('POST', '/users/:id/avatar/upload', ADMIN),
  'performers.avatarUpload': route('POST', '/performers/avatar/upload', CREATOR),
  'performers.coverUpload': route('POST', '/performers/cover/upload', CREATOR),
  'performers.search': route('GET', '/performers/search', 'optional', 'embed'),
  'performers.get': route('GET', '/performers/:id', 'optional', 'embed'),
  'performers.top': route('GET', '/performers/top', 'optional', 'embed'),
  'performers.random': route('GET', '/performers/search/random', 'optional', 'embed'),
  'performers.me': route('GET', '/performers/me', CREATOR),
  'performers.updateMe': route('PUT', '/performers/me', CREATOR),
  'performers.update': route('PUT', '/performers/:id', CREATOR_OR_ADMIN),
  'performers.userSearch': route('GET', '/performers/user/search', 'optional', 'embed'),
  'performers.welcomeVideoUpload': route('POST', '/performers/welcome-video/upload', CREATOR),
  'performers.documentsUpload': route('POST', '/performers/documents/upload', CREATOR),
  'performers.bankingSettings': route('PUT', '/performers/banking-settings', CREATOR),
  'performers.paymentGatewaySettings': route('PUT', '/performers/payment-gateway-settings', CREATOR),
  'categories.search': route('GET', '/admin/performer-categories/search', 'public', 'embed'),
  // The spec's permission catalogue has no area for categories, nor for creator review: admins do them.
  'admin.categories.create': route('POST', '/admin/performer-categories', ADMIN),
  'admin.categories.update': route('PUT', '/admin/performer-categories/:id', ADMIN),
  'admin.categories.delete': route('DELETE', '/admin/performer-categories/:id', ADMIN),
  // feeds: a creator's posts, and what fans see of them
  'feeds.create': route('POST', '/performer/feeds', CREATOR),
  'feeds.mine': route('GET', '/performer/feeds', CREATOR),
  'feeds.mineGet': route('GET', '/performer/feeds/:id', CREATOR),
  'feeds.update': route('PUT', '/performer/feeds/:id', CREATOR),
  'feeds.delete': route('DELETE', '/performer/feeds/:id', CREATOR),
  'feeds.photoUpload': route('POST', '/performer/feeds/photo/upload', CREATOR),
  'feeds.videoUpload': route('POST', '/performer/feeds/video/upload', CREATOR),
  'feeds.audioUpload': route('POST', '/performer/feeds/audio/upload', CREATOR),
  'feeds.thumbnailUpload': route('POST', '/performer/feeds/thumbnail/upload', CREATOR),
  'feeds.teaserUpload': route('POST', '/performer/feeds/teaser/upload', CREATOR),
  'feeds.createPoll': route('POST', '/performer/feeds/polls', CREATOR),
  'feeds.createCrowdfunding': route('POST', '/performer/feeds/crowdfunding', CREATOR),
  'feeds.vote': route('POST', '/user/feeds/vote/:id', 'authenticated', 'embed'),
  'feeds.fileStatus': route('GET', '/user/feeds/:id/file/:fileId/status', 'optional', 'embed'),
  'feeds.videoUrl': route('POST', '/feeds/file/:id/videos/:fileId/url', 'optional', 'embed'),
  'feeds.list': route('GET', '/user/feeds', 'optional', 'embed'),
  'feeds.byCreator': route('GET', '/user/feeds/search/:username', 'optional', 'embed'),
  'feeds.get': route('GET', '/user/feeds/:id', 'optional', 'embed'),
  // galleries and their photos
  'galleries.create': route('POST', '/performer/performer-assets/galleries', CREATOR),
  'galleries.mine': route('GET', '/performer/performer-assets/galleries/search', CREATOR),
  'galleries.update': route('PUT', '/performer/performer-assets/galleries/:id', CREATOR),
  'galleries.mineGet': route('GET', '/performer/performer-assets/galleries/:id/view', CREATOR),
  'galleries.delete': route('DELETE', '/performer/performer-assets/galleries/:id', CREATOR),
  'galleries.search': route('GET', '/performer-assets/galleries/search', 'optional', 'embed'),
  'galleries.get': route('GET', '/performer-assets/galleries/:id', 'optional', 'embed'),
  'photos.mine': route('GET', '/performer/performer-assets/photos/search', CREATOR),
  'photos.update': route('PUT', '/performer/performer-assets/photos/:id', CREATOR),
  'photos.upload': route('POST', '/performer/performer-assets/photos/upload', CREATOR),
  'photos.create': route('POST', '/performer/performer-assets/photos', CREATOR),
  'photos.setCover': route('POST', '/performer/performer-assets/photos/set-cover/:id', CREATOR),
  'photos.delete': route('DELETE', '/performer/performer-assets/photos/:id', CREATOR),
  'photos.byCreator': route('GET', '/performer-assets/photos/:performerId', 'optional', 'embed'),
  // videos and reels
  'videos.mine': route('GET', '/performer/performer-assets/videos/search', CREATOR),
  'videos.delete': route('DELETE', '/performer/performer-assets/videos/:id', CREATOR),
  'videos.mineGet': route('GET', '/performer/performer-assets/videos/:id/view', CREATOR),
  'videos.removeFile': route('DELETE', '/performer/performer-assets/videos/remove-file/:id', CREATOR),
  'videos.upload': route('POST', '/performer/performer-assets/videos/upload', CREATOR),
  'videos.videoUpload': route('POST', '/performer/performer-assets/videos/video/upload', CREATOR),
  'videos.teaserUpload': route('POST', '/performer/performer-assets/videos/teaser/upload', CREATOR),
  'videos.thumbnailUpload': route('POST', '/performer/performer-assets/videos/thumbnail/upload', CREATOR),
  'videos.create': route('POST', '/performer/performer-assets/videos', CREATOR),
  'videos.edit': route('PUT', '/performer/performer-assets/videos/edit/:id', CREATOR),
  'videos.update': route('PUT', '/performer/performer-assets/videos/update/:id', CREATOR),
  'videos.search': route('GET', '/performer-assets/videos/search', 'optional', 'embed'),
  'videos.get': route('GET', '/performer-assets/videos/:id', 'optional', 'embed'),
  'videos.fileStatus': route('GET', '/performer-assets/videos/:id/file/:fileId/status', 'optional', 'embed'),
  'videos.url': route('POST', '/user/performer-assets/videos/:id/:fileId/url', 'optional', 'embed'),
  'reels.mine': route('GET', '/performer-assets/performer/reels/search', CREATOR),
  'reels.mineGet': route('GET', '/performer-assets/performer/reels/:id/view', CREATOR),
  'reels.upload': route('POST', '/performer-assets/performer/reels/upload', CREATOR),
  'reels.edit': route('PUT', '/performer-assets/performer/reels/edit/:id', CREATOR),
  'reels.removeFile': route('DELETE', '/performer-assets/performer/reels/remove-file/:id', CREATOR),
  'reels.delete': route('DELETE', '/performer-assets/performer/reels/:id', CREATOR),
  'reels.search': route('GET', '/performer-assets/user/reels/search', 'optional', 'embed'),
  // blocks, reports, trending and search
  'blocks.countries': route('POST', '/block/countries', CREATOR),
  'blocks.countryList': route('GET', '/block/countries', CREATOR),
  'blocks.block': route('POST', '/block/users', CREATOR),
  'blocks.unblock': route('DELETE', '/block/users/:id', CREATOR),
  'blocks.list': route('GET', '/block/users', CREATOR),
  'reports.create': route('POST', '/reports', 'authenticated', 'embed'),
  'posts.trending': route('GET', '/trending', 'optional', 'embed'),
  'posts.search': route('GET', '/posts/search', 'optional', 'embed'),
  'posts.get': route('GET', '/posts/:id', 'optional', 'embed'),
  'search.saveKeyword': route('POST', '/search/keywords', 'optional', 'embed'),
  'search.keywords': route('GET', '/search/list/keywords', 'optional', 'embed'),
  // comments
  'comments.create': route('POST', '/comments', 'authenticated'),
  'comments.search': route('GET', '/comments', 'optional', 'embed'),
  'comments.update': route('PUT', '/comments/:id', 'authenticated'),
  'comments.delete': route('DELETE', '/comments/:id', 'authenticated'),
  'comments.pin': route('PUT', '/comments/pin/:id', 'authenticated'),
  'comments.unpin': route('PUT', '/comments/unpin/:id', 'authenticated'),
  'comments.pinned': route('GET', '/comments/pin/view/:id', 'optional', 'embed'),
  // reactions: likes and bookmarks. What a fan bookmarked and whom they follow is the fan's
  // private business with every creator: `embed-page`, a page lists only the posts and
  // creators of the creators who list its origin (its own Follow and Bookmark states).
  'reactions.add': route('POST', '/reactions', 'authenticated'),
  'reactions.remove': route('DELETE', '/reactions', 'authenticated'),
  'reactions.bookmarks': route('GET', '/reactions/:kind/bookmark', 'authenticated', 'embed-page'),
  // follows
  'follows.follow': route('POST', '/follows/:id', 'authenticated'),
  'follows.unfollow': route('DELETE', '/follows/:id', 'authenticated'),
  'follows.followers': route('GET', '/follows/followers', CREATOR),
  'follows.following': route('GET', '/follows/following', 'authenticated', 'embed-page'),
  // media files of posts: short-lived links signed for one viewer. Not a plain call for a page:
  // the bridge's `media` command fetches it (and `streaming.hls`) with the page's origin, and
  // the server hands a page only the files and streams of its own creators and conversations.
  'media.file': route('GET', '/media/files/:id/:name', 'optional'),
  // settings
  'settings.public': route('GET', '/settings/public', 'public', 'embed'),
  'settings.keys': route('POST', '/settings/keys', 'public', 'embed'),
  'admin.settings.get': route('GET', '/admin/settings', withPermission('setting.view')),
  'admin.settings.update': route('PUT', '/admin/settings', withPermission('setting.update')),
  /** Multipart: a picture for the site's logo (`logoUrl`) or its dark-mode logo (`darkmodeLogoUrl`). */
  'admin.settings.logoUpload': route('POST', '/admin/settings/logo/:which', withPermission('setting.update')),
  // the countries whose visitors get the geo-blocked layout (spec: Geo blocking)
  'admin.blockedCountries.list': route('GET', '/admin/block/countries', withPermission('block_country.all')),
  'admin.blockedCountries.set': route('PUT', '/admin/block/countries', withPermission('block_country.all')),
  'admin.performers.pendingReview': route('GET', '/admin/performers/pending-review', ADMIN),
  'admin.performers.review': route('POST', '/admin/performers/:id/review', ADMIN),
  'admin.performers.document': route('GET', '/admin/performers/:id/documents/:side', ADMIN),
  // The back office (issue 25). Moderation is the catalogue's `block` area; accounts, staff and the audit log are the admins'.
  'admin.users.status': route('PUT', '/admin/users/:id/status', ADMIN),
  'admin.reports.search': route('GET', '/admin/reports', withPermission('block.all')),
  'admin.reports.act': route('POST', '/admin/reports/:id/action', withPermission('block.all')),
  'admin.staff.search': route('GET', '/admin/staff', ADMIN),
  'admin.staff.create': route('POST', '/admin/staff', ADMIN),
  'admin.staff.permissions': route('PUT', '/admin/staff/:id/permissions', ADMIN),
  'admin.audit.search': route('GET', '/admin/audit-log', ADMIN),
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
  'embeds.list': route('GET', '/embeds/origins', CREATOR),
  'embeds.add': route('POST', '/embeds/origins', CREATOR),
  'embeds.remove': route('DELETE', '/embeds/origins/:id', CREATOR),
  'embeds.verify': route('POST', '/embeds/origins/:id/verify', CREATOR),
  'embeds.check': route('GET', '/embeds/check', 'public'),
  // wallet. The fan's money history is `embed-page`: a page lists only the charges paid to
  // the creators who list its origin.
  'wallet.charges': route('GET', '/wallet/charges/search', 'authenticated', 'embed-page'),
  'admin.ledgerCheck': route('GET', '/admin/ledger/check', withPermission('earning.all')),
  // payments. Top-ups belong to no creator, so their history (`embed-page`) lists nothing on a
  // page; one transaction and its QR code stay open by id: the top-up a page started polls them.
  'payments.transactions': route('GET', '/payment/transactions/user/search', 'authenticated', 'embed-page'),
  'payments.qrcode': route('GET', '/payment/transactions/qrcode', 'authenticated', 'embed'),
  'payments.transaction': route('GET', '/payment/transactions/:id', 'authenticated', 'embed'),
  'payments.sandboxPage': route('GET', '/payment/sandbox/:transactionId', 'public'),
  'payments.sandboxPay': route('POST', '/payment/sandbox/:transactionId/pay', 'public'),
  'payments.webhookPix': route('POST', '/payment/webhooks/pix-sandbox', 'public'),
  'payments.webhookStripe': route('POST', '/payment/webhooks/stripe', 'public'),
  /** Top-up bundles staff define (possibly none). */
  'tokenPackages.search': route('GET', '/package/token/search', 'public', 'embed'),
  // Staff (the settings permissions) define them: list all, create, order, activate or retire, delete.
  'admin.tokenPackages.search': route('GET', '/admin/package/token/search', withPermission('setting.view')),
  'admin.tokenPackages.create': route('POST', '/admin/package/token', withPermission('setting.update')),
  'admin.tokenPackages.update': route('PUT', '/admin/package/token/:id', withPermission('setting.update')),
  'admin.tokenPackages.delete': route('DELETE', '/admin/package/token/:id', withPermission('setting.update')),
  'cards.list': route('GET', '/payment-cards', 'authenticated'),
  'cards.add': route('POST', '/:provider/cards', 'authenticated'),
  'cards.remove': route('DELETE', '/payment-cards/:id', 'authenticated'),
  // Not in the spec: the card a card top-up offers first.
  'cards.setDefault': route('PUT', '/payment-cards/:id/default', 'authenticated'),
  'stripe.accounts': route('POST', '/stripe/accounts', CREATOR),
  // subscriptions (paying is the `subscribe` money action; resuming, which turns renewal charges
  // back on, the `resume` one). A fan's subscriptions are `embed-page`: a page lists, reads and
  // cancels only those to the creators who list its origin (403 `embeds.origin_not_owned` else).
  'subscriptions.performerSearch': route('GET', '/subscriptions/performer/search', CREATOR_OR_STAFF, 'embed-owner'),
  'subscriptions.userSearch': route('GET', '/subscriptions/user/search', 'authenticated', 'embed-page'),
  'subscriptions.userSubscriber': route('GET', '/subscriptions/user-subscriber', 'authenticated', 'embed-page'),
  'subscriptions.cancel': route('POST', '/payment/:provider/cancel-subscription/:id', 'authenticated', 'embed-page'),
  'admin.subscriptions.search': route('GET', '/admin/subscriptions/search', withPermission('earning.all')),
  // earnings and referrals, read from the ledger
  // Creators read their own earnings; staff read a named creator's (the handler checks `earning.all`).
  'earnings.stats': route('GET', '/performer/earning/stats', CREATOR_OR_STAFF, 'embed-owner'),
  'earnings.search': route('GET', '/performer/earning/search', CREATOR_OR_STAFF, 'embed-owner'),
  'earnings.timeline': route('GET', '/performer/earning/timeline', CREATOR_OR_STAFF, 'embed-owner'),
  'earnings.topContent': route('GET', '/performer/earning/top-content', CREATOR_OR_STAFF, 'embed-owner'),
  'referralEarnings.stats': route('GET', '/referral-earnings/stats', 'authenticated'),
  'referralEarnings.search': route('GET', '/referral-earnings/search', 'authenticated'),
  'referrals.code': route('GET', '/referrals/user/code', 'authenticated'),
  'referrals.search': route('GET', '/referrals/user/search', 'authenticated'),
  // payouts
  'payouts.calculate': route('POST', '/payout-requests/calculate', CREATOR, 'embed-owner'),
  'payouts.create': route('POST', '/payout-requests', CREATOR, 'embed-owner'),
  'payouts.userSearch': route('GET', '/payout-requests/user/search', CREATOR, 'embed-owner'),
  'payouts.search': route('GET', '/payout-requests/search', CREATOR),
  'payouts.pendingReview': route('GET', '/payout-requests/check/pending-review', CREATOR, 'embed-owner'),
  'payouts.view': route('GET', '/payout-requests/:id/view', CREATOR, 'embed-owner'),
  'payouts.update': route('PUT', '/payout-requests/:id', CREATOR),
  'payouts.method': route('POST', '/payout-methods/:id', CREATOR),
  'payouts.removeMethod': route('DELETE', '/payout-methods/:id', CREATOR),
  'admin.payouts.search': route('GET', '/admin/payout-requests/search', withPermission('payout_request.view')),
  'admin.payouts.view': route('GET', '/admin/payout-requests/:id', withPermission('payout_request.view')),
  'admin.payouts.status': route('PUT', '/admin/payout-requests/:id/status', withPermission('payout_request.update')),
  // messaging: conversations (spec section 7, Messaging). A fan's private conversations are
  // `embed-page`: a page sees only those with the creators who list its origin; stream chats are
  // public to read, but a page writes as the fan only in the chats of its own creators.
  'conversations.list': route('GET', '/conversations', 'authenticated', 'embed-page'),
  'conversations.search': route('GET', '/conversations/search', 'authenticated', 'embed-page'),
  'conversations.open': route('POST', '/conversations', 'authenticated', 'embed-page'),
  'conversations.get': route('GET', '/conversations/:id', 'authenticated', 'embed-page'),
  'conversations.stream': route('GET', '/conversations/stream/:id', 'optional', 'embed'),
  'conversations.streamOfPerformer': route('GET', '/conversations/stream/performer/:id', 'optional', 'embed'),
  /** The same stream chat by the path existing clients call (served by the streaming domain). */
  'conversations.streamPublic': route('GET', '/conversations/stream/public/:id', 'optional', 'embed'),
  'conversations.streamUpdate': route('PUT', '/conversations/stream/:id/update', CREATOR),
  // messages
  'messages.list': route('GET', '/messages/conversations/:id', 'authenticated', 'embed-page'),
  'messages.send': route('POST', '/messages/conversations/:id', 'authenticated', 'embed-page'),
  'messages.publicList': route('GET', '/messages/conversations/public/:id', 'optional', 'embed'),
  'messages.streamList': route('GET', '/messages/stream/:id', 'optional', 'embed'),
  'messages.streamSend': route('POST', '/messages/stream/:id', 'authenticated', 'embed-page'),
  'messages.streamPublicSend': route('POST', '/messages/stream/public/conversations/:id', 'authenticated', 'embed-page'),
  'messages.delete': route('DELETE', '/messages/:id', 'authenticated', 'embed-page'),
  'messages.streamClear': route('DELETE', '/messages/stream/:id/remove-all-message', CREATOR),
  'messages.totalUnread': route('GET', '/messages/total-unread-messages', 'authenticated', 'embed-page'),
  'messages.countingNotRead': route('GET', '/messages/counting-not-read-messages', 'authenticated', 'embed-page'),
  'messages.readAll': route('POST', '/messages/read-all/:id', 'authenticated', 'embed-page'),
  /** The increase-opened call (its path is not in the spec): the recipient opened a message. */
  'messages.opened': route('POST', '/messages/:id/opened', 'authenticated', 'embed-page'),
  'messages.broadcast': route('POST', '/messages/broadcast-message', CREATOR_OR_STAFF),
  'messages.privateFile': route('POST', '/messages/private/file', 'authenticated', 'embed-page'),
  'messages.privatePhoto': route('POST', '/messages/private/file/photo', 'authenticated', 'embed-page'),
  'messages.privateVideo': route('POST', '/messages/private/file/video', 'authenticated', 'embed-page'),
  'messages.publicPhoto': route('POST', '/messages/public/file/photo', 'authenticated', 'embed-page'),
  'messages.publicAudio': route('POST', '/messages/public/file/audio', 'authenticated', 'embed-page'),
  'messages.publicVideo': route('POST', '/messages/public/file/video', 'authenticated', 'embed-page'),
  'messages.publicThumbnail': route('POST', '/messages/public/file/thumbnail', 'authenticated', 'embed-page'),
  'messages.videoUrl': route('POST', '/messages/:id/videos/:fileId/url', 'authenticated', 'embed-page'),
  'messages.fileStatus': route('GET', '/messages/:id/file/:fileId/status', 'authenticated', 'embed-page'),
  // mass messages, templates, automatic messages and categorized lists (creators)
  // Creators, and staff acting for one: the handler checks the staff's permission of the action.
  'massMessages.search': route('GET', '/mass-message', CREATOR_OR_STAFF),
  'massMessages.create': route('POST', '/mass-message', CREATOR_OR_STAFF),
  'massMessages.get': route('GET', '/mass-message/:id', CREATOR_OR_STAFF),
  'massMessages.update': route('PUT', '/mass-message/:id', CREATOR_OR_STAFF),
  'massMessages.delete': route('DELETE', '/mass-message/:id', CREATOR_OR_STAFF),
  'massMessages.photo': route('POST', '/mass-message/file/photo', CREATOR_OR_STAFF),
  'massMessages.video': route('POST', '/mass-message/file/video', CREATOR_OR_STAFF),
  'massMessages.opened': route('GET', '/mass-message/:id/opened', CREATOR_OR_STAFF),
  'templates.search': route('GET', '/message-templates', CREATOR_OR_STAFF),
  'templates.create': route('POST', '/message-templates', CREATOR_OR_STAFF),
  'templates.get': route('GET', '/message-templates/:id', CREATOR_OR_STAFF),
  'templates.update': route('PUT', '/message-templates/:id', CREATOR_OR_STAFF),
  'templates.delete': route('DELETE', '/message-templates/:id', CREATOR_OR_STAFF),
  'templates.photo': route('POST', '/message-templates/file/photo', CREATOR_OR_STAFF),
  'templates.video': route('POST', '/message-templates/file/video', CREATOR_OR_STAFF),
  /** Automatic messages: not in the spec's paths (its permission `auto_message` is); one per trigger. */
  'autoMessages.search': route('GET', '/auto-messages', CREATOR_OR_STAFF),
  'autoMessages.create': route('POST', '/auto-messages', CREATOR_OR_STAFF),
  'autoMessages.get': route('GET', '/auto-messages/:id', CREATOR_OR_STAFF),
  'autoMessages.update': route('PUT', '/auto-messages/:id', CREATOR_OR_STAFF),
  'autoMessages.delete': route('DELETE', '/auto-messages/:id', CREATOR_OR_STAFF),
  'lists.search': route('GET', '/list-categorized', CREATOR_OR_STAFF),
  'lists.create': route('POST', '/list-categorized', CREATOR_OR_STAFF),
  'lists.get': route('GET', '/list-categorized/:id', CREATOR_OR_STAFF),
  'lists.update': route('PUT', '/list-categorized/:id', CREATOR_OR_STAFF),
  'lists.delete': route('DELETE', '/list-categorized/:id', CREATOR_OR_STAFF),
  // notifications: read on the platform's own site only (they name every creator a fan deals with)
  'notifications.list': route('GET', '/notification', 'authenticated'),
  'notifications.totalUnread': route('GET', '/notification/total-unread', 'authenticated'),
  'notifications.readAll': route('PUT', '/notification/read-all', 'authenticated'),
  'notifications.read': route('PUT', '/notification/:id/read', 'authenticated'),
  /** Web push (VAPID): not in the spec's paths. The key is public; subscribing needs the platform's own origin. */
  'notifications.pushKey': route('GET', '/notification/push/public-key', 'public'),
  'notifications.pushSubscribe': route('POST', '/notification/push/subscriptions', 'authenticated'),
  'notifications.pushUnsubscribe': route('DELETE', '/notification/push/subscriptions', 'authenticated'),
  /** Per type, whether a notification shows on the site and is pushed (not in the spec's paths). */
  'notifications.preferences': route('GET', '/notification/preferences', 'authenticated'),
  'notifications.updatePreferences': route('PUT', '/notification/preferences', 'authenticated'),
  // streaming (spec section 7, Streaming): public broadcasts over HLS, private calls, recordings
  'streaming.goLive': route('POST', '/streaming/live', CREATOR),
  'streaming.end': route('PUT', '/streaming/live/:id', CREATOR),
  'streaming.update': route('PUT', '/streaming/update', CREATOR),
  'streaming.setDuration': route('PUT', '/streaming/set-duration', CREATOR),
  'streaming.join': route('GET', '/streaming/join/:id', 'optional', 'embed'),
  'streaming.userSearch': route('GET', '/streaming/user/search', 'optional', 'embed'),
  'streaming.agoraToken': route('POST', '/streaming/agora/token', 'authenticated', 'embed'),
  'streaming.privateRequest': route('POST', '/streaming/private/request', 'authenticated'),
  'streaming.privateApprove': route('POST', '/streaming/private/:id/approve', CREATOR),
  'streaming.privateReject': route('POST', '/streaming/private/:id/reject', CREATOR),
  'streaming.privateStart': route('POST', '/streaming/private/:id/start', CREATOR),
  'streaming.privateEdit': route('POST', '/streaming/private/:id/edit', CREATOR),
  'streaming.privateJoin': route('POST', '/streaming/private/:id/join', 'authenticated'),
  'streaming.privateDelete': route('DELETE', '/streaming/private/:id', 'authenticated'),
  'streaming.privateSearch': route('GET', '/streaming/private/search', 'authenticated'),
  'streaming.privateList': route('GET', '/streaming/private/list', 'authenticated'),
  'streaming.recordings': route('GET', '/streaming/agora/performer/recording', CREATOR),
  'streaming.recordingDownload': route('GET', '/streaming/agora/download/:id', CREATOR),
  'streaming.recordingDelete': route('DELETE', '/streaming/agora/delete/:id', CREATOR),
  'streaming.recordingStart': route('POST', '/streaming/agora/recording/start', CREATOR),
  /** The live HLS of a stream, for one viewer: short-lived signed links (never a token in the URL). */
  'streaming.hls': route('GET', '/streaming/hls/:id/:file', 'optional'),
  'admin.streaming.end': route('POST', '/admin/streaming/:id/end', withPermission('stream.update')),
  // live gifts: the catalogue fans pick from (sent as the money action `charge:gift`); staff keep it
  // with the spec's `stream` permissions (gifts are sent in live streams)
  'gifts.search': route('GET', '/gifts', 'public', 'embed'),
  'admin.gifts.search': route('GET', '/admin/gifts', withPermission('stream.view')),
  'admin.gifts.create': route('POST', '/admin/gifts', withPermission('stream.create')),
  'admin.gifts.update': route('PUT', '/admin/gifts/:id', withPermission('stream.update')),
  // products (physical or digital, sold through the wallet charge kind `product`) and their orders
  'products.create': route('POST', '/performer/performer-assets/products', CREATOR),
  'products.mine': route('GET', '/performer/performer-assets/products/search', CREATOR),
  'products.update': route('PUT', '/performer/performer-assets/products/:id', CREATOR),
  'products.mineGet': route('GET', '/performer/performer-assets/products/:id/view', CREATOR),
  'products.delete': route('DELETE', '/performer/performer-assets/products/:id', CREATOR),
  'products.search': route('GET', '/performer-assets/products/search', 'optional', 'embed'),
  'products.get': route('GET', '/performer-assets/products/:id', 'optional', 'embed'),
  /** A digital product's file, for its buyers: a short-lived link signed for the buyer (never a token in the URL). */
  'products.downloadLink': route('GET', '/performer-assets/products/:id/download-link', 'authenticated'),
  'orders.sales': route('GET', '/orders/search', CREATOR),
  'orders.mine': route('GET', '/orders/users/search', 'authenticated'),
  'orders.get': route('GET', '/orders/:id', 'authenticated'),
  // The seller updates an order; staff holding `order.update` may too (checked in the service).
  'orders.update': route('PUT', '/orders/:id/update', CREATOR_OR_STAFF),
  'orders.updateAddress': route('PUT', '/orders/:id/update/delivery-address', 'authenticated'),
  // site promos: the public list (active, inside their window, in order); staff schedule them
  'sitePromos.search': route('GET', '/site-promo/search', 'public', 'embed'),
  'admin.sitePromos.search': route('GET', '/admin/site-promo/search', withPermission('setting.view')),
  'admin.sitePromos.create': route('POST', '/admin/site-promo', withPermission('setting.update')),
  'admin.sitePromos.update': route('PUT', '/admin/site-promo/:id', withPermission('setting.update')),
  'admin.sitePromos.retire': route('DELETE', '/admin/site-promo/:id', withPermission('setting.update')),
  // coupons
  'coupons.apply': route('POST', '/coupons/:code/apply-coupon', 'authenticated', 'embed'),
  'admin.coupons.create': route('POST', '/admin/coupons', withPermission('setting.update')),
  'admin.coupons.list': route('GET', '/admin/coupons', withPermission('setting.view')),
  'admin.coupons.update': route('PUT', '/admin/coupons/:id', withPermission('setting.update')),
  // a coupon never used is deleted; one a fan used is switched off instead (422 `coupons.in_use`)
  'admin.coupons.delete': route('DELETE', '/admin/coupons/:id', withPermission('setting.update')),
  // the API description
  'openapi': route('GET', '/openapi.json', 'public'),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;

/** The path template of a named route (`paths['performers.get']` is `/performers/:id`). */
const pathsOf = <R extends Record<string, RouteSpec>>(table: R) =>
  Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, spec.path])) as { [N in keyof R]: R[N]['path'] };
// Marked pure so a bundle that never reads `paths` leaves the route table out.
export const paths = /* @__PURE__ */ pathsOf(routes);
