import type { DomainPlugin } from './plugin.js';
import accounts from './accounts/accounts.plugin.js';
import notifications from './notifications/notifications.routes.js';
import auth from './auth/auth.routes.js';
import users from './users/users.routes.js';
import performers from './performers/performers.routes.js';
import settings from './settings/settings.routes.js';
import reference from './reference/reference.routes.js';
import embeds from './embeds/embeds.routes.js';
import wallet from './wallet/wallet.routes.js';
import payments from './payments/payments.routes.js';
import coupons from './coupons/coupons.routes.js';
import media from './media/media.routes.js';
import feeds from './feeds/feeds.routes.js';
import follows from './follows/follows.routes.js';
import comments from './comments/comments.routes.js';
import reactions from './reactions/reactions.routes.js';
import galleries from './galleries/galleries.routes.js';
import videos from './videos/videos.routes.js';
import blocks from './blocks/blocks.routes.js';
import reports from './reports/reports.routes.js';
import search from './search/search.routes.js';
import categories from './categories/categories.routes.js';
import subscriptions from './subscriptions/subscriptions.routes.js';
import earnings from './earnings/earnings.routes.js';
import payouts from './payouts/payouts.routes.js';
import messaging from './messaging/messaging.routes.js';
import outreach from './outreach/outreach.routes.js';
import streaming from './streaming/streaming.routes.js';
import privateStreams from './private-streams/private-streams.routes.js';
import sitePromos from './site-promos/site-promos.routes.js';
import products from './products/products.routes.js';

/** Every domain, registered under /api in dependency order (registerDomains). */
export const domains: readonly DomainPlugin[] = [
  settings,
  reference,
  accounts,
  notifications,
  auth,
  users,
  performers,
  embeds,
  wallet,
  payments,
  coupons,
  media,
  feeds,
  follows,
  comments,
  reactions,
  galleries,
  videos,
  blocks,
  reports,
  search,
  categories,
  subscriptions,
  earnings,
  payouts,
  messaging,
  outreach,
  streaming,
  privateStreams,
  sitePromos,
  products,
];
