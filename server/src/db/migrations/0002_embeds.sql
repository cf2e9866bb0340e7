CREATE TABLE "embed_origins" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embed_origins" ADD CONSTRAINT "embed_origins_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "embed_origins_performer_origin_unique" ON "embed_origins" USING btree ("performer_id","origin");