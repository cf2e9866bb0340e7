import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, listFor, listSchema, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { createManager, searchStaff, setPermissions, staffCreateSchema, staffMemberSchema, staffPermissionsSchema, staffQuerySchema } from './staff.service.js';

async function staffRoutes(api: ApiScope, ctx: AppContext) {
  const member = { 200: envelopeSchema(staffMemberSchema) };
  api.get(
    paths['admin.staff.search'],
    { schema: { tags: ['admin'], summary: 'Staff accounts (admins): managers and admins with their permissions', querystring: staffQuerySchema, response: { 200: listSchema(staffMemberSchema) } } },
    async (request) => {
      const page = await searchStaff(ctx, request.query);
      return listFor('admin.staff.search', page.items, page.total);
    },
  );
  api.post(
    paths['admin.staff.create'],
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a manager account (admins)',
        description: 'Active at once, with the permissions given (keys of the catalogue, spec section 6). A taken email or username is a 409.',
        body: staffCreateSchema,
        response: member,
      },
    },
    async (request) => okFor('admin.staff.create', await createManager(ctx, request.body)),
  );
  api.put(
    paths['admin.staff.permissions'],
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a manager’s permissions (admins): grant and revoke in one',
        description: 'The list replaces what the manager held; their next request is checked against it. Admins and one’s own account are refused (403).',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: staffPermissionsSchema,
        response: member,
      },
    },
    async (request) => okFor('admin.staff.permissions', await setPermissions(ctx, currentUser(request), request.params.id, request.body.permissions)),
  );
}

export default defineDomain({ name: 'staff', dependsOn: ['accounts', 'auth'], register: staffRoutes });
