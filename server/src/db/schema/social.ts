// Tables of this feature (db/migrations/00xx_social.sql holds their SQL).
export {};
