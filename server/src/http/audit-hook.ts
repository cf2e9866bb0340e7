/**
 * The audit log, written in one place (issue 25): every successful change (not a GET) a staff
 * member makes through a route the contract gates by a permission or by staff roles is
 * recorded with who, the route, the permission, the ids in the path and a redacted summary
 * of the body. A domain adding a staff route writes nothing for it: its contract entry is
 * enough. The row is written before the answer leaves, so what the client sees next
 * includes it; a failure to write is logged and the action stands.
 */
import { isStaffRole, type Restriction } from '@fandeck/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffAction } from '../domains/audit/index.js';
import { routeContractOf } from './route-contract.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The permission a restriction names, `role:<roles>` for one that admits staff roles, or null when it is not staff-gated. */
export function staffGate(restriction: Restriction | undefined): string | null {
  if (!restriction) return null;
  if ('permission' in restriction) return restriction.permission;
  return restriction.roles.some((role) => isStaffRole(role)) ? `role:${restriction.roles.join('|')}` : null;
}

/** The staff action a finished request was, or null when it is not one to record. */
export function staffActionOf(request: FastifyRequest, status: number): StaffAction | null {
  if (READS.has(request.method) || status < 200 || status >= 300) return null;
  const user = request.auth?.user;
  if (!user || !isStaffRole(user.role)) return null;
  const entry = routeContractOf(request);
  const permission = entry ? staffGate(entry.restriction) : null;
  if (!entry || !permission) return null;
  return { actor: { id: user.id, role: user.role }, action: entry.name, method: request.method, permission, params: request.params, body: request.body, status };
}

export function registerAuditHook(app: FastifyInstance, record: (action: StaffAction) => Promise<void>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const action = staffActionOf(request, reply.statusCode);
    if (!action) return payload;
    try {
      await record(action);
    } catch (error) {
      request.log.error({ err: error, action: action.action }, 'audit log write failed');
    }
    return payload;
  });
}
