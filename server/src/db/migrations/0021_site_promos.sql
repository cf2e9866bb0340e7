CREATE TABLE "site_promos" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'top' NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_promos_window" CHECK ("site_promos"."start_at" is null or "site_promos"."end_at" is null or "site_promos"."start_at" < "site_promos"."end_at")
);
--> statement-breakpoint
CREATE INDEX "site_promos_shown_idx" ON "site_promos" USING btree ("status","ordering");