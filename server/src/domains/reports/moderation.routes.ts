import { paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, listFor, listSchema, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import type { NotificationsExtension } from '../notifications/index.js';
import type { ApiScope } from '../types.js';
import { actOnReport, reportActionBody, reportQueueQuery, searchReports, staffReportSchema } from './moderation.service.js';

/** The staff's reports queue (issue 25): what was reported, and what staff do about it. */
export async function moderationRoutes(api: ApiScope, ctx: AppContext, notifications: NotificationsExtension) {
  api.get(
    paths['admin.reports.search'],
    {
      schema: {
        tags: ['admin'],
        summary: 'The reports queue (staff with `block.all`)',
        description: 'Pending reports by default, oldest first, each with the reported item’s text, its author and who reported it; `status` lists `resolved` or `rejected` ones instead.',
        querystring: reportQueueQuery,
        response: { 200: listSchema(staffReportSchema) },
      },
    },
    async (request) => {
      const page = await searchReports(ctx, request.query);
      return listFor('admin.reports.search', page.items, page.total);
    },
  );
  api.post(
    paths['admin.reports.act'],
    {
      schema: {
        tags: ['admin'],
        summary: 'Act on a report: dismiss, hide the item, warn or suspend its author',
        description: '`hide` takes a post away from fans (its creator still sees it) or removes a comment; anything else is a 409 `reports.cannot_hide`. `warn` notifies the author; `suspend` makes their account inactive.',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: reportActionBody,
        response: { 200: envelopeSchema(staffReportSchema) },
      },
    },
    async (request) => okFor('admin.reports.act', await actOnReport(ctx, notifications, currentUser(request), request.params.id, request.body)),
  );
}
