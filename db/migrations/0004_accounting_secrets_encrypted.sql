ALTER TABLE "accounting_credentials" ALTER COLUMN "client_secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD COLUMN "client_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD COLUMN "token_encrypted" text;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD COLUMN "authorisation_state_hash" text;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD COLUMN "authorisation_state_expires" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD COLUMN "authorisation_user_id" integer;