/**
 * What each route takes and answers, by route name (see api-types.ts for how the client
 * and the server read it). An entry may give:
 *
 * - `body`: what a POST, PUT, PATCH or DELETE sends (required fields make the argument required);
 * - `query`: what a GET sends;
 * - `response`: what it answers (the envelope's `data`);
 * - `item`: a list route's item: it answers `ListPage<item>` (`{ data, total }`).
 *
 * A route with no entry answers `unknown` (its caller reads it as such) and takes any
 * object. Add the entry when a client starts to read the answer's fields. Types only.
 */
import type { Query } from './api-types.js';
import type { BlockStatus, Credentials, CurrentUser, Keyword, PerformerProfile, PublicSettings, UserPatch } from './accounts.js';
import type { Gallery, FeedPost, Photo, PostComment, Reel, VideoItem, VideoStatus } from './content.js';
import type {
  AutoMessageDto,
  ConversationDto,
  MessageDto,
  MessageListQuery,
  MessageUploadDto,
  NotificationDto,
  OpenConversationBody,
  PushSubscriptionBody,
  SendMessageBody,
} from './messaging.js';
import type { GoLiveBody, PrivateStreamRequestBody, PrivateStreamRequestDto, StreamDto, StreamJoinDto } from './streaming.js';
import type { EarningStats, PayoutCalculation, PayoutCreateBody, PayoutRequestDto, SubscriptionDto } from './subscriptions.js';

/** The body of POST and DELETE /reactions. */
export interface ReactionBody {
  objectType: 'feed';
  objectId: string;
  action: 'like' | 'bookmark';
}

/** The body of POST /comments: a comment on a post, or a reply to one (`parentId`). */
export interface CommentBody {
  objectType: 'feed';
  objectId: string;
  content: string;
  parentId?: string;
}

/** The body of POST /reports. */
export interface ReportBody {
  target: 'feed';
  targetId: string;
  title: string;
  description: string;
}

/** The body of PUT /auth/users/me/password (`source`: whose password, a fan's or a creator's). */
export interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  source?: string;
}

/** A media file's transcoding progress (`.../file/:fileId/status`). */
export interface FileStatusDto {
  status: VideoStatus;
  progress: number;
}

/** A short-lived signed link (a video's HLS playlist for this viewer). */
export interface SignedUrlDto {
  url: string;
}

/** What an upload answers: the stored file's id (and a picture's blurred placeholder). */
export interface UploadedFileDto {
  _id: string;
  placeholder?: string;
  url?: string;
}

/** Paging and sorting every list route understands (spec section 2). */
export interface PageQuery {
  offset?: number;
  limit?: number;
  sortBy?: string;
  sort?: 'asc' | 'desc';
}

/** A creator category as `/admin/performer-categories/search` lists it. */
export interface CategoryDto {
  _id: string;
  name: string;
}

/** What applying a coupon to an amount answers (fields an older server may leave out). */
export interface CouponPreviewDto {
  code?: string;
  amount?: number;
  discount?: number;
  amountToPay?: number;
}

