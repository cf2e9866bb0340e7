/**
 * A creator's own profile: its settings form (name, username, body attributes, place,
 * prices within the platform's limits, categories), and the files that replace earlier
 * ones (welcome video, ID documents).
 */
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { files } from '../../media/files.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { performerCategories } from '../categories/categories.tables.js';
import { categoryPerformers, performers } from './performers.tables.js';
import { badRequest, HttpError } from '../../http/errors.js';
import type { UploadedPart } from '../../http/multipart.js';
import { uploadVideo } from '../../media/video-upload.js';
import { cleanFileName } from '../../storage/uploads.js';
import { rethrowUserConflict, usernameChange } from '../accounts/index.js';
import { readSettings } from '../settings/index.js';
import { PRICE_FIELDS, type PerformerProfileUpdate, type PriceField } from './performer-profile.schemas.js';
import { assertAdult, checkDocument, removeDocumentFiles, writeDocuments } from './performer-registration.js';
import { payoutSettingsOf } from './payout-settings.js';
import { presentOwnPerformer, type OwnPerformerDto } from './performers.presenter.js';
import { findProfileRow, presentProfiles } from './performers.service.js';

/** The creator's own profile, whatever their account status: payout details masked, never public. */
export async function ownProfile(ctx: AppContext, performerId: string, viewerId: string | null): Promise<OwnPerformerDto> {
  const row = await findProfileRow(ctx, performerId, { listedOnly: false });
  const [[profile], payout] = await Promise.all([presentProfiles(ctx, [row], viewerId), payoutSettingsOf(ctx.db, row.user.id)]);
  return presentOwnPerformer({ ...profile!, isFollowed: false }, row.profile, payout);
}

const units = (cents: number) => (cents / 100).toFixed(2);

/** 422 `performers.price_out_of_range` naming every price outside the platform's limits (spec section 9). */
async function checkPrices(ctx: AppContext, input: PerformerProfileUpdate): Promise<void> {
  if (!PRICE_FIELDS.some((name) => input[name] !== undefined)) return;
  const limits = await readSettings(ctx.db, ['minSubscriptionPrice', 'maxSubscriptionPrice', 'minYearlySubscriptionPrice', 'maxYearlySubscriptionPrice']);
  const cents = (units: number) => Math.round(units * 100);
  const rangeOf = (name: PriceField) =>
    name === 'yearlyPrice'
      ? [cents(limits.minYearlySubscriptionPrice), cents(limits.maxYearlySubscriptionPrice)]
      : [cents(limits.minSubscriptionPrice), cents(limits.maxSubscriptionPrice)];
  const wrong = PRICE_FIELDS.flatMap((name) => {
    const value = input[name];
    if (value === undefined) return [];
    const [min, max] = rangeOf(name) as [number, number];
    return value < min || value > max ? [`body.${name}: must be between ${units(min)} and ${units(max)}`] : [];
  });
  if (wrong.length > 0) {
    throw new HttpError(422, 'performers.price_out_of_range', wrong.join('; '), {}, wrong.map((message) => message.slice(0, message.indexOf(':'))));
  }
}

/** 400 `categories.not_found` naming `body.categoryIds` unless every category exists. */
async function checkCategories(ctx: AppContext, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await ctx.db.select({ id: performerCategories.id }).from(performerCategories).where(inArray(performerCategories.id, unique));
  const known = new Set(found.map((row) => row.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest('categories.not_found', `body.categoryIds: no such category: ${missing.join(', ')}`, ['body.categoryIds']);
  return unique;
}

/** Applies a settings form to a creator's profile, all or nothing. */
export async function updatePerformerProfile(ctx: AppContext, performerId: string, input: PerformerProfileUpdate): Promise<void> {
  const { user } = await findProfileRow(ctx, performerId, { listedOnly: false });
  // Existing clients accept usernames of lowercase letters and digits only (api-contract.md section 7).
  const username = usernameChange(user.username, input.username);
  if (input.dateOfBirth !== undefined) assertAdult(input.dateOfBirth, ctx.now());
  await checkPrices(ctx, input);
  const categoryIds = input.categoryIds === undefined ? undefined : await checkCategories(ctx, input.categoryIds);

  const country = input.country ?? input.countryCode;
  const userChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(username !== undefined ? { username } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(country !== undefined ? { countryCode: country } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
  };
  const free = input.freeSubscriptionEnabled ?? input.isFreeSubscription;
  const freeDays = input.freeSubscriptionDays ?? input.durationFreeSubscriptionDays;
  const profileChanges = {
    ...pick(input, ['bio', 'city', 'state', 'address', 'zipcode', 'languages', 'height', 'weight', 'age', 'bodyType', 'ethnicity', 'size', 'hair', 'eyes', 'sexualOrientation']),
    ...(input.monthlyPrice !== undefined ? { monthlyPriceCents: input.monthlyPrice } : {}),
    ...(input.quarterlyPrice !== undefined ? { quarterlyPriceCents: input.quarterlyPrice } : {}),
    ...(input.halfYearlyPrice !== undefined ? { halfYearlyPriceCents: input.halfYearlyPrice } : {}),
    ...(input.yearlyPrice !== undefined ? { yearlyPriceCents: input.yearlyPrice } : {}),
    ...(input.privateCallPrice !== undefined ? { privateCallPriceCents: input.privateCallPrice } : {}),
    ...(free !== undefined ? { freeSubscriptionEnabled: free } : {}),
    ...(freeDays !== undefined ? { freeSubscriptionDays: freeDays } : {}),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(userChanges).length > 0) await tx.update(users).set(userChanges).where(eq(users.id, user.id));
      await tx.update(performers).set({ ...profileChanges, updatedAt: ctx.now() }).where(eq(performers.userId, user.id));
      if (categoryIds !== undefined) {
        await tx.delete(categoryPerformers).where(eq(categoryPerformers.performerId, user.id));
        if (categoryIds.length > 0) await tx.insert(categoryPerformers).values(categoryIds.map((categoryId) => ({ performerId: user.id, categoryId })));
      }
    });
  } catch (error) {
    // A category deleted between the check and the insert.
    if (categoryIds?.length && isForeignKeyViolation(error)) throw badRequest('categories.not_found', 'body.categoryIds: a category no longer exists', ['body.categoryIds']);
    rethrowUserConflict(error);
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The keys of `input` that are present (`null` included: it clears the column). */
function pick<T extends object, K extends keyof T>(input: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]])) as Partial<Pick<T, K>>;
}

