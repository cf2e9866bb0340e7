import { audienceOf } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, listFor, okFor } from '../../http/envelope.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { galleryHandler } from './gallery-handler.js';
import { gallerySchema, presentGalleries } from './galleries.presenter.js';
import { galleryInputSchema, galleryListQuerySchema, galleryUpdateSchema, idParams } from './galleries.schemas.js';
import { createGallery, deleteGallery, findGallery, ownGallery, searchGalleries, updateGallery, type GalleryWithCreator } from './galleries.service.js';
import { photosRoutes } from './photos.routes.js';


/**
 * Galleries (a creator's photo albums, free or sold as a whole through the wallet charge
 * kind `gallery`) and their photos (photos.routes.ts).
 */
async function galleriesRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  deps.get('wallet').registerChargeHandler(galleryHandler);
  const one = { 200: envelopeSchema(gallerySchema) };
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  const present = async (request: FastifyRequest, row: GalleryWithCreator) => (await presentGalleries(ctx, viewerOf(request), [row]))[0]!;
  /** The signed-in creator's own gallery, as its creator sees it; a 404 for anyone else's. */
  const presentOwn = async (request: FastifyRequest, id: string) => {
    await ownGallery(ctx.db, currentUser(request).id, id);
    return present(request, await findGallery(ctx, id, currentUser(request)));
  };

  api.post(
    paths['galleries.create'],
    {
      schema: {
        tags: ['galleries'],
        summary: 'Create a gallery',
        description: 'A paid gallery (`isSale`, `price` at least 1.00) needs a creator whose documents were approved; its photos stay locked to fans until bought.',
        body: galleryInputSchema,
        response: one,
      },
    },
    async (request) => {
      const gallery = await createGallery(ctx, currentUser(request), request.body);
      return ok(await presentOwn(request, gallery.id));
    },
  );

  api.get(
    paths['galleries.mine'],
    { schema: { tags: ['galleries'], summary: 'The signed-in creator’s galleries, drafts included', querystring: galleryListQuerySchema, response: { 200: listSchema(gallerySchema) } } },
    async (request) => {
      const page = await searchGalleries(ctx, { mine: currentUser(request).id }, request.query);
      return listFor('galleries.mine', await presentGalleries(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.put(
    paths['galleries.update'],
    { schema: { tags: ['galleries'], summary: 'Edit a gallery', params: idParams, body: galleryUpdateSchema, response: one } },
    async (request) => {
      await updateGallery(ctx, currentUser(request), request.params.id, request.body);
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.get(
    paths['galleries.mineGet'],
    { schema: { tags: ['galleries'], summary: 'One of the signed-in creator’s galleries', params: idParams, response: one } },
    async (request) => ok(await presentOwn(request, request.params.id)),
  );

  api.delete(
    paths['galleries.delete'],
    {
      schema: { tags: ['galleries'], summary: 'Delete a gallery and its photos', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } },
    },
    async (request) => {
      await deleteGallery(ctx, currentUser(request), request.params.id);
      return okFor('galleries.delete', { success: true as const });
    },
  );

  api.get(
    paths['galleries.search'],
    {
      schema: {
        tags: ['galleries'],
        summary: 'Published galleries (of one creator with `performerId`)',
        description: 'Locked ones show their price and their cover’s placeholder only.',
        querystring: galleryListQuerySchema.omit({ status: true }),
        response: { 200: listSchema(gallerySchema) },
      },
    },
    async (request) => {
      const page = await searchGalleries(ctx, { fans: true, audience: audienceOf(request) }, request.query);
      return list(await presentGalleries(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['galleries.get'],
    { schema: { tags: ['galleries'], summary: 'One published gallery', params: idParams, response: one } },
    async (request) => ok(await present(request, await findGallery(ctx, request.params.id, viewerOf(request), audienceOf(request)))),
  );

  photosRoutes(api, ctx);
}

export default defineDomain({ name: 'galleries', dependsOn: ['accounts', 'auth', 'wallet', 'media'], register: galleriesRoutes });
