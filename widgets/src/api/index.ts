/**
 * The API client: query strings, the envelope, the error catalogue (spec section 8) and
 * uploads with progress. Models reach the server only through `createApiClient`.
 */
export {
  createApiClient,
  defaultUnauthorizedHook,
  loginPath,
  readListPage,
  type ApiCallOptions,
  type ApiClient,
  type ApiClientOptions,
  type ApiUploadOptions,
  type UnauthorizedHook,
  type UnauthorizedPolicy,
} from './api-client.js';
export { buildQuery, pageQuery, withQuery } from './query-string.js';
export { httpCall, unwrapEnvelope, type HttpCall } from './http.js';
export { xhrUpload, type XhrUploadCall } from './xhr-upload.js';
export {
  changesSavedText,
  failureCode,
  failureNamespaces,
  failureText,
  failureTextOf,
  loadFailureText,
  loadFailureTexts,
  loginFailureText,
  toastText,
  unauthorizedText,
  updateFailureText,
  uploadCancelledText,
  type FailureFacts,
} from './error-catalogue.js';
