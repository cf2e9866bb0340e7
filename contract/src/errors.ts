/**
 * Error codes: every error body the server sends carries one of these in `code`, beside
 * the English `message` meant for logs and developers. Clients choose the text they show
 * from the code (widgets' `errors` namespace), never from the message.
 *
 * Codes are `area.what`, lower snake case, stable once published: add new ones, never
 * rename. A domain adds its codes here when it adds the rule that refuses.
 */
export const ERROR_CODES = [
  // Transport and framework
  'request.invalid',
  'request.nul_character',
  'request.body_too_large',
  'request.unsupported_media_type',
  'request.empty_body',
  'request.malformed_multipart',
  'request.unexpected_file',
  'request.too_many',
  'request.cross_site',
  'route.not_found',
  'server.error',
  'network.unreachable',
  'request.cancelled',
  // Sign-in and accounts
  'auth.sign_in_required',
  'auth.account_inactive',
  'auth.role_forbidden',
  'auth.permission_denied',
  'auth.incorrect_credentials',
  'auth.current_password_incorrect',
  'auth.email_not_verified',
  'auth.verification_link_invalid',
  'auth.reset_link_invalid',
  'auth.username_taken',
  'auth.email_taken',
  'auth.email_unchanged',
  'auth.too_many_attempts',
  'auth.phone_invalid',
  'users.not_found',
  'performers.not_found',
  'performers.not_verified',
  'performers.pending_approval',
  'performers.too_young',
  'performers.document_required',
  'performers.document_type',
  'performers.price_out_of_range',
  // Uploads
  'media.file_required',
  'media.unsupported_type',
  'media.too_large',
  'media.unreadable',
  'media.link_invalid',
  'media.not_ready',
  'feeds.not_found',
  'feeds.already_unlocked',
  'content.locked',
  'feeds.files_invalid',
  'feeds.poll_invalid',
  'feeds.crowdfunding_invalid',
  'follows.self',
  'comments.not_found',
  'comments.parent_invalid',
  'galleries.not_found',
  'galleries.already_unlocked',
  'photos.not_found',
  'photos.files_invalid',
  'videos.not_found',
  'videos.already_unlocked',
  'videos.file_required',
  'videos.files_invalid',
  'reels.not_found',
  'blocks.self',
  'blocks.blocked',
  'reports.duplicate',
  'reports.target_not_found',
  'reports.not_found',
  'reports.cannot_hide',
  'reports.no_author',
  'staff.not_found',
  'staff.protected_account',
  'staff.self',
  'categories.not_found',
  'categories.name_taken',
  'polls.closed',
  'polls.already_voted',
  'polls.not_found',
  // Money
  'idempotency.key_required',
  'idempotency.key_reused',
  'idempotency.in_progress',
  'wallet.insufficient_balance',
  'wallet.self_purchase',
  'wallet.item_not_found',
  'wallet.creator_not_found',
  'wallet.tip_out_of_range',
  'wallet.creators_only',
  'payment.quote_invalid',
  'payment.quote_mismatch',
  'payment.price_changed',
  'payment.quote_used',
  'payment.topup_out_of_range',
  'payment.coupon_leaves_too_little',
  'payment.declined',
  'payment.gateway_unavailable',
  'payment.cards_disabled',
  'payment.card_gateway_only',
  'payment.card_not_found',
  'payment.card_owned_elsewhere',
  'payment.card_declined',
  'payment.card_number_invalid',
  'payment.card_expired',
  'payment.card_cvc_invalid',
  'payment.card_not_test',
  'payment.sandbox_unavailable',
  'payment.pix_not_configured',
  'payment.transaction_not_found',
  'payment.no_qr_code',
  'payment.already_paid',
  'payment.expired',
  'payment.closed',
  'payment.sandbox_failed',
  'payment.unknown_provider',
  'payment.webhook_invalid',
  'subscriptions.not_found',
  'subscriptions.already_active',
  'subscriptions.plan_unavailable',
  'subscriptions.free_already_used',
  'subscriptions.not_cancelled',
  'subscriptions.already_cancelled',
  'payouts.not_found',
  'payouts.below_minimum',
  'payouts.insufficient_earnings',
  'payouts.already_pending',
  'payouts.not_editable',
  'payouts.invalid_transition',
  'payouts.method_missing',
  // A payout method's own fields (in `fieldCodes`, beside `request.invalid`)
  'payouts.field_required',
  'payouts.pix_key_type_invalid',
  'payouts.pix_cpf_invalid',
  'payouts.pix_cnpj_invalid',
  'payouts.pix_email_invalid',
  'payouts.pix_phone_invalid',
  'payouts.pix_random_invalid',
  'payouts.bank_name_invalid',
  'payouts.bank_code_invalid',
  'payouts.agency_invalid',
  'payouts.account_invalid',
  'payouts.account_type_invalid',
  'payouts.holder_name_invalid',
  'payouts.holder_document_invalid',
  'payouts.stripe_account_invalid',
  'conversations.not_found',
  'conversations.not_participant',
  'conversations.blocked',
  'conversations.self',
  'conversations.recipient_not_found',
  'messages.not_found',
  'messages.empty',
  'messages.not_sender',
  'messages.price_not_allowed',
  'messages.files_invalid',
  'messages.client_id_conflict',
  'messages.already_unlocked',
  'mass_messages.not_found',
  'mass_messages.not_editable',
  'mass_messages.audience_invalid',
  'templates.not_found',
  'auto_messages.not_found',
  'auto_messages.trigger_taken',
  'lists.not_found',
  'lists.members_invalid',
  'notifications.not_found',
  'notifications.push_not_configured',
  'notifications.push_subscription_invalid',
  'streaming.not_found',
  'streaming.offline',
  'streaming.already_live',
  'streaming.subscribers_only',
  'streaming.not_owner',
  'streaming.not_configured',
  'streaming.request_not_found',
  'streaming.request_invalid_state',
  'streaming.recording_not_found',
  'gifts.not_found',
  'gifts.unavailable',
  'gifts.stream_not_live',
  'gifts.catalogue_full',
  'embeds.origin_not_owned',
  'coupons.not_found',
  'coupons.inactive',
  'coupons.expired',
  'coupons.exhausted',
  'coupons.used_by_you',
  'coupons.percentage_too_high',
  'coupons.code_taken',
  'coupons.in_use',
  // Embeds, settings, reference data
  'embeds.invalid_origin',
  'embeds.origin_exists',
  'embeds.too_many',
  'embeds.not_found',
  'embeds.platform_origin',
  'embeds.origin_not_public',
  'embeds.origin_unverified',
  'settings.empty',
  'settings.unknown_key',
  'settings.invalid_value',
  'reference.not_found',
  'site_promos.not_found',
  'token_packages.not_found',
  'payment.package_unavailable',
  'payment.package_amount_mismatch',
  // Said by the bridge or a client transport, never by the server
  'bridge.unavailable',
  'bridge.popup_blocked',
  'bridge.popup_closed',
  'bridge.route_not_allowed',
  'bridge.not_confirmed',
  'bridge.busy',
  // Refunds of wallet charges
  'payment.already_refunded',
  'wallet.refund_not_covered',
  // Products and orders
  'products.not_found',
  'products.unavailable',
  'products.out_of_stock',
  'products.file_required',
  'products.not_bought',
  'orders.not_found',
  'orders.address_required',
  'orders.address_locked',
  'orders.invalid_transition',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

// Built on first use: a client bundle that only checks a code's shape leaves the list out.
let known: Set<string> | undefined;
/** Whether a value is one of the codes listed here (the server and tests ask). */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && (known ??= new Set<string>(ERROR_CODES)).has(value);

/** An error code's shape: `area.what`, lower case and underscores. */
const ERROR_CODE_SHAPE = /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/;
/**
 * Whether a value is shaped like an error code. Clients read codes with this rather than
 * the list, so embed bundles need not carry every code (each new one cost them bytes);
 * a code a client has no text for is shown by its status instead.
 */
export const looksLikeErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && ERROR_CODE_SHAPE.test(value);

/** The body of every error answer (contract section 1, plus the stable `code`). */
export interface ErrorBody {
  statusCode: number;
  /** English, for developers and logs; clients show the text their `code` maps to. */
  message: string;
  /** The HTTP reason phrase (`Unprocessable Entity`). */
  error: string;
  code: ErrorCode;
  /** For `request.invalid`: the fields at fault, `body.price`, `query.limit`. */
  fields?: string[];
  /**
   * For `request.invalid`, where the rule has one: each field's own code, so a form says
   * in the user's language what is wrong with that field (`body.pixKey`: `payouts.pix_cpf_invalid`).
   */
  fieldCodes?: Record<string, ErrorCode>;
}

/** The code of an error body, when it carries one (by its shape: see `looksLikeErrorCode`). */
export function errorCodeOf(body: unknown): ErrorCode | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return looksLikeErrorCode(code) ? code : null;
}
