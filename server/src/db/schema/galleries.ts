// Tables of this feature (db/migrations/00xx_galleries.sql holds their SQL).
export {};
