ALTER TABLE "files" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration_seconds" real;