/** Folder of a video's outputs, from its original's path (`media/<owner>/<file>/original.mp4`). */
const videoFolder = (storagePath: string) => (/^media\/[^/]+\/[^/]+\/[^/]+$/.test(storagePath) ? path.posix.dirname(storagePath) : null);

export const WELCOME_VIDEO_PURPOSE = 'welcome-video';

/**
 * Uploads a welcome video (transcoded by the durable job) and puts it on the profile; the
 * one it replaces goes, record and files (a transcode still running on it stops finding it).
 */
export async function replaceWelcomeVideo(ctx: AppContext, request: FastifyRequest, performerId: string, field: string) {
  const video = await uploadVideo(ctx, request, performerId, WELCOME_VIDEO_PURPOSE, field);
  const previous = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ fileId: performers.welcomeVideoFileId }).from(performers).where(eq(performers.userId, performerId)).for('update');
    await tx.update(performers).set({ welcomeVideoFileId: video.fileId, updatedAt: ctx.now() }).where(eq(performers.userId, performerId));
    if (!before?.fileId || before.fileId === video.fileId) return null;
    const [old] = await tx
      .delete(files)
      .where(and(eq(files.id, before.fileId), eq(files.ownerId, performerId)))
      .returning({ storagePath: files.storagePath });
    return old ? videoFolder(old.storagePath) : null;
  });
  if (previous) await ctx.store.remove(previous);
  return video;
}

export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
/** The purpose registration records each side under (performer-registration.ts). */
const PURPOSE_OF: Record<DocumentSide, string> = { front: 'idVerification', back: 'documentVerification' };

/**
 * A new ID document for one side replaces the earlier one, and the creator goes back to
 * review: staff approve the new document before they may sell or be paid again.
 */
export async function replaceDocument(ctx: AppContext, performerId: string, side: DocumentSide, field: string, part: UploadedPart | undefined) {
  const document = checkDocument(field, part);
  await writeDocuments(ctx, [document]);
  try {
    const previous = await ctx.db.transaction(async (tx) => {
      const column = side === 'front' ? performers.idFrontFileId : performers.idBackFileId;
      const [before] = await tx.select({ fileId: column }).from(performers).where(eq(performers.userId, performerId)).for('update');
      const [created] = await tx
        .insert(files)
        .values({
          ownerId: performerId,
          purpose: PURPOSE_OF[side],
          storagePath: document.storagePath,
          originalName: cleanFileName(document.part.filename).slice(0, 200),
          mimeType: document.mimeType,
          sizeBytes: document.part.data.length,
        })
        .returning();
      await tx
        .update(performers)
        .set({ ...(side === 'front' ? { idFrontFileId: created!.id } : { idBackFileId: created!.id }), verifiedDocument: false, updatedAt: ctx.now() })
        .where(eq(performers.userId, performerId));
      const old = before?.fileId
        ? await tx.delete(files).where(and(eq(files.id, before.fileId), eq(files.ownerId, performerId))).returning({ storagePath: files.storagePath })
        : [];
      return { created: created!, oldPaths: old.map((o) => o.storagePath).filter((p) => p.startsWith('documents/')) };
    });
    await removeDocumentFiles(ctx, previous.oldPaths);
    return previous.created;
  } catch (error) {
    await removeDocumentFiles(ctx, [document.storagePath]);
    throw error;
  }
}
