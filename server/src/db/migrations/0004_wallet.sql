CREATE TABLE "idempotency_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"owner" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"target_id" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"user_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"earnings_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"referral_cents" bigint DEFAULT 0 NOT NULL,
	"message" text,
	"conversation_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_charges_price_positive" CHECK ("wallet_charges"."price_cents" > 0),
	CONSTRAINT "wallet_charges_split_sums" CHECK ("wallet_charges"."earnings_cents" >= 0 and "wallet_charges"."platform_cents" >= 0 and "wallet_charges"."referral_cents" >= 0 and "wallet_charges"."earnings_cents" + "wallet_charges"."platform_cents" + "wallet_charges"."referral_cents" = "wallet_charges"."price_cents")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_charges_user_idx" ON "wallet_charges" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "wallet_charges_performer_idx" ON "wallet_charges" USING btree ("performer_id","updated_at");--> statement-breakpoint
CREATE INDEX "wallet_charges_target_idx" ON "wallet_charges" USING btree ("target","target_id");