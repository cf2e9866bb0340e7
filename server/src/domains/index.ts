import type { DomainRoutes } from './types.js';
import authRoutes from './auth/auth.routes.js';
import usersRoutes from './users/users.routes.js';
import performersRoutes from './performers/performers.routes.js';
import settingsRoutes from './settings/settings.routes.js';
import referenceRoutes from './reference/reference.routes.js';
import embedsRoutes from './embeds/embeds.routes.js';
import walletRoutes from './wallet/wallet.routes.js';
import paymentsRoutes from './payments/payments.routes.js';
import couponsRoutes from './coupons/coupons.routes.js';

/** Every domain's routes, registered under /api in this order. */
export const domainRoutes: DomainRoutes[] = [authRoutes, usersRoutes, performersRoutes, settingsRoutes, referenceRoutes, embedsRoutes, walletRoutes, paymentsRoutes, couponsRoutes];
