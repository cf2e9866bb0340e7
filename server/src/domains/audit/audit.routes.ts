import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { listFor, listSchema } from '../../http/envelope.js';
import { defineDomain } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { auditEntrySchema, auditQuerySchema, searchAudit } from './audit.service.js';

async function auditRoutes(api: ApiScope, ctx: AppContext) {
  api.get(
    paths['admin.audit.search'],
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of staff actions (admins): who did what, to which ids, when',
        description: 'Every successful change a staff member makes through a route gated by a permission or by staff roles, newest first; filter by `actorId`, `action` (route name), `permission`, `from` and `to`.',
        querystring: auditQuerySchema,
        response: { 200: listSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const page = await searchAudit(ctx, request.query);
      return listFor('admin.audit.search', page.items, page.total);
    },
  );
}

export default defineDomain({ name: 'audit', dependsOn: ['accounts'], register: auditRoutes });
