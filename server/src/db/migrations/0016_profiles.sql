CREATE TABLE "category_performers" (
	"performer_id" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_performers_performer_id_category_id_pk" PRIMARY KEY("performer_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "performer_banking" (
	"performer_id" text PRIMARY KEY NOT NULL,
	"pix_key_type" text,
	"pix_key" text,
	"bank_name" text,
	"bank_code" text,
	"agency" text,
	"account" text,
	"account_type" text,
	"holder_name" text,
	"holder_document" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_payment_gateways" (
	"performer_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"stripe_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "welcome_video_file_id" text;--> statement-breakpoint
ALTER TABLE "category_performers" ADD CONSTRAINT "category_performers_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_performers" ADD CONSTRAINT "category_performers_category_id_performer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."performer_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_banking" ADD CONSTRAINT "performer_banking_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_payment_gateways" ADD CONSTRAINT "performer_payment_gateways_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_performers_category_idx" ON "category_performers" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_categories_name_unique" ON "performer_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "performer_categories_slug_unique" ON "performer_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "performer_categories_ordering_idx" ON "performer_categories" USING btree ("ordering","name");--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_welcome_video_file_id_files_id_fk" FOREIGN KEY ("welcome_video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;