CREATE TABLE "token_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"tokens_cents" bigint NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_packages_price_positive" CHECK ("token_packages"."price_cents" > 0),
	CONSTRAINT "token_packages_tokens_positive" CHECK ("token_packages"."tokens_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "token_packages_ordering_idx" ON "token_packages" USING btree ("is_active","ordering");