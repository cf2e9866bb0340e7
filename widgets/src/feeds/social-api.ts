/** What the social calls of a post answer and take (server comments, reactions and reports routes). */
export type { PostComment } from '@fandeck/contract';
import type { PostComment } from '@fandeck/contract';
import { LIMITS } from '@fandeck/contract';

/** The contract's limits the server enforces, checked here so a form says so first. */
export const COMMENT_MAX = LIMITS.comment.textMax;
export const REPORT_TITLE_MAX = LIMITS.report.titleMax;
export const REPORT_DESCRIPTION_MAX = LIMITS.report.descriptionMax;

export type ReactionAction = 'like' | 'bookmark';

/** The body of POST and DELETE /reactions for a post. */
export const reactionBody = (postId: string, action: ReactionAction) => ({ objectType: 'feed' as const, objectId: postId, action });

/** Whether an answer looks like a comment (a 2xx with another body is a failure, not a crash). */
export function isPostComment(value: unknown): value is PostComment {
  const comment = value as Partial<PostComment> | null;
  return typeof comment?._id === 'string' && typeof comment.content === 'string' && typeof comment.creator?._id === 'string';
}

/** What a commenter is called on screen. */
export const authorName = (comment: PostComment) => comment.creator.name?.trim() || comment.creator.username || comment.creator._id;
