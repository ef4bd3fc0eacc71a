CREATE TABLE "database_mode" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "database_mode_one_row" CHECK ("database_mode"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "key_id" text;--> statement-breakpoint
INSERT INTO "database_mode" ("id", "mode") SELECT 1, 'demo' WHERE EXISTS (SELECT 1 FROM "users" WHERE "email" LIKE '%@daybook.demo');
