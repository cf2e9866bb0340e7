import { apiCall } from './api.js';

/** The fields of GET /api/users/me the site reads so far. */
export interface CurrentUser {
  _id: string;
  name?: string | null;
  username?: string | null;
  email?: string | null;
  avatar?: string | null;
  isPerformer: boolean;
  role?: string;
  balance?: number;
}

export function fetchCurrentUser(options: { token?: string; signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return apiCall<CurrentUser>('/users/me', options);
}

export function logout(): Promise<unknown> {
  return apiCall('/auth/logout', { method: 'POST' });
}

/** What to call the user on screen. */
export function displayName(user: CurrentUser): string {
  return user.name?.trim() || user.username || user.email || user._id;
}
