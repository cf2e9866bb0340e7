import { isStaffRole, paths } from '@fandeck/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { envelopeSchema, listFor, listSchema, ok, okFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { IMAGE_FIELD, presentImage, replaceProfileImage, storedImageSchema } from '../../media/image-upload.js';
import { userSchema } from '../accounts/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { profileUpdateSchema } from './users.schemas.js';
import { updateProfile } from './users.service.js';
import { setUserStatus, userStatusBody } from './user-status.js';
import { isPermissionKey } from '../auth/index.js';
import { publicUserSchema, searchUsers, staffUserSchema, userSearchQuerySchema, viewUser } from './user-lookup.js';

async function usersRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const accounts = deps.get('accounts');
  const answer = { 200: envelopeSchema(userSchema) };

  api.get(
    paths['users.me'],
    { schema: { tags: ['users'], summary: 'The signed-in account', response: answer } },
    async (request) => {
      const user = currentUser(request);
      const me = await accounts.present(await accounts.findById(user.id));
      // Staff learn what they hold, so the back office shows them the screens they may use.
      return okFor('users.me', isStaffRole(user.role) ? { ...me, permissions: [...user.permissions].filter(isPermissionKey) } : me);
    },
  );

  api.put(
    paths['admin.users.status'],
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend or reactivate an account (admins)',
        description: '`inactive` refuses the account every sign-in and call from its next request; admins and one’s own account are refused (403 `staff.protected_account`, `staff.self`).',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: userStatusBody,
        response: { 200: envelopeSchema(staffUserSchema) },
      },
    },
    async (request) => okFor('admin.users.status', await setUserStatus(ctx, currentUser(request), request.params.id, request.body.status)),
  );

  api.put(
    paths['users.update'],
    {
      schema: { tags: ['users'], summary: 'Update the signed-in account', body: profileUpdateSchema, response: answer },
    },
    async (request) => okFor('users.update', await accounts.present(await updateProfile(ctx, accounts, currentUser(request).id, request.body))),
  );

  api.get(
    paths['users.search'],
    { schema: { tags: ['users'], summary: 'Find accounts (admins): by username, name or email, role and status', querystring: userSearchQuerySchema, response: { 200: listSchema(staffUserSchema) } } },
    async (request) => {
      const page = await searchUsers(ctx, request.query);
      return listFor('users.search', page.items, page.total);
    },
  );

  api.get(
    paths['users.view'],
    { schema: { tags: ['users'], summary: 'What anyone may see of an active account', params: z.object({ id: z.string().min(1).max(64) }), response: { 200: envelopeSchema(publicUserSchema) } } },
    async (request) => ok(await viewUser(ctx, request.params.id)),
  );

  const uploaded = { 200: envelopeSchema(storedImageSchema) };
  const avatarText = `multipart, the picture as \`${IMAGE_FIELD}\`: JPEG, PNG, WebP or GIF up to the photo limit; stored as WebP in three sizes, without its metadata`;
  api.post(
    paths['users.avatarUpload'],
    {
      schema: { tags: ['users'], summary: 'Upload the signed-in account’s avatar', description: avatarText, consumes: ['multipart/form-data'], response: uploaded },
    },
    async (request) => ok(presentImage(ctx.config.publicOrigin, await replaceProfileImage(ctx, request, currentUser(request).id, 'avatar'))),
  );

  api.post(
    paths['users.avatarUploadFor'],
    {
      schema: {
        tags: ['users'],
        summary: 'Upload a user’s avatar (admins)',
        description: avatarText,
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: uploaded,
      },
    },
    async (request) => {
      const user = await accounts.findById(request.params.id);
      return ok(presentImage(ctx.config.publicOrigin, await replaceProfileImage(ctx, request, user.id, 'avatar')));
    },
  );
}

export default defineDomain({ name: 'users', dependsOn: ['accounts', 'auth'], register: usersRoutes });
