CREATE TABLE "feed_files" (
	"feed_id" text NOT NULL,
	"file_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "feed_files_feed_id_file_id_pk" PRIMARY KEY("feed_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_files_file_unique" ON "feed_files" USING btree ("file_id");