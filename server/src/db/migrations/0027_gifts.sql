CREATE TABLE "gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	"image_url" text,
	"price_cents" bigint NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_price_positive" CHECK ("gifts"."price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "gifts_listed_idx" ON "gifts" USING btree ("hidden","ordering");