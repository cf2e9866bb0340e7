/**
 * The session runtime: one signal-based session per page, shared by every widget and
 * bundle (ARCHITECTURE.md, "Session runtime"). React views add `./react`.
 */
export { createSession, disposeSession, getSession, type OwnedSession, type Session, type SessionOptions } from './session.js';
export { createDirectTransport, type DirectTransport, type DirectTransportOptions } from './direct-transport.js';
export { failure, success, type ActionError, type Outcome } from './outcome.js';
export { createFeatureHost, defineFeature, disposeModel, type Feature, type FeatureHost } from './feature.js';
export { createPayKeys, errorCode, isDeclined, isRetryable, newIdempotencyKey, payOutcome, runPay, unexpectedAnswer, type PayInput, type PayKeys } from './money-action.js';
export type {
  HttpMethod,
  LiveChannel,
  LiveStatus,
  PayOptions,
  PayQuote,
  PayRequest,
  Query,
  QueryValue,
  RequestOptions,
  Transport,
  TransportResult,
  UploadOptions,
} from './transport.js';
export type { Credentials, CurrentUser, ListPage, LoadStatus, MenuItem, PublicSettings, Theme, UserPatch } from './types.js';
export { initialLoginAuth, type AuthModel, type LoginAuthState } from './auth.model.js';
export type { UserModel, UserUpdate } from './user.model.js';
export type { SettingsModel } from './settings.model.js';
export type { UiModel } from './ui.model.js';
export type { LocaleModel } from './locale.model.js';
export { catalogueLocale, chooseLocale, localeDir, RTL_LANGUAGES, type LocaleChoice, type LocaleInputs, type LocaleSource } from './locale-choice.js';
export { parseTheme, type ThemeModel } from './theme.model.js';
export type { FollowsModel } from './follows.model.js';
export type { LiveModel } from './live.model.js';
export { TAB_SYNC_CHANNEL } from './tab-sync.js';
export { readToken } from './token-cookie.js';
export { wirePassword } from './password.js';
