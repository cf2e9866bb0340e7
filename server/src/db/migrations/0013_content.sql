CREATE TABLE "galleries" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"cover_photo_id" text,
	"photos_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galleries_photos_count_not_negative" CHECK ("galleries"."photos_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"gallery_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"file_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reels" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"file_id" text,
	"teaser_id" text,
	"thumbnail_id" text,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_blocked_countries" (
	"performer_id" text NOT NULL,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_blocked_countries_performer_id_country_code_pk" PRIMARY KEY("performer_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"target" text NOT NULL,
	"target_id" text NOT NULL,
	"performer_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"id" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"performer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_performer_id_user_id_pk" PRIMARY KEY("performer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "category_performers" (
	"performer_id" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_performers_performer_id_category_id_pk" PRIMARY KEY("performer_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "performer_banking" (
	"performer_id" text PRIMARY KEY NOT NULL,
	"pix_key_type" text,
	"pix_key" text,
	"bank_name" text,
	"bank_code" text,
	"agency" text,
	"account" text,
	"account_type" text,
	"holder_name" text,
	"holder_document" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_payment_gateways" (
	"performer_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"stripe_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "welcome_video_file_id" text;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_cover_photo_id_gallery_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_teaser_id_files_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_blocked_countries" ADD CONSTRAINT "performer_blocked_countries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_performers" ADD CONSTRAINT "category_performers_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_performers" ADD CONSTRAINT "category_performers_category_id_performer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."performer_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_banking" ADD CONSTRAINT "performer_banking_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_payment_gateways" ADD CONSTRAINT "performer_payment_gateways_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "galleries_performer_idx" ON "galleries" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_photos_gallery_idx" ON "gallery_photos" USING btree ("gallery_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_photos_performer_idx" ON "gallery_photos" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_photos_file_unique" ON "gallery_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "reels_performer_idx" ON "reels" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "reels_status_idx" ON "reels" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reels_file_unique" ON "reels" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "videos_performer_idx" ON "videos" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_file_unique" ON "videos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_teaser_unique" ON "videos" USING btree ("teaser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_thumbnail_unique" ON "videos" USING btree ("thumbnail_id");--> statement-breakpoint
CREATE INDEX "performer_blocked_countries_country_idx" ON "performer_blocked_countries" USING btree ("country_code");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_user_target_unique" ON "reports" USING btree ("user_id","target","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_keywords_keyword_unique" ON "search_keywords" USING btree ("keyword");--> statement-breakpoint
CREATE INDEX "search_keywords_total_idx" ON "search_keywords" USING btree ("total");--> statement-breakpoint
CREATE INDEX "user_blocks_user_idx" ON "user_blocks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "category_performers_category_idx" ON "category_performers" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_categories_name_unique" ON "performer_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "performer_categories_slug_unique" ON "performer_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "performer_categories_ordering_idx" ON "performer_categories" USING btree ("ordering","name");--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_welcome_video_file_id_files_id_fk" FOREIGN KEY ("welcome_video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;