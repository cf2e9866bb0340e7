import type { AppContext } from '../../context.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import type { ApiScope } from '../types.js';
import { userSchema } from './users.presenter.js';
import { profileUpdateSchema } from './users.schemas.js';
import { findUserById, presentAccount, updateProfile } from './users.service.js';

export default async function usersRoutes(api: ApiScope, ctx: AppContext) {
  const answer = { 200: envelopeSchema(userSchema) };

  api.get(
    '/users/me',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], summary: 'The signed-in account', response: answer } },
    async (request) => ok(await presentAccount(ctx, await findUserById(ctx, currentUser(request).id))),
  );

  api.put(
    '/users',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'Update the signed-in account', body: profileUpdateSchema, response: answer },
    },
    async (request) => ok(await presentAccount(ctx, await updateProfile(ctx, currentUser(request).id, request.body))),
  );
}
