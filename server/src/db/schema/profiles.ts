// Tables of this feature (db/migrations/00xx_profiles.sql holds their SQL).
export {};
