/**
 * What a mass message, a template and an automatic message carry (text, price, files) and
 * the rules they share: something to send (text or files), files the creator uploaded, a
 * price only with files, never above the tip maximum (`maxTipAmount`, read on every call) and
 * only from a creator whose documents were approved.
 */
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../media/files.tables.js';
import { badRequest, unprocessable } from '../../http/errors.js';
import { requireVerifiedCreator } from '../accounts/index.js';
import { readSetting } from '../settings/index.js';
import type { ContentInput } from './outreach.schemas.js';

/** `files.purpose` of the photos and videos uploaded here; the same as the message uploads, so either may be sent. */
export const MESSAGE_PHOTO_PURPOSE = 'message-photo';
export const MESSAGE_VIDEO_PURPOSE = 'message-video';
export const MESSAGE_AUDIO_PURPOSE = 'message-audio';
/** The uploads an outgoing message may carry. */
export const MESSAGE_FILE_PURPOSES = [MESSAGE_PHOTO_PURPOSE, MESSAGE_VIDEO_PURPOSE, MESSAGE_AUDIO_PURPOSE] as const;

export interface Content {
  text: string;
  priceCents: number;
  fileIds: string[];
}

/** The content after an edit: what the input sends replaces, the rest stays. */
export function mergeContent(current: Content | null, input: ContentInput): Content {
  return {
    text: input.text ?? current?.text ?? '',
    priceCents: input.price ?? current?.priceCents ?? 0,
    fileIds: input.fileIds ?? current?.fileIds ?? [],
  };
}

/** Refuses content that could not be sent: 400 naming `body.price`, 422 `messages.empty` or `messages.files_invalid`. */
export async function checkContent(db: DbOrTx, creatorId: string, content: Content): Promise<void> {
  if (content.priceCents > 0 && content.fileIds.length === 0) {
    throw badRequest('request.invalid', 'body.price: a paid message needs files to unlock', ['body.price']);
  }
  if (content.priceCents > 0) {
    const maxCents = Math.round((await readSetting(db, 'maxTipAmount')) * 100);
    if (content.priceCents > maxCents) throw badRequest('request.invalid', `body.price: must be at most ${(maxCents / 100).toFixed(2)}`, ['body.price']);
    // Selling needs approved documents, as every sale does (403 `performers.not_verified`).
    await requireVerifiedCreator(db, creatorId);
  }
  if (!content.text.trim() && content.fileIds.length === 0) throw unprocessable('messages.empty', 'body: a message needs text or files');
  if (content.fileIds.length === 0) return;
  if (new Set(content.fileIds).size !== content.fileIds.length) throw unprocessable('messages.files_invalid', 'body.fileIds: a file is listed twice');
  const usable = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, content.fileIds),
        eq(files.ownerId, creatorId),
        inArray(files.purpose, [...MESSAGE_FILE_PURPOSES]),
        or(isNull(files.status), ne(files.status, 'error')),
      ),
    );
  if (usable.length !== content.fileIds.length) throw unprocessable('messages.files_invalid', 'body.fileIds: a file is not one of your message uploads, or failed to process');
}
