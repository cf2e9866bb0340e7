CREATE TABLE "private_stream_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 15 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"stream_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_stream_requests_price_nonnegative" CHECK ("private_stream_requests"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stream_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"performer_id" text NOT NULL,
	"storage_path" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"type" text DEFAULT 'public' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subscribers_only" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"conversation_id" text,
	"duration_minutes" integer,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_viewers_nonnegative" CHECK ("streams"."viewer_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "private_call_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "private_stream_requests" ADD CONSTRAINT "private_stream_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_stream_requests" ADD CONSTRAINT "private_stream_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_stream_requests" ADD CONSTRAINT "private_stream_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_stream_requests" ADD CONSTRAINT "private_stream_requests_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_recordings" ADD CONSTRAINT "stream_recordings_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_recordings" ADD CONSTRAINT "stream_recordings_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_stream_requests_performer_idx" ON "private_stream_requests" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "private_stream_requests_user_idx" ON "private_stream_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stream_recordings_performer_idx" ON "stream_recordings" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_public_live" ON "streams" USING btree ("performer_id") WHERE "streams"."type" = 'public' and "streams"."state" <> 'finished';--> statement-breakpoint
CREATE INDEX "streams_performer_idx" ON "streams" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "streams_state_idx" ON "streams" USING btree ("state");