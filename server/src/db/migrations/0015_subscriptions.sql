CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"requested_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_account_type" text NOT NULL,
	"payment_account_info" jsonb,
	"request_note" text DEFAULT '' NOT NULL,
	"admin_note" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_amount_positive" CHECK ("payout_requests"."requested_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"subscription_type" text NOT NULL,
	"kind" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"earnings_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"referral_cents" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_price_positive" CHECK ("subscription_payments"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"subscription_type" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"failed_renewals" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"free_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_price_not_negative" CHECK ("subscriptions"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "subscribers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "subscribers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "subscribers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_one_open" ON "payout_requests" USING btree ("performer_id") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "payout_requests_performer_idx" ON "payout_requests" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "payout_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_period_unique" ON "subscription_payments" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "subscription_payments_performer_idx" ON "subscription_payments" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_pair_unique" ON "subscriptions" USING btree ("user_id","performer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_performer_idx" ON "subscriptions" USING btree ("performer_id","status","expired_at");