// Tables of this feature (db/migrations/00xx_videos.sql holds their SQL).
export {};
