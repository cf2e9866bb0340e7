import { audienceOf } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, listFor, okFor } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import type { ApiScope } from '../types.js';
import { findCreatorId } from '../feeds/index.js';
import { gallerySchema, photoSchema, presentGalleries, presentPhotos } from './galleries.presenter.js';
import { idParams, performerParams, photoCreateSchema, photoListQuerySchema, photoUpdateSchema, PHOTOS_PER_CREATE_MAX } from './galleries.schemas.js';
import { findGallery } from './galleries.service.js';
import { createPhotos, deletePhoto, ownPhotosByIds, PHOTO_FIELD, searchPhotos, setCover, updatePhoto, uploadPhoto } from './photos.service.js';


/** The photos of galleries: the creator's upload and editing routes, and a creator's photos as fans see them. */
export function photosRoutes(api: ApiScope, ctx: AppContext): void {
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  /** The signed-in creator's photos by id, as they see them. */
  const presentOwn = async (request: FastifyRequest, ids: readonly string[]) =>
    presentPhotos(ctx, currentUser(request), await ownPhotosByIds(ctx, currentUser(request).id, ids));
  const onePhoto = { 200: envelopeSchema(photoSchema) };

  api.get(
    paths['photos.mine'],
    { schema: { tags: ['photos'], summary: 'The signed-in creator’s photos (of one gallery with `galleryId`), drafts included', querystring: photoListQuerySchema, response: { 200: listSchema(photoSchema) } } },
    async (request) => {
      const page = await searchPhotos(ctx, { mine: currentUser(request).id }, request.query);
      return listFor('photos.mine', await presentPhotos(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.post(
    paths['photos.upload'],
    {
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo into one of the creator’s galleries',
        description: `multipart: the image as \`${PHOTO_FIELD}\` (JPEG, PNG, WebP or GIF up to the photo limit; stored in three WebP sizes without its metadata, served only through signed links) and the text fields \`galleryId\` (required, one of the creator’s galleries), \`title\`, \`description\`, \`status\` (active or draft).`,
        consumes: ['multipart/form-data'],
        response: onePhoto,
      },
    },
    async (request) => {
      const photo = await uploadPhoto(ctx, currentUser(request), request);
      return ok((await presentOwn(request, [photo.id]))[0]!);
    },
  );

  api.post(
    paths['photos.create'],
    {
      schema: {
        tags: ['photos'],
        summary: 'Put already uploaded photos into a gallery',
        description: `\`fileIds\` (1 to ${PHOTOS_PER_CREATE_MAX}): image files the creator uploaded as gallery photos that are in no gallery yet; each becomes a photo of \`galleryId\` (one of the creator’s galleries), in the order given, with \`status\` (default active). Any other file refuses the whole request (422 \`photos.files_invalid\`). Answers the new photos.`,
        body: photoCreateSchema,
        response: { 200: envelopeSchema(z.array(photoSchema)) },
      },
    },
    async (request) => ok(await presentOwn(request, await createPhotos(ctx, currentUser(request), request.body))),
  );

  api.put(
    paths['photos.update'],
    {
      schema: { tags: ['photos'], summary: 'Edit a photo, or move it with `galleryId` into another of the creator’s galleries', params: idParams, body: photoUpdateSchema, response: onePhoto },
    },
    async (request) => {
      await updatePhoto(ctx, currentUser(request), request.params.id, request.body);
      const [photo] = await presentOwn(request, [request.params.id]);
      if (!photo) throw notFound('photos.not_found', 'No such photo');
      return ok(photo);
    },
  );

  api.post(
    paths['photos.setCover'],
    {
      schema: { tags: ['photos'], summary: 'Make a photo its gallery’s cover', description: 'Answers the gallery.', params: idParams, response: { 200: envelopeSchema(gallerySchema) } },
    },
    async (request) => {
      const galleryId = await setCover(ctx, currentUser(request), request.params.id);
      return okFor('photos.setCover', (await presentGalleries(ctx, currentUser(request), [await findGallery(ctx, galleryId, currentUser(request))]))[0]!);
    },
  );

  api.delete(
    paths['photos.delete'],
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete a photo and its stored sizes',
        description: 'A gallery whose cover it was is left without a cover.',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) },
      },
    },
    async (request) => {
      await deletePhoto(ctx, currentUser(request), request.params.id);
      return okFor('photos.delete', { success: true as const });
    },
  );

  api.get(
    paths['photos.byCreator'],
    {
      schema: {
        tags: ['photos'],
        summary: 'A creator’s published photos (of one gallery with `galleryId`)',
        description: '`performerId` is the creator’s id or username. Photos of a paid gallery the viewer has not bought show their placeholder only (`url` and `sizes` null).',
        params: performerParams,
        querystring: photoListQuerySchema.omit({ status: true }),
        response: { 200: listSchema(photoSchema) },
      },
    },
    async (request) => {
      const performerId = await findCreatorId(ctx.db, request.params.performerId);
      const page = await searchPhotos(ctx, { fans: performerId, audience: audienceOf(request) }, request.query);
      return list(await presentPhotos(ctx, viewerOf(request), page.items), page.total);
    },
  );
}
