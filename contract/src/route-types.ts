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
import type { AuditEntryDto, AuditQuery, ReportActionBody, ReportQueueStatus, StaffCreateBody, StaffMemberDto, StaffPermissionsBody, StaffReportDto, StaffUserDto, UserStatusBody } from './staff.js';
import type { BlockedUserDto, BlockStatus, CreatorAttributeFilter, CreatorSearchSort, Credentials, CurrentUser, Keyword, PerformerProfile, PublicSettings, PendingCreatorDto, RegistrationAnswer, UserPatch } from './accounts.js';
import type { BankingSettings, OwnProfile, PaymentGatewaySettings, PayoutSettings } from './creator-settings.js';
import type { EmbedOriginDto } from './embeds.js';
import type { Country, Language, PhoneCountry, UserAdditional } from './reference.js';
import type { Gallery, FeedPoll, FeedPost, OwnReel, Photo, PostComment, Reel, VideoItem, VideoStatus } from './content.js';
import type {
  AutoMessageDto,
  CategorizedListBody,
  CategorizedListDto,
  MassMessageBody,
  MassMessageDto,
  MessageTemplateBody,
  MessageTemplateDto,
  ConversationDto,
  MessageDto,
  MessageListQuery,
  MessageUploadDto,
  NotificationDto,
  NotificationPreferencesBody,
  NotificationPreferencesDto,
  OpenConversationBody,
  PushSubscriptionBody,
  SendMessageBody,
  UnreadTotal,
} from './messaging.js';
import type { AddCardBody, AddCardResponse, PaymentCardDto, PaymentTransactionDto, TokenPackageDto, WalletChargeDto } from './payments.js';
import type { GiftBody, GiftDto, GiftPatch } from './gifts.js';
import type { AdminCatalogRouteTypes } from './admin-catalog.js';
import type { GoLiveBody, PrivateCallJoinDto, PrivateStreamRequestBody, PrivateStreamRequestDto, StreamDto, StreamJoinDto } from './streaming.js';
import type {
  EarningDto,
  EarningPoint,
  EarningStats,
  PayoutCalculation,
  PayoutCreateBody,
  PayoutRequestDto,
  ReferralCode,
  ReferralEarningDto,
  ReferralEarningStats,
  SubscriptionDto,
  TopContentDto,
} from './subscriptions.js';

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

