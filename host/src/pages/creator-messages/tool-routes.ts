import type { CategorizedListBody, CategorizedListDto, MassMessageBody, MassMessageDto, MessageTemplateBody, MessageTemplateDto } from '@fandeck/contract';
import { session } from '../../session/session.js';
import type { RowRoutes } from './editable-list.js';

/** The fan lists' routes as the editable list calls them. */
export const listRoutes: RowRoutes<CategorizedListDto, CategorizedListBody> = {
  search: (query) => session.api.lists.search.list(query),
  create: (body) => session.api.lists.create(body),
  update: (id, body) => session.api.lists.update({ id }, body),
  remove: (id) => session.api.lists.delete({ id }),
};

/** The message templates' routes. */
export const templateRoutes: RowRoutes<MessageTemplateDto, MessageTemplateBody> = {
  search: (query) => session.api.templates.search.list(query),
  create: (body) => session.api.templates.create(body),
  update: (id, body) => session.api.templates.update({ id }, body),
  remove: (id) => session.api.templates.delete({ id }),
};

/** The mass messages' routes. */
export const massMessageRoutes: RowRoutes<MassMessageDto, MassMessageBody> = {
  search: (query) => session.api.massMessages.search.list(query),
  create: (body) => session.api.massMessages.create(body),
  update: (id, body) => session.api.massMessages.update({ id }, body),
  remove: (id) => session.api.massMessages.delete({ id }),
};
