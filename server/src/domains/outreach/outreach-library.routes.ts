/** Routes of message templates, automatic messages and categorized lists: plain CRUD on the creator's own rows. */
import { paths } from '@fandeck/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import type { ApiScope } from '../types.js';
import { createAutoMessage, deleteAutoMessage, getAutoMessage, listAutoMessages, updateAutoMessage } from './auto-messages.service.js';
import { createList, deleteList, getList, searchLists, updateList } from './lists.service.js';
import { creatorFor, rowScope, type OutreachArea } from './outreach.access.js';
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

const deleted = { 200: envelopeSchema(successSchema) };
const staffNote = (area: string) => `Staff with the \`${area}\` permission of the action act for any creator, naming one with \`performerId\` where a row is made or listed.`;

/** One kind of row: its routes in the contract, schemas, OpenAPI words and service. */
interface RowRoutes<Dto, Query extends z.ZodType<{ performerId?: string | undefined }>, Body extends z.ZodType, UpdateBody extends z.ZodType> {
  area: OutreachArea;
  tag: string;
  /** The contract's route names are `<routes>.search`, `.create`, `.get`, `.update` and `.delete`. */
  routes: 'templates' | 'autoMessages' | 'lists';
  dto: z.ZodType<Dto>;
  query: Query;
  body: Body;
  updateBody: UpdateBody;
  summaries: Record<'search' | 'create' | 'get' | 'update' | 'delete', string>;
  /** What the create route says before the staff note. */
  createNote: string;
  search(ctx: AppContext, creatorId: string, query: z.output<Query>): Promise<{ items: Dto[]; total: number }>;
  create(ctx: AppContext, creatorId: string, body: z.output<Body>): Promise<Dto>;
  get(ctx: AppContext, scope: string | null, id: string): Promise<Dto>;
  update(ctx: AppContext, scope: string | null, id: string, body: z.output<UpdateBody>): Promise<Dto>;
  remove(ctx: AppContext, scope: string | null, id: string): Promise<void>;
}

/** Search, create, get, update and delete of one kind of row, each checked against the area's permission of the action. */
function rowRoutes<Dto, Query extends z.ZodType<{ performerId?: string | undefined }>, Body extends z.ZodType, UpdateBody extends z.ZodType>(
  api: ApiScope,
  ctx: AppContext,
  rows: RowRoutes<Dto, Query, Body, UpdateBody>,
): void {
  const { area, summaries } = rows;
  const tags = [rows.tag];
  // The type provider cannot resolve a generic schema's output; the values were parsed by these very schemas.
  const query = (value: unknown) => value as z.output<Query>;
  const body = (value: unknown) => value as z.output<Body>;
  const updateBody = (value: unknown) => value as z.output<UpdateBody>;
  const one = { 200: envelopeSchema(rows.dto) };
  api.get(
    paths[`${rows.routes}.search`],
    { schema: { tags, summary: summaries.search, description: staffNote(area), querystring: rows.query, response: { 200: listSchema(rows.dto) } } },
    async (request) => {
      const search = query(request.query);
      const { items, total } = await rows.search(ctx, await creatorFor(ctx.db, request, area, 'view', search.performerId), search);
      return list(items, total);
    },
  );
  api.post(
    paths[`${rows.routes}.create`],
    { schema: { tags, summary: summaries.create, description: `${rows.createNote} ${staffNote(area)}`, querystring: performerQuery, body: rows.body, response: one } },
    async (request) => ok(await rows.create(ctx, await creatorFor(ctx.db, request, area, 'create', request.query.performerId), body(request.body))),
  );
  api.get(paths[`${rows.routes}.get`], { schema: { tags, summary: summaries.get, params: idParams, response: one } }, async (request) =>
    ok(await rows.get(ctx, rowScope(request, area, 'view'), request.params.id)),
  );
  api.put(
    paths[`${rows.routes}.update`],
    { schema: { tags, summary: summaries.update, params: idParams, body: rows.updateBody, response: one } },
    async (request) => ok(await rows.update(ctx, rowScope(request, area, 'update'), request.params.id, updateBody(request.body))),
  );
  api.delete(paths[`${rows.routes}.delete`], { schema: { tags, summary: summaries.delete, params: idParams, response: deleted } }, async (request) => {
    await rows.remove(ctx, rowScope(request, area, 'delete'), request.params.id);
    return okFor(`${rows.routes}.delete` as const, { success: true as const });
  });
}

export function templateRoutes(api: ApiScope, ctx: AppContext): void {
  const area = 'message_template';
  const tag = 'message templates';
  uploadRoutes(api, ctx, area, tag, { photo: paths['templates.photo'], video: paths['templates.video'] });
  rowRoutes(api, ctx, {
    area,
    tag,
    routes: 'templates',
    dto: templateSchema,
    query: namedSearchQuery,
    body: templateBody,
    updateBody: templateUpdateBody,
    summaries: {
      search: 'The creator’s message templates; `q` matches the name',
      create: 'Save a message template',
      get: 'One message template',
      update: 'Change a message template (only the fields sent)',
      delete: 'Delete a message template',
    },
    createNote: 'A price needs files and is at most the tip maximum.',
    search: searchTemplates,
    create: createTemplate,
    get: getTemplate,
    update: updateTemplate,
    remove: deleteTemplate,
  });
}

export function autoMessageRoutes(api: ApiScope, ctx: AppContext): void {
  rowRoutes(api, ctx, {
    area: 'auto_message',
    tag: 'automatic messages',
    routes: 'autoMessages',
    dto: autoMessageSchema,
    query: performerQuery,
    body: autoMessageBody,
    updateBody: autoMessageUpdateBody,
    summaries: {
      search: 'The creator’s automatic messages (at most one per trigger)',
      create: 'What the creator’s account sends by itself when a fan subscribes, tips or follows',
      get: 'One automatic message',
      update: 'Change an automatic message (only the fields sent); `enabled: false` pauses it',
      delete: 'Delete an automatic message',
    },
    createNote: 'One per trigger: 409 `auto_messages.trigger_taken` for a second. A price needs files and is at most the tip maximum.',
    search: (rowCtx, creatorId) => listAutoMessages(rowCtx, creatorId),
    create: createAutoMessage,
    get: getAutoMessage,
    update: updateAutoMessage,
    remove: deleteAutoMessage,
  });
}

export function listRoutes(api: ApiScope, ctx: AppContext): void {
  rowRoutes(api, ctx, {
    area: 'list_categorized',
    tag: 'categorized lists',
    routes: 'lists',
    dto: listSchemaDto,
    query: namedSearchQuery,
    body: listBody,
    updateBody: listUpdateBody,
    summaries: {
      search: 'The creator’s lists of fans; `q` matches the name',
      create: 'Make a list of fans (a mass message’s audience)',
      get: 'One list with its members',
      update: 'Change a list; `userIds`, when sent, is the whole new membership',
      delete: 'Delete a list and its memberships',
    },
    createNote: '`userIds`: fans who follow the creator or have subscribed to them; any other id is a 422 `lists.members_invalid`.',
    search: searchLists,
    create: createList,
    get: getList,
    update: updateList,
    remove: deleteList,
  });
}
