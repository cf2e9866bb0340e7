import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { createReport, reportBody, reportSchema } from './reports.service.js';
import { moderationRoutes } from './moderation.routes.js';

async function reportsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  api.post(
    paths['reports.create'],
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a post, a creator, a comment, a gallery, a video or a message',
        description: 'Stored as `pending` for staff to review. Once per user and target (409 `reports.duplicate`); an unknown post, creator or comment is a 404 `reports.target_not_found`.',
        body: reportBody,
        response: { 200: envelopeSchema(reportSchema) },
      },
    },
    async (request) => okFor('reports.create', await createReport(ctx, currentUser(request), request.body)),
  );
  await moderationRoutes(api, ctx, deps.get('notifications'));
}

export default defineDomain({ name: 'reports', dependsOn: ['accounts', 'auth', 'notifications'], register: reportsRoutes });
