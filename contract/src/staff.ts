/**
 * The back office (issue 25): staff accounts and their permissions, the reports queue, the
 * accounts staff suspend and the audit log of what staff did. Types only.
 */
import type { PermissionKey, Role } from './access.js';
import type { PageRequest } from './route-types.js';

/** An account as the back office lists it (`GET /users/search`, `PUT /admin/users/:id/status`). */
export interface StaffUserDto {
  _id: string;
  username: string | null;
  name: string | null;
  avatar: string;
  isPerformer: boolean;
  email: string;
  role: string;
  status: string;
  createdAt: string;
}

/** `PUT /admin/users/:id/status`: suspend (`inactive`) or reactivate (`active`) an account. */
export interface UserStatusBody {
  status: 'active' | 'inactive';
}

/** A staff account (`GET /admin/staff`): a manager or an admin and what they hold. */
export interface StaffMemberDto {
  _id: string;
  name: string;
  username: string | null;
  email: string;
  role: Extract<Role, 'manager' | 'admin'>;
  status: string;
  /** The keys granted (an admin holds every permission whatever is listed here). */
  permissions: PermissionKey[];
  createdAt: string;
}

/** `POST /admin/staff`: a new manager account. */
export interface StaffCreateBody {
  name: string;
  email: string;
  username: string;
  password: string;
  permissions?: PermissionKey[];
}

/** `PUT /admin/staff/:id/permissions`: the manager's permissions from now on (grant and revoke in one). */
export interface StaffPermissionsBody {
  permissions: PermissionKey[];
}

export const REPORT_TARGET_KINDS = ['feed', 'performer', 'comment', 'gallery', 'video', 'message'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_QUEUE_STATUSES = ['pending', 'resolved', 'rejected'] as const;
export type ReportQueueStatus = (typeof REPORT_QUEUE_STATUSES)[number];
/** What staff do with a report: dismiss it, hide the item, warn its author, or suspend the author. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A party of a report (who reported, who wrote the item). */
export interface ReportPartyDto {
  _id: string;
  name: string | null;
  username: string | null;
  status: string;
}

/** A report in the staff queue (`GET /admin/reports`), with what was reported. */
export interface StaffReportDto {
  _id: string;
  target: ReportTargetKind;
  targetId: string;
  title: string;
  description: string;
  status: ReportQueueStatus;
  /** The action staff took (`dismiss`, `hide`, `warn`, `suspend`), null while pending. */
  resolution: ReportAction | null;
  note: string | null;
  reporter: ReportPartyDto | null;
  /** Who wrote the reported item (a post's or a creator's creator, a comment's writer), when known. */
  author: ReportPartyDto | null;
  /** The reported item as staff see it: its text (a post's, a comment's) and whether it is hidden. */
  item: { text: string | null; hidden: boolean; exists: boolean };
  createdAt: string;
  resolvedAt: string | null;
}

/** `POST /admin/reports/:id/action`. */
export interface ReportActionBody {
  action: ReportAction;
  /** Shown to the author with a warning; kept with the report. */
  note?: string;
}

/** One staff action in the audit log (`GET /admin/audit-log`). */
export interface AuditEntryDto {
  _id: string;
  actor: { _id: string; name: string | null; username: string | null; role: string } | null;
  /** The contract route's name (`admin.payouts.status`); the site shows a label for it. */
  action: string;
  method: string;
  /** The permission the route asks for, or the roles (`role:admin`). */
  permission: string;
  /** The ids the call named in its path (`{ id: '…' }`). */
  targets: Record<string, string>;
  /** The call's body, shortened, with secrets and payout details replaced. */
  summary: Record<string, unknown>;
  status: number;
  createdAt: string;
}

/** `GET /admin/audit-log` filters, beside the page. */
export type AuditQuery = PageRequest & {
  actorId?: string;
  action?: string;
  permission?: string;
  from?: string;
  to?: string;
};
