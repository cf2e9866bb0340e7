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
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_cover_photo_id_gallery_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "galleries_performer_idx" ON "galleries" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_photos_gallery_idx" ON "gallery_photos" USING btree ("gallery_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_photos_performer_idx" ON "gallery_photos" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_photos_file_unique" ON "gallery_photos" USING btree ("file_id");
