/**
 * A creator's own settings: the profile form (by the creator, or an admin on their
 * behalf), the welcome video, new ID documents, where they are paid and through which
 * gateway; and the fans' creator search.
 */
import { audienceOf } from '../../content/blocks.js';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { envelopeSchema, list, listSchema, ok, okFor } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { currentUser } from '../../http/guard.js';
import { readMultipart } from '../../http/multipart.js';
import { listQuerySchema } from '../../http/pagination.js';
import { parseOrThrow } from '../../http/validate.js';
import { VIDEO_FIELD } from '../../media/video-upload.js';
import type { ApiScope } from '../types.js';
import { bankingSettingsSchema, bankingSettingsView, paymentGatewaySettingsSchema, paymentGatewaySettingsView, payoutSettingsOf, presentBanking, saveBanking, saveGateway } from './payout-settings.js';
import { performerProfileUpdateSchema } from './performer-profile.schemas.js';
import { DOCUMENT_SIDES, ownProfile, replaceDocument, replaceWelcomeVideo, updatePerformerProfile, type DocumentSide } from './performer-profile.service.js';
import { creatorFilterShape, FILTERS_DESCRIPTION } from './performer-filters.js';
import { DOCUMENT_FIELDS } from './performer-registration.js';
import { ownPerformerSchema, performerSchema } from './performers.presenter.js';
import { findProfileRow, USER_SEARCH_SORTS, userSearchPerformers } from './performers.service.js';

const profileParams = z.object({ id: z.string().min(1).max(64) });

const documentAnswer = z.object({
  _id: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  name: z.string(),
  mimeType: z.string(),
  verifiedDocument: z.literal(false),
  /** The creator's review state: a new document always waits for staff again. */
  status: z.literal('pending'),
});
const welcomeVideoAnswer = z.object({ success: z.literal(true), _id: z.string(), status: z.literal('processing') });
/** The side a registration field stands for; `file` says it in the `side` text field. */
const SIDE_OF_FIELD: Record<string, DocumentSide> = { [DOCUMENT_FIELDS[0]]: 'front', [DOCUMENT_FIELDS[1]]: 'back' };

export function registerPerformerSettings(api: ApiScope, ctx: AppContext): void {
  api.get(
    paths['performers.userSearch'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Fans’ creator search: approved, active creators (paged)',
        description: `sortBy: popular (subscribers, then followers; the default), newest, name, or a column of /performers/search. ${FILTERS_DESCRIPTION}`,
        querystring: listQuerySchema.extend({
          sortBy: z.enum(USER_SEARCH_SORTS).optional(),
          ...creatorFilterShape,
        }),
        response: { 200: listSchema(performerSchema) },
      },
    },
    async (request) => {
      const { items, total } = await userSearchPerformers(ctx, request.query, audienceOf(request));
      return list(items, total);
    },
  );

  api.put(
    paths['performers.updateMe'],
    {
      schema: {
        tags: ['performers'],
        summary: 'The signed-in creator updates their profile',
        description: 'Prices in currency units within the platform’s limits (settings); absent fields stay as they are, null clears an attribute.',
        body: performerProfileUpdateSchema,
        response: { 200: envelopeSchema(ownPerformerSchema) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      await updatePerformerProfile(ctx, me, request.body);
      return okFor('performers.updateMe', await ownProfile(ctx, me, me));
    },
  );

  api.put(
    paths['performers.update'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Update a creator’s profile: the creator themself, or an admin',
        params: profileParams,
        body: performerProfileUpdateSchema,
        response: { 200: envelopeSchema(ownPerformerSchema) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const { user } = await findProfileRow(ctx, request.params.id, { listedOnly: false });
      if (caller.role !== 'admin' && user.id !== caller.id) throw forbidden('auth.permission_denied', 'You may update only your own profile');
      await updatePerformerProfile(ctx, user.id, request.body);
      return ok(await ownProfile(ctx, user.id, caller.id));
    },
  );

  api.post(
    paths['performers.welcomeVideoUpload'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Upload the signed-in creator’s welcome video (replaces the earlier one)',
        description: `multipart, the video as \`${VIDEO_FIELD}\`: MP4, WebM or QuickTime up to the video limit; transcoded in the background, the profile's \`welcomeVideo\` says when it is ready`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(welcomeVideoAnswer) },
      },
    },
    async (request) => {
      const video = await replaceWelcomeVideo(ctx, request, currentUser(request).id, VIDEO_FIELD);
      return ok({ success: true as const, _id: video.fileId, status: video.status });
    },
  );

  api.post(
    paths['performers.documentsUpload'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Send a new ID document (front or back); the creator goes back to review',
        description: `multipart: the document as \`file\` with a text field \`side\` (front or back), or as ${DOCUMENT_FIELDS.join(' / ')} (front / back); JPEG, PNG, WebP or PDF.`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(documentAnswer) },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, ['file', ...DOCUMENT_FIELDS]);
      if (files.length > 1) throw badRequest('request.unexpected_file', 'body: send one document at a time', ['body.file']);
      const part = files[0];
      const field = part?.field ?? 'file';
      const { side: named } = parseOrThrow(z.object({ side: z.enum(DOCUMENT_SIDES).optional() }), fields);
      const side = named ?? SIDE_OF_FIELD[field];
      if (!side) throw badRequest('request.invalid', 'body.side: must be front or back', ['body.side']);
      const stored = await replaceDocument(ctx, currentUser(request).id, side, field, part);
      return ok({ _id: stored.id, side, name: stored.originalName, mimeType: stored.mimeType, verifiedDocument: false as const, status: 'pending' as const });
    },
  );

  api.put(
    paths['performers.bankingSettings'],
    {
      schema: {
        tags: ['performers'],
        summary: 'Where the signed-in creator is paid: a PIX key and/or a bank account',
        description:
          'pixKeyType cpf, cnpj (check digits), email, phone (+55) or random (UUID) with pixKey; and/or bankCode, agency, account, accountType (checking|savings), holderName, holderDocument (CPF or CNPJ), bankName. Saves the method(s) sent and keeps the other (a PIX key never erases the bank account, nor the reverse); the answer masks the numbers but their last 4.',
        body: bankingSettingsSchema,
        response: { 200: envelopeSchema(bankingSettingsView) },
      },
    },
    async (request) => okFor('performers.bankingSettings', presentBanking(await saveBanking(ctx.db, currentUser(request).id, request.body, ctx.now()))),
  );

  api.put(
    paths['performers.paymentGatewaySettings'],
    {
      schema: {
        tags: ['performers'],
        summary: 'The gateway the signed-in creator wants their payouts through',
        body: paymentGatewaySettingsSchema,
        response: { 200: envelopeSchema(paymentGatewaySettingsView) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      await saveGateway(ctx.db, me, request.body, ctx.now());
      return okFor('performers.paymentGatewaySettings', (await payoutSettingsOf(ctx.db, me)).paymentGatewaySettings!);
    },
  );
}
