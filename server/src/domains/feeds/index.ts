/** The feeds domain's door: what other domains (comments, follows, reactions, search, galleries) use of it. */
// Reading posts: one, a creator's, the published ones, a search
export { findCreatorId, findFeed, publishedFeedCounts, publishedPostPhotoCounts, publishedToFans, searchFeeds, type FeedWithCreator } from './feeds.queries.js';
// Posts as clients see them
export { feedSchema, presentFeeds } from './feeds.presenter.js';
// A post list's query and the types a fan may see
export { feedListQuerySchema, PUBLISHED_FEED_TYPES } from './feeds.schemas.js';
// The purposes a post's files are stored under (the demo seed makes posts with pictures and videos)
export { FEED_PHOTO_PURPOSE, FEED_VIDEO_PURPOSE } from './feeds.service.js';
