/**
 * The audit domain's door: the app's audit hook (http/audit-hook.ts) writes each staff
 * change through it.
 */
// Writing one staff action to the log
export { recordStaffAction, type StaffAction } from './audit.service.js';
