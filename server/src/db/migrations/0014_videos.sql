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
ALTER TABLE "reels" ADD CONSTRAINT "reels_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reels" ADD CONSTRAINT "reels_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_teaser_id_files_id_fk" FOREIGN KEY ("teaser_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_thumbnail_id_files_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reels_performer_idx" ON "reels" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "reels_status_idx" ON "reels" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reels_file_unique" ON "reels" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "videos_performer_idx" ON "videos" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_file_unique" ON "videos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_teaser_unique" ON "videos" USING btree ("teaser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_thumbnail_unique" ON "videos" USING btree ("thumbnail_id");