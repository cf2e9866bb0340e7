import type { AppContext } from '../../context.js';
import { files } from '../../media/files.tables.js';
import { performers } from './performers.tables.js';
import { badRequest } from '../../http/errors.js';
import type { UploadedPart } from '../../http/multipart.js';
import { cleanFileName, sniffDocumentType } from '../../storage/uploads.js';
import { writeFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../../db/schema/ids.js';
import { insertUser } from '../accounts/index.js';
import { newAccountValues, type PerformerRegister, sendVerificationMail } from '../auth/index.js';

/** The ID documents a creator sends at registration: the ID itself and a selfie holding it. */
export const DOCUMENT_FIELDS = ['idVerification', 'documentVerification'] as const;
const EXT: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' };

const MIN_AGE_YEARS = 18;

export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** 400 `performers.too_young` naming `body.dateOfBirth` unless the creator is an adult. */
export function assertAdult(dateOfBirth: string, now: Date): void {
  if (ageOn(dateOfBirth, now) < MIN_AGE_YEARS) throw badRequest('performers.too_young', 'body.dateOfBirth: creators must be at least 18 years old', ['body.dateOfBirth']);
}

export interface CheckedDocument {
  field: string;
  part: UploadedPart;
  mimeType: string;
  /** Where it goes under the uploads folder: a generated name, never the client's. */
  storagePath: string;
}

/** An ID document from a form field: present, a JPEG, PNG, WebP or PDF by its bytes, given a generated name. */
export function checkDocument(field: string, part: UploadedPart | undefined): CheckedDocument {
  if (!part || part.data.length === 0) throw badRequest('performers.document_required', `body.${field}: the document file is required`, [`body.${field}`]);
  const mimeType = sniffDocumentType(part.data);
  if (!mimeType) throw badRequest('performers.document_type', `body.${field}: must be a JPEG, PNG, WebP or PDF file`, [`body.${field}`]);
  return { field, part, mimeType, storagePath: path.posix.join('documents', `${newId()}${EXT[mimeType]}`) };
}

/** Writes checked documents to the (private) documents folder. */
export async function writeDocuments(ctx: AppContext, documents: readonly CheckedDocument[]): Promise<void> {
  await mkdir(path.join(ctx.config.uploadsDir, 'documents'), { recursive: true });
  await Promise.all(documents.map((d) => writeFile(path.join(ctx.config.uploadsDir, d.storagePath), d.part.data)));
}

export const removeDocumentFiles = (ctx: AppContext, storagePaths: readonly string[]) =>
  Promise.all(storagePaths.map((p) => rm(path.join(ctx.config.uploadsDir, p), { force: true })));

export async function registerPerformer(ctx: AppContext, input: PerformerRegister, uploads: UploadedPart[]) {
  assertAdult(input.dateOfBirth, ctx.now());
  const documents = DOCUMENT_FIELDS.map((field) => checkDocument(field, uploads.find((u) => u.field === field)));

  const values = await newAccountValues(ctx, input, 'performer');
  await writeDocuments(ctx, documents);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...values, dateOfBirth: input.dateOfBirth });
      const fileIds: string[] = [];
      for (const d of documents) {
        const [row] = await tx
          .insert(files)
          .values({
            ownerId: created.id,
            purpose: d.field,
            storagePath: d.storagePath,
            originalName: cleanFileName(d.part.filename).slice(0, 200),
            mimeType: d.mimeType,
            sizeBytes: d.part.data.length,
          })
          .returning({ id: files.id });
        fileIds.push(row!.id);
      }
      await tx.insert(performers).values({ userId: created.id, idFrontFileId: fileIds[0], idBackFileId: fileIds[1] });
      return created;
    });
    await sendVerificationMail(ctx, user);
    return user;
  } catch (error) {
    // Nothing of a failed registration stays on disk.
    await removeDocumentFiles(ctx, documents.map((d) => d.storagePath));
    throw error;
  }
}