export interface RouteTypes {
  // auth and the signed-in user
  'auth.login': { body: Credentials; response: { token?: string } };
  'auth.forgot': { body: { email: string }; response: { message?: string } };
  'auth.changePassword': { body: ChangePasswordBody; response: unknown };
  'users.me': { response: CurrentUser };
  'users.update': { body: UserPatch; response: CurrentUser };
  'users.avatarUpload': { response: SignedUrlDto };
  'performers.avatarUpload': { response: SignedUrlDto };
  'performers.coverUpload': { response: SignedUrlDto };
  'settings.public': { response: PublicSettings };
  'reference.blockCheck': { response: BlockStatus };
  // creators
  'performers.get': { response: PerformerProfile };
  'performers.search': { query: Query; item: PerformerProfile };
  'performers.top': { query: { limit?: number }; item: PerformerProfile };
  'categories.search': { item: CategoryDto };
  'search.keywords': { query: { limit?: number }; item: Keyword };
  'search.saveKeyword': { body: { keyword: string }; response: unknown };
  // content
  'feeds.list': { item: FeedPost };
  'feeds.byCreator': { item: FeedPost };
  'feeds.get': { response: FeedPost };
  'feeds.create': { response: FeedPost };
  'feeds.createPoll': { response: { _id: string } };
  'feeds.createCrowdfunding': { response: { _id: string } };
  'feeds.fileStatus': { response: FileStatusDto };
  'feeds.videoUrl': { response: SignedUrlDto };
  'posts.trending': { item: FeedPost };
  'posts.search': { item: FeedPost };
  'reactions.bookmarks': { item: FeedPost };
  'reactions.add': { body: ReactionBody; response: unknown };
  'reactions.remove': { body: ReactionBody; response: unknown };
  'reports.create': { body: ReportBody; response: unknown };
  'comments.search': { item: PostComment };
  'comments.create': { body: CommentBody; response: PostComment };
  'galleries.search': { item: Gallery };
  'galleries.get': { response: Gallery };
  'galleries.create': { response: Gallery };
  'photos.byCreator': { item: Photo };
  'videos.search': { item: VideoItem };
  'videos.get': { response: VideoItem };
  'videos.fileStatus': { response: FileStatusDto };
  'videos.url': { response: SignedUrlDto };
  'reels.search': { item: Reel };
  // messaging
  'conversations.list': { item: ConversationDto };
  'conversations.get': { response: ConversationDto };
  'conversations.open': { body: OpenConversationBody; response: ConversationDto };
  'messages.list': { query: MessageListQuery; item: MessageDto };
  'messages.send': { body: SendMessageBody; response: MessageDto };
  'messages.streamList': { query: MessageListQuery; item: MessageDto };
  'messages.streamSend': { body: SendMessageBody; response: MessageDto };
  'messages.videoUrl': { response: SignedUrlDto };
  'messages.fileStatus': { response: FileStatusDto };
  'messages.privateFile': { response: MessageUploadDto };
  'messages.privatePhoto': { response: MessageUploadDto };
  'messages.privateVideo': { response: MessageUploadDto };
  'massMessages.photo': { response: MessageUploadDto };
  'massMessages.video': { response: MessageUploadDto };
  'templates.photo': { response: MessageUploadDto };
  'templates.video': { response: MessageUploadDto };
  'autoMessages.create': { response: AutoMessageDto };
  'autoMessages.update': { response: AutoMessageDto };
  'notifications.list': { item: NotificationDto };
  'notifications.pushSubscribe': { body: PushSubscriptionBody; response: unknown };
  'notifications.pushUnsubscribe': { body: { endpoint: string }; response: unknown };
  // streaming
  'streaming.goLive': { body: GoLiveBody; response: StreamDto };
  'streaming.end': { response: StreamDto };
  'streaming.join': { response: StreamJoinDto };
  'streaming.userSearch': { query: Query; item: StreamDto };
  'streaming.privateRequest': { body: PrivateStreamRequestBody; response: PrivateStreamRequestDto };
  'streaming.privateApprove': { response: PrivateStreamRequestDto };
  'streaming.privateReject': { response: PrivateStreamRequestDto };
  'streaming.privateStart': { response: PrivateStreamRequestDto };
  'streaming.privateEdit': { body: { duration?: number; note?: string }; response: PrivateStreamRequestDto };
  // earnings, subscriptions and payouts
  'earnings.stats': { response: EarningStats };
  'subscriptions.performerSearch': { item: SubscriptionDto };
  'payouts.calculate': { response: PayoutCalculation };
  'payouts.create': { body: PayoutCreateBody; response: PayoutRequestDto };
  'payouts.pendingReview': { response: { pending?: boolean; request?: PayoutRequestDto | null } | null };
  'coupons.apply': { body: { amount: number }; response: CouponPreviewDto | null };
  'admin.payouts.view': { response: PayoutRequestDto };
  'admin.payouts.status': { response: PayoutRequestDto };
}
