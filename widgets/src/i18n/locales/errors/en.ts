import type { TextsOf } from '../../index.js';
import type errors from './pt-BR.js';

/** Error texts: English. */
export default {
  generic: 'Error occurred, please try again later',
  unauthorized: 'Unauthorized or forbidden action!',
  somethingWrong: 'Something went wrong, please try again later',
  invalidField: 'Check the “{{field}}” field.',
  invalidFields: 'Check these fields: {{fields}}.',
  // One text per contract error code (contract/src/errors.ts), by area.
  request: {
    invalid: 'The data sent is not valid.',
    nul_character: 'The text contains an invalid character.',
    body_too_large: 'The file is larger than the allowed limit.',
    unsupported_media_type: 'This type of content is not accepted.',
    empty_body: 'Nothing was sent.',
    malformed_multipart: 'The upload arrived incomplete. Please try again.',
    unexpected_file: 'A file was sent where none was expected.',
    too_many: 'Too many requests. Wait a moment and try again.',
    cancelled: 'Cancelled.',
  },
  route: {
    not_found: 'Page or resource not found.',
  },
  server: {
    error: 'Something went wrong on our side. Please try again later.',
  },
  network: {
    unreachable: 'Cannot reach Fandeck. Check your connection and try again.',
  },
  auth: {
    sign_in_required: 'Sign in to continue.',
    account_inactive: 'This account is not active.',
    role_forbidden: 'Your account cannot do this.',
    permission_denied: 'Unauthorized or forbidden action!',
    incorrect_credentials: 'Incorrect credentials!',
    current_password_incorrect: 'The current password is not correct.',
    email_not_verified: 'Please confirm your email address before signing in.',
    verification_link_invalid: 'This confirmation link is invalid or has expired.',
    reset_link_invalid: 'This password reset link is invalid or has expired.',
    username_taken: 'This username is already in use.',
    email_taken: 'This email address already has an account.',
    too_many_attempts: 'Too many sign-in attempts. Try again later.',
    phone_invalid: 'Enter a valid phone number.',
  },
  users: {
    not_found: 'User not found.',
  },
  performers: {
    not_found: 'Creator not found.',
    not_verified: 'This creator’s documents have not been approved yet.',
    too_young: 'You must be at least 18 to be a creator.',
    document_required: 'Please upload the requested document.',
    document_type: 'The document must be a JPEG, PNG, WebP or PDF file.',
  },
  content: {
    locked: 'Unlock this post to watch it.',
  },
  galleries: {
    not_found: 'Gallery not found.',
    already_unlocked: 'You have already unlocked this gallery.',
  },
  photos: {
    not_found: 'Photo not found.',
  },
  videos: {
    not_found: 'Video not found.',
    already_unlocked: 'You have already unlocked this video.',
    file_required: 'Upload the video file.',
  },
  reels: {
    not_found: 'Reel not found.',
  },
  blocks: {
    self: 'You cannot block yourself.',
    blocked: 'This creator is not available to you.',
  },
  reports: {
    duplicate: 'You have already reported this.',
    target_not_found: 'What you reported no longer exists.',
  },
  categories: {
    not_found: 'Category not found.',
    name_taken: 'A category with this name already exists.',
  },
  polls: {
    closed: 'This poll is closed.',
    already_voted: 'You have already voted in this poll.',
  },
  media: {
    file_required: 'Choose a file to upload.',
    unsupported_type: 'This type of file is not accepted here.',
    too_large: 'The file is larger than the allowed limit.',
    unreadable: 'This file could not be read. It may be damaged.',
    link_invalid: 'This media link has expired or is not yours. Reload the page.',
    not_ready: 'This video is still being processed. Try again in a moment.',
  },
  feeds: {
    not_found: 'This post does not exist or is not available.',
    already_unlocked: 'You have already unlocked this post.',
    files_invalid: 'One of the files cannot be used in this post.',
  },
  follows: {
    self: 'You cannot follow yourself.',
  },
  comments: {
    not_found: 'This comment no longer exists.',
    parent_invalid: 'You can only reply to a comment on this post.',
  },
  idempotency: {
    key_required: 'The request could not be confirmed. Please try again.',
    key_reused: 'This request was already made with other details. Please start again.',
    in_progress: 'Your request is still being processed. Please wait a moment.',
  },
  wallet: {
    insufficient_balance: 'Not enough balance. Top up your wallet.',
    self_purchase: 'You cannot pay yourself.',
    item_not_found: 'This item is not available to buy.',
    creator_not_found: 'Creator not found.',
    tip_out_of_range: 'The tip amount is outside the allowed range.',
    creators_only: 'Only creators can receive this payment.',
  },
  payment: {
    quote_invalid: 'The confirmation has expired. Please try again.',
    quote_mismatch: 'The request does not match what you confirmed. Nothing was charged.',
    price_changed: 'The price has changed. Check the new amount; nothing was charged.',
    topup_out_of_range: 'The top-up amount is outside the allowed range.',
    coupon_leaves_too_little: 'With this coupon, the amount to pay falls below the minimum.',
    declined: 'The payment was declined.',
    gateway_unavailable: 'This payment method is unavailable right now. Try again later.',
    cards_disabled: 'Card payments are not available on this platform.',
    card_gateway_only: 'A saved card can be used for card payments only.',
    card_not_found: 'Card not found.',
    card_owned_elsewhere: 'This card belongs to another account.',
    sandbox_unavailable: 'The PIX test environment is not available.',
    pix_not_configured: 'PIX is not available on this platform.',
    transaction_not_found: 'Payment not found.',
    no_qr_code: 'This payment has no QR code.',
    already_paid: 'This payment has already been made.',
    expired: 'This PIX has expired. Create a new one.',
    closed: 'This payment is no longer open.',
    sandbox_failed: 'The test environment did not confirm the payment.',
    unknown_provider: 'Unknown payment method.',
    webhook_invalid: 'Invalid payment notice.',
  },
  coupons: {
    not_found: 'Coupon not found.',
    inactive: 'This coupon is not active.',
    expired: 'This coupon has expired.',
    exhausted: 'This coupon has been used up.',
    used_by_you: 'You have already used this coupon.',
    percentage_too_high: 'A percentage coupon must be less than 100%.',
    code_taken: 'There is already a coupon with this code.',
  },
  embeds: {
    invalid_origin: 'Enter a site address, such as https://example.com.',
    origin_exists: 'This site is already on your list.',
    too_many: 'You have reached the limit of sites.',
    not_found: 'Site not found on your list.',
  },
  settings: {
    empty: 'Provide at least one setting.',
    unknown_key: 'Unknown setting.',
    invalid_value: 'Invalid setting value.',
  },
  reference: {
    not_found: 'Not found.',
  },
  bridge: {
    unavailable: 'Fandeck is not available on this page.',
    popup_blocked: 'The browser blocked the sign-in window. Allow pop-ups and try again.',
    popup_closed: 'The sign-in window was closed before you finished.',
    route_not_allowed: 'This action is not available on this page.',
    not_confirmed: 'Cancelled. Nothing was charged.',
    busy: 'Finish the open confirmation before starting another.',
  },
} satisfies TextsOf<typeof errors>;
