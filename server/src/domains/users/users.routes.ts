import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { userSchema } from '../accounts/accounts.presenter.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { profileUpdateSchema } from './users.schemas.js';
import { updateProfile } from './users.service.js';

async function usersRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const accounts = deps.get('accounts');
  const answer = { 200: envelopeSchema(userSchema) };

  api.get(
    paths['users.me'],
    { config: { access: 'authenticated' }, schema: { tags: ['users'], summary: 'The signed-in account', response: answer } },
    async (request) => ok(await accounts.present(await accounts.findById(currentUser(request).id))),
  );

  api.put(
    paths['users.update'],
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'Update the signed-in account', body: profileUpdateSchema, response: answer },
    },
    async (request) => ok(await accounts.present(await updateProfile(ctx, currentUser(request).id, request.body))),
  );
}

export default defineDomain({ name: 'users', dependsOn: ['accounts', 'auth'], register: usersRoutes });