/** The body of PUT /auth/users/me/email: the new address and the current password. */
export interface ChangeEmailBody {
  email: string;
  currentPassword: string;
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

/**
 * A page by number (`current` from 1, `pageSize`), as the site's lists ask for one, with the
 * list's own filters beside it.
 */
export interface PageRequest extends PageQuery {
  current?: number;
  pageSize?: number;
  q?: string;
  [filter: string]: Query[string];
}

/**
 * The query of the fans' creator search: a page, a text (`q`: name or username), the sort,
 * and the filters. `isFreeSubscription` and `live` are the words `true` or `false`; an empty
 * value is absent.
 */
export type CreatorSearchQuery = PageRequest & {
  sortBy?: CreatorSearchSort;
  gender?: string;
  country?: string;
  isFreeSubscription?: 'true' | 'false';
  live?: 'true' | 'false';
} & Partial<Record<CreatorAttributeFilter, string>>;

/** The body of POST /auth/users/register (the password as `wirePassword` sends it). */
export interface FanRegistrationBody {
  name: string;
  username: string;
  email: string;
  password: string;
  referralCode?: string;
}

/** A creator category as `/admin/performer-categories/search` lists it. */
export interface CategoryDto {
  _id: string;
  name: string;
}

/** What a removal (or another change with nothing to tell) answers. */
export interface SuccessDto {
  success: true;
}

/** What adding or taking back a reaction answers: the reaction and whether it now holds. */
export interface ReactionState extends SuccessDto {
  action: ReactionBody['action'];
  active: boolean;
}

/** A report as `POST /reports` answers it. */
export interface ReportDto {
  _id: string;
  target: string;
  targetId: string;
  performerId: string | null;
  title: string;
  description: string;
  status: string;
  createdAt: string;
}

/** A fresh session's token (a password change ends every other one). */
export interface TokenAnswer {
  token: string;
  expiresAt: string;
}

/** What following or unfollowing a creator answers: the creator's id and whether the user now follows them. */
export interface FollowState {
  creatorId: string;
  following: boolean;
}

/** What the sandbox answers when it paid a PIX charge or completed a card's extra step (`outcome`: what it did). */
export interface SandboxPaymentDto {
  _id: string;
  status: string;
  amount: number;
  outcome: string;
}

/** What applying a coupon to an amount answers (fields an older server may leave out). */
export interface CouponPreviewDto {
  code?: string;
  amount?: number;
  discount?: number;
  amountToPay?: number;
}

export interface RouteTypes extends AdminCatalogRouteTypes {
  // auth and the signed-in user
  'auth.login': { body: Credentials; response: { token?: string } };
  'auth.forgot': { body: { email: string }; response: { message?: string } };
  'auth.changePassword': { body: ChangePasswordBody; response: TokenAnswer };
  'auth.changeEmail': { body: ChangeEmailBody; response: { message: string; pendingEmail: string } };
  'auth.registerFan': { body: FanRegistrationBody; response: RegistrationAnswer };
  'auth.registerCreator': { response: RegistrationAnswer };
  'auth.verifyEmail': { body: { email: string }; response: { message: string } };
  'auth.confirmEmail': { body: { token: string }; response: { message: string } };
  'auth.resetPassword': { body: { token: string; password: string }; response: { message: string } };
  'auth.me': { response: CurrentUser };
  'users.me': { response: CurrentUser };
  'users.update': { body: UserPatch; response: CurrentUser };
  'users.avatarUpload': { response: SignedUrlDto };
  'performers.avatarUpload': { response: SignedUrlDto };
  'performers.coverUpload': { response: SignedUrlDto };
  'performers.documentsUpload': { response: { name: string } };
  'performers.welcomeVideoUpload': { response: { _id: string; status: VideoStatus } };
  'settings.public': { response: PublicSettings };
  'reference.blockCheck': { response: BlockStatus };
  'reference.countries': { response: Country[] };
  'reference.phoneCodes': { response: PhoneCountry[] };
  'reference.languages': { response: Language[] };
  'reference.userAdditional': { response: UserAdditional };
  // creators
  'performers.get': { response: PerformerProfile };
  'performers.me': { response: OwnProfile };
  'performers.updateMe': { response: OwnProfile };
  'performers.bankingSettings': { body: Record<string, string>; response: BankingSettings };
  'payouts.method': { body: Record<string, string>; response: PayoutSettings };
  'payouts.removeMethod': { response: PayoutSettings };
  'embeds.list': { query: Query; item: EmbedOriginDto };
  'embeds.add': { body: { origin: string }; response: EmbedOriginDto };
  'embeds.verify': { response: EmbedOriginDto };
  'performers.paymentGatewaySettings': { body: { gateway: PaymentGatewaySettings['gateway']; stripeAccountId?: string }; response: PaymentGatewaySettings };
  'performers.search': { query: Query; item: PerformerProfile };
  'performers.userSearch': { query: CreatorSearchQuery; item: PerformerProfile };
  'performers.top': { query: { limit?: number }; item: PerformerProfile };
  'categories.search': { item: CategoryDto };
  'admin.categories.create': { response: CategoryDto };
  'search.keywords': { query: { limit?: number }; item: Keyword };
  'search.saveKeyword': { body: { keyword: string }; response: Keyword };
  // content
  'feeds.list': { item: FeedPost };
  'feeds.byCreator': { item: FeedPost };
  'feeds.get': { response: FeedPost };
  'feeds.create': { response: FeedPost };
  'feeds.createPoll': { response: { _id: string } };
  'feeds.createCrowdfunding': { response: { _id: string } };
  'feeds.vote': { response: FeedPoll };
  'feeds.fileStatus': { response: FileStatusDto };
  'feeds.videoUrl': { response: SignedUrlDto };
  'posts.trending': { item: FeedPost };
  'posts.search': { item: FeedPost };
  'reactions.bookmarks': { item: FeedPost };
  'reactions.add': { body: ReactionBody; response: ReactionState };
  'reactions.remove': { body: ReactionBody; response: ReactionState };
  'reports.create': { body: ReportBody; response: ReportDto };
  'comments.search': { item: PostComment };
  'comments.create': { body: CommentBody; response: PostComment };
  'comments.delete': { response: SuccessDto };
  'comments.pin': { response: PostComment };
  'comments.unpin': { response: PostComment };
  'follows.follow': { response: FollowState };
  'follows.unfollow': { response: FollowState };
  'galleries.search': { item: Gallery };
  'galleries.get': { response: Gallery };
  'galleries.create': { response: Gallery };
  'photos.byCreator': { item: Photo };
  'videos.search': { item: VideoItem };
  'videos.get': { response: VideoItem };
  'videos.fileStatus': { response: FileStatusDto };
  'videos.url': { response: SignedUrlDto };
  'reels.search': { item: Reel };
  'reels.mine': { query: PageRequest; item: OwnReel };
  'reels.upload': { response: OwnReel };
  'reels.delete': { response: SuccessDto };
  'videos.mine': { query: PageRequest; item: VideoItem };
  'videos.upload': { response: VideoItem };
  'videos.delete': { response: SuccessDto };
  'galleries.mine': { query: PageRequest; item: Gallery };
  'galleries.delete': { response: SuccessDto };
  'photos.mine': { query: PageRequest; item: Photo };
  'photos.upload': { response: Photo };
  'photos.setCover': { response: Gallery };
  'photos.delete': { response: SuccessDto };
  'feeds.mine': { query: PageRequest; item: FeedPost };
  'feeds.photoUpload': { response: UploadedFileDto };
  'feeds.videoUpload': { response: UploadedFileDto };
  'feeds.audioUpload': { response: UploadedFileDto };
  'feeds.thumbnailUpload': { response: UploadedFileDto };
  'feeds.teaserUpload': { response: UploadedFileDto };
  'feeds.update': { response: FeedPost };
  'videos.videoUpload': { response: UploadedFileDto };
  'videos.teaserUpload': { response: UploadedFileDto };
  'videos.thumbnailUpload': { response: UploadedFileDto };
  'videos.create': { response: VideoItem };
  'videos.update': { response: VideoItem };
  'galleries.update': { response: Gallery };
  'admin.performers.pendingReview': { query: PageRequest; item: PendingCreatorDto };
  'admin.performers.review': { body: { decision: 'approve' | 'reject' }; response: { _id: string; verifiedDocument: boolean } };
  'users.search': { query: PageRequest & { q?: string; role?: string; status?: string }; item: StaffUserDto };
  'admin.users.status': { body: UserStatusBody; response: StaffUserDto };
  'admin.reports.search': { query: PageRequest & { status?: ReportQueueStatus }; item: StaffReportDto };
  'admin.reports.act': { body: ReportActionBody; response: StaffReportDto };
  'admin.staff.search': { query: PageRequest; item: StaffMemberDto };
  'admin.staff.create': { body: StaffCreateBody; response: StaffMemberDto };
  'admin.staff.permissions': { body: StaffPermissionsBody; response: StaffMemberDto };
  'admin.audit.search': { query: AuditQuery; item: AuditEntryDto };
  'feeds.delete': { response: SuccessDto };
  'blocks.list': { query: PageRequest; item: BlockedUserDto };
  'blocks.countries': { body: { countryCodes: string[] }; response: { countryCodes: string[] } };
  'blocks.countryList': { response: { countryCodes: string[] } };
  'blocks.unblock': { response: SuccessDto };
  'blocks.block': { body: { targetId: string; reason?: string }; response: BlockedUserDto };
  // messaging
  'conversations.list': { item: ConversationDto };
  'conversations.get': { response: ConversationDto };
  'conversations.open': { body: OpenConversationBody; response: ConversationDto };
  'messages.list': { query: MessageListQuery; item: MessageDto };
  'messages.send': { body: SendMessageBody; response: MessageDto };
  'messages.streamList': { query: MessageListQuery; item: MessageDto };
  'messages.streamSend': { body: SendMessageBody; response: MessageDto };
  'messages.videoUrl': { response: SignedUrlDto };
  'messages.totalUnread': { response: UnreadTotal };
  'messages.countingNotRead': { response: UnreadTotal };
  'messages.readAll': { response: UnreadTotal };
  'messages.delete': { response: MessageDto };
  'messages.opened': { response: MessageDto };
  'notifications.totalUnread': { response: UnreadTotal };
  'notifications.read': { response: UnreadTotal };
  'notifications.readAll': { response: UnreadTotal };
  'messages.fileStatus': { response: FileStatusDto };
  'messages.privateFile': { response: MessageUploadDto };
  'messages.privatePhoto': { response: MessageUploadDto };
  'messages.privateVideo': { response: MessageUploadDto };
  'massMessages.photo': { response: MessageUploadDto };
  'massMessages.video': { response: MessageUploadDto };
  'templates.photo': { response: MessageUploadDto };
  'templates.video': { response: MessageUploadDto };
  'autoMessages.search': { query: PageRequest; item: AutoMessageDto };
  'autoMessages.create': { response: AutoMessageDto };
  'autoMessages.update': { response: AutoMessageDto };
  'autoMessages.delete': { response: SuccessDto };
  'massMessages.search': { query: PageRequest; item: MassMessageDto };
  'massMessages.create': { body: MassMessageBody; response: MassMessageDto };
  'massMessages.update': { body: MassMessageBody; response: MassMessageDto };
  'massMessages.delete': { response: SuccessDto };
  'templates.search': { query: PageRequest; item: MessageTemplateDto };
  'templates.create': { body: MessageTemplateBody; response: MessageTemplateDto };
  'templates.update': { body: MessageTemplateBody; response: MessageTemplateDto };
  'templates.delete': { response: SuccessDto };
  'lists.search': { query: PageRequest; item: CategorizedListDto };
  'lists.create': { body: CategorizedListBody; response: CategorizedListDto };
  'lists.update': { body: CategorizedListBody; response: CategorizedListDto };
  'lists.delete': { response: SuccessDto };
  'notifications.list': { item: NotificationDto };
  'notifications.pushKey': { response: { publicKey: string } };
  'notifications.pushSubscribe': { body: PushSubscriptionBody; response: SuccessDto };
  'notifications.pushUnsubscribe': { body: { endpoint: string }; response: SuccessDto };
  'notifications.preferences': { response: NotificationPreferencesDto };
  'notifications.updatePreferences': { body: NotificationPreferencesBody; response: NotificationPreferencesDto };
  // streaming
  'streaming.goLive': { body: GoLiveBody; response: StreamDto };
  'streaming.end': { response: StreamDto };
  'streaming.join': { response: StreamJoinDto };
  'streaming.userSearch': { query: Query; item: StreamDto };
  'gifts.search': { item: GiftDto };
  'admin.gifts.search': { query: Query; item: GiftDto };
  'admin.gifts.create': { body: GiftBody; response: GiftDto };
  'admin.gifts.update': { body: GiftPatch; response: GiftDto };
  'streaming.privateRequest': { body: PrivateStreamRequestBody; response: PrivateStreamRequestDto };
  'streaming.privateApprove': { response: PrivateStreamRequestDto };
  'streaming.privateReject': { response: PrivateStreamRequestDto };
  'streaming.privateStart': { response: PrivateStreamRequestDto };
  'streaming.privateJoin': { response: PrivateCallJoinDto };
  'streaming.privateSearch': { query: PageRequest; item: PrivateStreamRequestDto };
  'streaming.privateEdit': { body: { duration?: number; note?: string }; response: PrivateStreamRequestDto };
  'streaming.privateDelete': { response: PrivateStreamRequestDto };
  // earnings, subscriptions and payouts
  'earnings.stats': { response: EarningStats };
  'earnings.search': { query: PageRequest; item: EarningDto };
  'earnings.timeline': { response: EarningPoint[] };
  'earnings.topContent': { response: TopContentDto[] };
  'subscriptions.userSubscriber': { query: { performerId: string }; response: SubscriptionDto | null };
  'subscriptions.cancel': { response: SubscriptionDto };
  'referrals.code': { response: ReferralCode };
  'referralEarnings.stats': { response: ReferralEarningStats };
  'referralEarnings.search': { query: PageRequest; item: ReferralEarningDto };
  'subscriptions.performerSearch': { query: PageRequest; item: SubscriptionDto };
  'subscriptions.userSearch': { query: PageRequest; item: SubscriptionDto };
  'payouts.userSearch': { query: PageRequest; item: PayoutRequestDto };
  'admin.payouts.search': { query: PageRequest; item: PayoutRequestDto };
  'payouts.calculate': { response: PayoutCalculation };
  'payouts.create': { body: PayoutCreateBody; response: PayoutRequestDto };
  'payouts.pendingReview': { response: { pending?: boolean; request?: PayoutRequestDto | null } | null };
  'cards.list': { item: PaymentCardDto };
  'payments.transactions': { query: Query; item: PaymentTransactionDto };
  'payments.transaction': { response: PaymentTransactionDto };
  'payments.sandboxPay': { response: SandboxPaymentDto };
  'wallet.charges': { query: Query; item: WalletChargeDto };
  'tokenPackages.search': { query: Query; item: TokenPackageDto };
  'cards.add': { body: AddCardBody; response: AddCardResponse };
  'cards.remove': { response: { deleted: true } };
  'cards.setDefault': { response: PaymentCardDto };
  'coupons.apply': { body: { amount: number }; response: CouponPreviewDto | null };
  'admin.payouts.view': { response: PayoutRequestDto };
  'admin.payouts.status': { response: PayoutRequestDto };
}
