import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor, listFor } from '../../http/envelope.js';
import { currentUser } from '../../http/guard.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { blockCountriesBody, blockedUserSchema, blockListQuerySchema, blockUserBody } from './blocks.schemas.js';
import { blockedCountriesOf, blockUser, listBlocked, setBlockedCountries, unblockUser } from './blocks.service.js';

const params = z.object({ id: z.string().min(1).max(64) });

async function blocksRoutes(api: ApiScope, ctx: AppContext, _deps: DomainDeps) {
  api.post(
    paths['blocks.block'],
    {
      schema: {
        tags: ['blocks'],
        summary: 'Block a fan: they see nothing of the creator and cannot follow, comment, buy or tip',
        description: 'Blocking again changes nothing; oneself is a 422 `blocks.self`, an unknown user a 404 `users.not_found`.',
        body: blockUserBody,
        response: { 200: envelopeSchema(blockedUserSchema) },
      },
    },
    async (request) => okFor('blocks.block', await blockUser(ctx, currentUser(request).id, request.body)),
  );

  api.delete(
    paths['blocks.unblock'],
    {
      schema: { tags: ['blocks'], summary: 'Lift a block (by the user’s id); lifting one that does not exist changes nothing', params, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } },
    },
    async (request) => {
      await unblockUser(ctx, currentUser(request).id, request.params.id);
      return okFor('blocks.unblock', { success: true as const });
    },
  );

  api.get(
    paths['blocks.list'],
    {
      schema: { tags: ['blocks'], summary: 'The signed-in creator’s blocked users, newest block first', querystring: blockListQuerySchema, response: { 200: listSchema(blockedUserSchema) } },
    },
    async (request) => {
      const page = await listBlocked(ctx, currentUser(request).id, request.query);
      return listFor('blocks.list', page.items, page.total);
    },
  );

  api.post(
    paths['blocks.countries'],
    {
      schema: {
        tags: ['blocks'],
        summary: 'Replace the countries whose visitors may not see the creator',
        description: 'Visitors are placed by their address; a local or unknown address is never hidden from. Answers the stored list, upper case and sorted.',
        body: blockCountriesBody,
        response: { 200: envelopeSchema(z.object({ countryCodes: z.array(z.string()) })) },
      },
    },
    async (request) => ok({ countryCodes: await setBlockedCountries(ctx, currentUser(request).id, request.body.countryCodes) }),
  );

  api.get(
    paths['blocks.countryList'],
    {
      schema: {
        tags: ['blocks'],
        summary: 'The countries whose visitors may not see the creator (upper case, sorted)',
        response: { 200: envelopeSchema(z.object({ countryCodes: z.array(z.string()) })) },
      },
    },
    async (request) => ok({ countryCodes: await blockedCountriesOf(ctx, currentUser(request).id) }),
  );
}

export default defineDomain({ name: 'blocks', dependsOn: ['accounts', 'auth'], register: blocksRoutes });
