/** Routes of message templates, automatic messages and categorized lists: plain CRUD on the creator's own rows. */
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import type { ApiScope } from '../types.js';
import { createAutoMessage, deleteAutoMessage, getAutoMessage, listAutoMessages, updateAutoMessage } from './auto-messages.service.js';
import { createList, deleteList, getList, searchLists, updateList } from './lists.service.js';
import { creatorFor, OUTREACH_ACCESS, rowScope } from './outreach.access.js';
import { uploadRoutes } from './outreach-uploads.js';
import {
  autoMessageBody,
  autoMessageSchema,
  autoMessageUpdateBody,
  idParams,
  listBody,
  listSchemaDto,
  listUpdateBody,
  namedSearchQuery,
  performerQuery,
  successSchema,
  templateBody,
  templateSchema,
  templateUpdateBody,
} from './outreach.schemas.js';
import { createTemplate, deleteTemplate, getTemplate, searchTemplates, updateTemplate } from './templates.service.js';

const access = { access: OUTREACH_ACCESS };
const deleted = { 200: envelopeSchema(successSchema) };
const staffNote = (area: string) => `Staff with the \`${area}\` permission of the action act for any creator, naming one with \`performerId\` where a row is made or listed.`;

export function templateRoutes(api: ApiScope, ctx: AppContext): void {
  const AREA = 'message_template';
  const TAG = 'message templates';
  const one = { 200: envelopeSchema(templateSchema) };
  uploadRoutes(api, ctx, AREA, TAG, { photo: paths['templates.photo'], video: paths['templates.video'] });
  api.get(
    paths['templates.search'],
    { config: access, schema: { tags: [TAG], summary: 'The creator’s message templates; `q` matches the name', description: staffNote(AREA), querystring: namedSearchQuery, response: { 200: listSchema(templateSchema) } } },
    async (request) => {
      const { items, total } = await searchTemplates(ctx, await creatorFor(ctx.db, request, AREA, 'view', request.query.performerId), request.query);
      return list(items, total);
    },
  );
  api.post(
    paths['templates.create'],
    { config: access, schema: { tags: [TAG], summary: 'Save a message template', description: `A price needs files and is at most the tip maximum. ${staffNote(AREA)}`, querystring: performerQuery, body: templateBody, response: one } },
    async (request) => ok(await createTemplate(ctx, await creatorFor(ctx.db, request, AREA, 'create', request.query.performerId), request.body)),
  );
  api.get(paths['templates.get'], { config: access, schema: { tags: [TAG], summary: 'One message template', params: idParams, response: one } }, async (request) =>
    ok(await getTemplate(ctx, rowScope(request, AREA, 'view'), request.params.id)),
  );
  api.put(
    paths['templates.update'],
    { config: access, schema: { tags: [TAG], summary: 'Change a message template (only the fields sent)', params: idParams, body: templateUpdateBody, response: one } },
    async (request) => ok(await updateTemplate(ctx, rowScope(request, AREA, 'update'), request.params.id, request.body)),
  );
  api.delete(paths['templates.delete'], { config: access, schema: { tags: [TAG], summary: 'Delete a message template', params: idParams, response: deleted } }, async (request) => {
    await deleteTemplate(ctx, rowScope(request, AREA, 'delete'), request.params.id);
    return ok({ success: true as const });
  });
}

export function autoMessageRoutes(api: ApiScope, ctx: AppContext): void {
  const AREA = 'auto_message';
  const TAG = 'automatic messages';
  const one = { 200: envelopeSchema(autoMessageSchema) };
  api.get(
    paths['autoMessages.search'],
    { config: access, schema: { tags: [TAG], summary: 'The creator’s automatic messages (at most one per trigger)', description: staffNote(AREA), querystring: performerQuery, response: { 200: listSchema(autoMessageSchema) } } },
    async (request) => {
      const { items, total } = await listAutoMessages(ctx, await creatorFor(ctx.db, request, AREA, 'view', request.query.performerId));
      return list(items, total);
    },
  );
  api.post(
    paths['autoMessages.create'],
    {
      config: access,
      schema: {
        tags: [TAG],
        summary: 'What the creator’s account sends by itself when a fan subscribes, tips or follows',
        description: `One per trigger: 409 \`auto_messages.trigger_taken\` for a second. A price needs files and is at most the tip maximum. ${staffNote(AREA)}`,
        querystring: performerQuery,
        body: autoMessageBody,
        response: one,
      },
    },
    async (request) => ok(await createAutoMessage(ctx, await creatorFor(ctx.db, request, AREA, 'create', request.query.performerId), request.body)),
  );
  api.get(paths['autoMessages.get'], { config: access, schema: { tags: [TAG], summary: 'One automatic message', params: idParams, response: one } }, async (request) =>
    ok(await getAutoMessage(ctx, rowScope(request, AREA, 'view'), request.params.id)),
  );
  api.put(
    paths['autoMessages.update'],
    { config: access, schema: { tags: [TAG], summary: 'Change an automatic message (only the fields sent); `enabled: false` pauses it', params: idParams, body: autoMessageUpdateBody, response: one } },
    async (request) => ok(await updateAutoMessage(ctx, rowScope(request, AREA, 'update'), request.params.id, request.body)),
  );
  api.delete(paths['autoMessages.delete'], { config: access, schema: { tags: [TAG], summary: 'Delete an automatic message', params: idParams, response: deleted } }, async (request) => {
    await deleteAutoMessage(ctx, rowScope(request, AREA, 'delete'), request.params.id);
    return ok({ success: true as const });
  });
}

export function listRoutes(api: ApiScope, ctx: AppContext): void {
  const AREA = 'list_categorized';
  const TAG = 'categorized lists';
  const one = { 200: envelopeSchema(listSchemaDto) };
  api.get(
    paths['lists.search'],
    { config: access, schema: { tags: [TAG], summary: 'The creator’s lists of fans; `q` matches the name', description: staffNote(AREA), querystring: namedSearchQuery, response: { 200: listSchema(listSchemaDto) } } },
    async (request) => {
      const { items, total } = await searchLists(ctx, await creatorFor(ctx.db, request, AREA, 'view', request.query.performerId), request.query);
      return list(items, total);
    },
  );
  api.post(
    paths['lists.create'],
    {
      config: access,
      schema: {
        tags: [TAG],
        summary: 'Make a list of fans (a mass message’s audience)',
        description: `\`userIds\`: fans who follow the creator or have subscribed to them; any other id is a 422 \`lists.members_invalid\`. ${staffNote(AREA)}`,
        querystring: performerQuery,
        body: listBody,
        response: one,
      },
    },
    async (request) => ok(await createList(ctx, await creatorFor(ctx.db, request, AREA, 'create', request.query.performerId), request.body)),
  );
  api.get(paths['lists.get'], { config: access, schema: { tags: [TAG], summary: 'One list with its members', params: idParams, response: one } }, async (request) =>
    ok(await getList(ctx, rowScope(request, AREA, 'view'), request.params.id)),
  );
  api.put(
    paths['lists.update'],
    { config: access, schema: { tags: [TAG], summary: 'Change a list; `userIds`, when sent, is the whole new membership', params: idParams, body: listUpdateBody, response: one } },
    async (request) => ok(await updateList(ctx, rowScope(request, AREA, 'update'), request.params.id, request.body)),
  );
  api.delete(paths['lists.delete'], { config: access, schema: { tags: [TAG], summary: 'Delete a list and its memberships', params: idParams, response: deleted } }, async (request) => {
    await deleteList(ctx, rowScope(request, AREA, 'delete'), request.params.id);
    return ok({ success: true as const });
  });
}
