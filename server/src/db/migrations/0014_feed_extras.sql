CREATE TABLE "feed_crowdfunding" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"feed_id" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goal_cents" bigint NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"contributors" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_crowdfunding_amounts" CHECK ("feed_crowdfunding"."goal_cents" > 0 and "feed_crowdfunding"."raised_cents" >= 0 and "feed_crowdfunding"."contributors" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feed_crowdfunding_backers" (
	"crowdfunding_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_crowdfunding_backers_crowdfunding_id_user_id_pk" PRIMARY KEY("crowdfunding_id","user_id"),
	CONSTRAINT "feed_crowdfunding_backers_amount_positive" CHECK ("feed_crowdfunding_backers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "feed_poll_options" (
	"id" text PRIMARY KEY NOT NULL,
	"poll_id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_poll_options_total_not_negative" CHECK ("feed_poll_options"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feed_poll_votes" (
	"poll_id" text NOT NULL,
	"user_id" text NOT NULL,
	"option_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "feed_polls" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"feed_id" text,
	"description" text DEFAULT '' NOT NULL,
	"expired_at" timestamp with time zone,
	"total_votes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_polls_votes_not_negative" CHECK ("feed_polls"."total_votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feed_previews" (
	"feed_id" text PRIMARY KEY NOT NULL,
	"thumbnail_file_id" text,
	"teaser_file_id" text
);
--> statement-breakpoint
ALTER TABLE "feed_crowdfunding" ADD CONSTRAINT "feed_crowdfunding_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_crowdfunding" ADD CONSTRAINT "feed_crowdfunding_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_crowdfunding_backers" ADD CONSTRAINT "feed_crowdfunding_backers_crowdfunding_id_feed_crowdfunding_id_fk" FOREIGN KEY ("crowdfunding_id") REFERENCES "public"."feed_crowdfunding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_crowdfunding_backers" ADD CONSTRAINT "feed_crowdfunding_backers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_poll_options" ADD CONSTRAINT "feed_poll_options_poll_id_feed_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."feed_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_poll_votes" ADD CONSTRAINT "feed_poll_votes_poll_id_feed_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."feed_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_poll_votes" ADD CONSTRAINT "feed_poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_poll_votes" ADD CONSTRAINT "feed_poll_votes_option_id_feed_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."feed_poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_polls" ADD CONSTRAINT "feed_polls_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_polls" ADD CONSTRAINT "feed_polls_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_previews" ADD CONSTRAINT "feed_previews_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_previews" ADD CONSTRAINT "feed_previews_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_previews" ADD CONSTRAINT "feed_previews_teaser_file_id_files_id_fk" FOREIGN KEY ("teaser_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_crowdfunding_feed_unique" ON "feed_crowdfunding" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "feed_crowdfunding_performer_idx" ON "feed_crowdfunding" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "feed_poll_options_poll_idx" ON "feed_poll_options" USING btree ("poll_id","position");--> statement-breakpoint
CREATE INDEX "feed_poll_votes_option_idx" ON "feed_poll_votes" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_polls_feed_unique" ON "feed_polls" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "feed_polls_performer_idx" ON "feed_polls" USING btree ("performer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_previews_thumbnail_unique" ON "feed_previews" USING btree ("thumbnail_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_previews_teaser_unique" ON "feed_previews" USING btree ("teaser_file_id");