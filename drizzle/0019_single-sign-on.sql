CREATE TABLE "sso_group_mappings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"role" text NOT NULL,
	"all_properties" boolean DEFAULT false NOT NULL,
	"properties" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "sso_group_mappings_group_name_unique" UNIQUE("group_name")
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"issuer" text,
	"client_id" text,
	"client_secret" text,
	"secret_key_id" text,
	"scopes" text,
	"label" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"tested_digest" text,
	"tested_at" timestamp with time zone,
	"create_accounts" boolean DEFAULT false NOT NULL,
	"trust_provider_emails" boolean DEFAULT false NOT NULL,
	"strict" boolean DEFAULT true NOT NULL,
	"group_claim" text DEFAULT 'groups' NOT NULL,
	"required_amr" text,
	"required_acr" text,
	"password_sign_in" text DEFAULT 'everyone' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "sso_id_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_source" text DEFAULT 'hand' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mapped_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mapped_all_properties" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mapped_properties" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "break_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_group_mappings" ADD CONSTRAINT "sso_group_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_idx" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_user_issuer_idx" ON "sso_identities" USING btree ("user_id","issuer");