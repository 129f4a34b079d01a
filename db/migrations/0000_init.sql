CREATE TYPE "public"."custom_field_display_type" AS ENUM('HIDDEN', 'READ_ONLY', 'EDITABLE');--> statement-breakpoint
CREATE TYPE "public"."custom_field_required_type" AS ENUM('ON_SAVE', 'ON_COMPLETION');--> statement-breakpoint
CREATE TYPE "public"."custom_field_type" AS ENUM('TEXT', 'NUMBER', 'DATE', 'BOOLEAN', 'SINGLE_SELECT', 'MULTI_SELECT', 'MULTI_SELECT_QUANTITY');--> statement-breakpoint
CREATE TYPE "public"."day_key" AS ENUM('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('EMAIL', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."notification_recipient" AS ENUM('CLIENT', 'WORKER');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('BEFORE_APPOINTMENT', 'ON_TASK_STATUS_CHANGE', 'ON_TASK_UPDATE', 'ON_TASK_DELAY');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('EMAIL', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."task_token_purpose" AS ENUM('FEEDBACK', 'TRACKING');--> statement-breakpoint
CREATE TYPE "public"."accounting_connection_method" AS ENUM('WEB_APP', 'CUSTOM');--> statement-breakpoint
CREATE TABLE "features" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_features" (
	"tenant_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_features_tenant_id_feature_id_pk" PRIMARY KEY("tenant_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"display_name" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/Rome' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"next_reference_number" integer DEFAULT 1 NOT NULL,
	"last_change_seq" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"username" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"image" text,
	"phone" text,
	"phone_country_code" text,
	"owner" boolean DEFAULT false NOT NULL,
	"tasks_manager" boolean DEFAULT false NOT NULL,
	"users_manager" boolean DEFAULT false NOT NULL,
	"billing_manager" boolean DEFAULT false NOT NULL,
	"assignee" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"preferred_language" text,
	"preferred_time_format" boolean DEFAULT true NOT NULL,
	"preferred_task_columns" text,
	"time_zone" text,
	"profile_picture_id" integer,
	"working_hours_template_id" integer,
	"first_login" boolean DEFAULT false NOT NULL,
	"lat" text,
	"lng" text,
	"lat_lng_timestamp" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"deleted" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"task_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"color" text NOT NULL,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cancellation_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancellation_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_reasons_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"color" text NOT NULL,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slots_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "time_slots_end_after_start" CHECK ("time_slots"."end_time" > "time_slots"."start_time")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"field_type" "custom_field_type" NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"required_type" "custom_field_required_type",
	"display_type" "custom_field_display_type" DEFAULT 'EDITABLE' NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_type_custom_fields" (
	"tenant_id" integer NOT NULL,
	"task_type_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	CONSTRAINT "task_type_custom_fields_pk" PRIMARY KEY("tenant_id","task_type_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "task_type_skills" (
	"tenant_id" integer NOT NULL,
	"task_type_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "task_type_skills_pk" PRIMARY KEY("tenant_id","task_type_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "task_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"duration_mins" integer DEFAULT 60 NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_types_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "task_types_duration_range" CHECK ("task_types"."duration_mins" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"default_contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_task_location" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"billing_contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"accounting_contact_id" text,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_field_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"field_value" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"reference_number" integer NOT NULL,
	"title" text NOT NULL,
	"type_id" integer NOT NULL,
	"client_id" integer,
	"description" varchar(100),
	"assignee_id" integer,
	"status_id" integer DEFAULT 1 NOT NULL,
	"billing_status_id" integer DEFAULT 1 NOT NULL,
	"cancelled" timestamp with time zone,
	"cancellation_reason_id" integer,
	"cancellation_reason_text" text,
	"appointment_date" timestamp with time zone,
	"duration_mins" integer DEFAULT 60 NOT NULL,
	"time_slot_id" integer,
	"location_address" text,
	"location_latitude" double precision,
	"location_longitude" double precision,
	"contact_name" text,
	"contact_surname" text,
	"contact_phone_country_code" text,
	"contact_phone" text,
	"external_reference" text,
	"completed_at" timestamp with time zone,
	"rating" numeric(2, 1),
	"feedback_comment" text,
	"recurring" boolean DEFAULT false NOT NULL,
	"recurring_task_id" integer,
	"recurring_rule" text,
	"recurring_count" integer,
	"repeat_every_option" text,
	"repeat_on" text,
	"end_recurrence" date,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted" timestamp with time zone,
	CONSTRAINT "tasks_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "tasks_rating_range" CHECK ("tasks"."rating" between 0 and 5),
	CONSTRAINT "tasks_duration_positive" CHECK ("tasks"."duration_mins" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploader_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" timestamp with time zone,
	CONSTRAINT "stored_files_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"filename" text NOT NULL,
	"description" varchar(100),
	"uploader_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"note" text NOT NULL,
	"author_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"filename" text NOT NULL,
	"uploader_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_timeline" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_timeline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer,
	"status_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_features" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "user_features_pk" PRIMARY KEY("user_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "user_skills" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "user_skills_pk" PRIMARY KEY("user_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "user_zones" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "user_zones_pk" PRIMARY KEY("user_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "worker_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worker_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"recorded" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zone_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"point_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#3db389' NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "worker_unavailability" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worker_unavailability_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date_unavailability" date NOT NULL,
	"hours" text DEFAULT ' ' NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours_template_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "working_hours_template_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"day" "day_key" NOT NULL,
	"hours" text DEFAULT ' ' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "working_hours_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "working_hours_templates_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"number_of_hours" integer,
	"status_id" integer,
	"recipient" "notification_recipient" NOT NULL,
	"message_type" "message_type" NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_hours_range" CHECK ("notifications"."number_of_hours" is null or "notifications"."number_of_hours" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" "outbox_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"notification_id" integer,
	"task_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"expiry" timestamp with time zone,
	"roles" jsonb DEFAULT '["tasksManager"]'::jsonb NOT NULL,
	"created_by_id" integer,
	"last_used" timestamp with time zone,
	"deleted" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_access_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"purpose" "task_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_method" "accounting_connection_method" DEFAULT 'WEB_APP' NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"token" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_features" ADD CONSTRAINT "tenant_features_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_features" ADD CONSTRAINT "tenant_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_fk" FOREIGN KEY ("tenant_id","profile_picture_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_working_hours_template_fk" FOREIGN KEY ("tenant_id","working_hours_template_id") REFERENCES "public"."working_hours_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_changes" ADD CONSTRAINT "task_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD CONSTRAINT "cancellation_reasons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_custom_fields" ADD CONSTRAINT "task_type_custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_custom_fields" ADD CONSTRAINT "task_type_custom_fields_task_type_fk" FOREIGN KEY ("tenant_id","task_type_id") REFERENCES "public"."task_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_custom_fields" ADD CONSTRAINT "task_type_custom_fields_field_fk" FOREIGN KEY ("tenant_id","custom_field_id") REFERENCES "public"."custom_fields"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_skills" ADD CONSTRAINT "task_type_skills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_skills" ADD CONSTRAINT "task_type_skills_task_type_fk" FOREIGN KEY ("tenant_id","task_type_id") REFERENCES "public"."task_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_skills" ADD CONSTRAINT "task_type_skills_skill_fk" FOREIGN KEY ("tenant_id","skill_id") REFERENCES "public"."skills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_fk" FOREIGN KEY ("tenant_id","custom_field_id") REFERENCES "public"."custom_fields"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_id_task_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."task_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_billing_status_id_billing_statuses_id_fk" FOREIGN KEY ("billing_status_id") REFERENCES "public"."billing_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_type_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."task_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_cancellation_reason_fk" FOREIGN KEY ("tenant_id","cancellation_reason_id") REFERENCES "public"."cancellation_reasons"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_time_slot_fk" FOREIGN KEY ("tenant_id","time_slot_id") REFERENCES "public"."time_slots"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurring_parent_fk" FOREIGN KEY ("tenant_id","recurring_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploader_fk" FOREIGN KEY ("tenant_id","uploader_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_stored_file_fk" FOREIGN KEY ("tenant_id","stored_file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_uploader_fk" FOREIGN KEY ("tenant_id","uploader_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_author_fk" FOREIGN KEY ("tenant_id","author_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_signatures" ADD CONSTRAINT "task_signatures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_signatures" ADD CONSTRAINT "task_signatures_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_signatures" ADD CONSTRAINT "task_signatures_stored_file_fk" FOREIGN KEY ("tenant_id","stored_file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_signatures" ADD CONSTRAINT "task_signatures_uploader_fk" FOREIGN KEY ("tenant_id","uploader_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_timeline" ADD CONSTRAINT "task_timeline_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_timeline" ADD CONSTRAINT "task_timeline_status_id_task_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."task_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_timeline" ADD CONSTRAINT "task_timeline_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_timeline" ADD CONSTRAINT "task_timeline_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_skill_fk" FOREIGN KEY ("tenant_id","skill_id") REFERENCES "public"."skills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_zones" ADD CONSTRAINT "user_zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_zones" ADD CONSTRAINT "user_zones_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_zones" ADD CONSTRAINT "user_zones_zone_fk" FOREIGN KEY ("tenant_id","zone_id") REFERENCES "public"."zones"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_positions" ADD CONSTRAINT "worker_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_positions" ADD CONSTRAINT "worker_positions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_points" ADD CONSTRAINT "zone_points_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_points" ADD CONSTRAINT "zone_points_zone_fk" FOREIGN KEY ("tenant_id","zone_id") REFERENCES "public"."zones"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_unavailability" ADD CONSTRAINT "worker_unavailability_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_unavailability" ADD CONSTRAINT "worker_unavailability_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours_template_days" ADD CONSTRAINT "working_hours_template_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours_template_days" ADD CONSTRAINT "working_hours_template_days_template_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."working_hours_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours_templates" ADD CONSTRAINT "working_hours_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_id_task_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."task_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_access_tokens" ADD CONSTRAINT "task_access_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_access_tokens" ADD CONSTRAINT "task_access_tokens_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_credentials" ADD CONSTRAINT "accounting_credentials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_unique" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "users_tenant_assignee_idx" ON "users" USING btree ("tenant_id","assignee","active");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "task_changes_tenant_seq_unique" ON "task_changes" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_reasons_tenant_name_unique" ON "cancellation_reasons" USING btree ("tenant_id",lower("name")) WHERE "cancellation_reasons"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_tenant_name_unique" ON "skills" USING btree ("tenant_id",lower("name")) WHERE "skills"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_tenant_name_unique" ON "time_slots" USING btree ("tenant_id",lower("name")) WHERE "time_slots"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_tenant_name_unique" ON "custom_fields" USING btree ("tenant_id",lower("field_name")) WHERE "custom_fields"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_types_tenant_name_unique" ON "task_types" USING btree ("tenant_id",lower("name")) WHERE "task_types"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_tenant_name_unique" ON "clients" USING btree ("tenant_id",lower("display_name")) WHERE "clients"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_task_field_unique" ON "custom_field_values" USING btree ("tenant_id","task_id","custom_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_tenant_reference_unique" ON "tasks" USING btree ("tenant_id","reference_number");--> statement-breakpoint
CREATE INDEX "tasks_tenant_appointment_idx" ON "tasks" USING btree ("tenant_id","appointment_date");--> statement-breakpoint
CREATE INDEX "tasks_tenant_assignee_appointment_idx" ON "tasks" USING btree ("tenant_id","assignee_id","appointment_date");--> statement-breakpoint
CREATE INDEX "tasks_tenant_unscheduled_idx" ON "tasks" USING btree ("tenant_id","created") WHERE "tasks"."appointment_date" is null and "tasks"."deleted" is null;--> statement-breakpoint
CREATE INDEX "tasks_tenant_completed_idx" ON "tasks" USING btree ("tenant_id","completed_at") WHERE "tasks"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_tenant_recurring_parent_idx" ON "tasks" USING btree ("tenant_id","recurring_task_id") WHERE "tasks"."recurring_task_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_tenant_client_idx" ON "tasks" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_unique" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_tenant_idx" ON "stored_files" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "task_files_tenant_task_idx" ON "task_files" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "task_logs_tenant_task_idx" ON "task_logs" USING btree ("tenant_id","task_id","created");--> statement-breakpoint
CREATE INDEX "task_notes_tenant_task_idx" ON "task_notes" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "task_signatures_tenant_task_idx" ON "task_signatures" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "task_timeline_tenant_task_idx" ON "task_timeline" USING btree ("tenant_id","task_id","created");--> statement-breakpoint
CREATE INDEX "user_features_tenant_idx" ON "user_features" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "user_skills_tenant_skill_idx" ON "user_skills" USING btree ("tenant_id","skill_id");--> statement-breakpoint
CREATE INDEX "user_zones_tenant_zone_idx" ON "user_zones" USING btree ("tenant_id","zone_id");--> statement-breakpoint
CREATE INDEX "worker_positions_tenant_user_recorded_idx" ON "worker_positions" USING btree ("tenant_id","user_id","recorded");--> statement-breakpoint
CREATE UNIQUE INDEX "zone_points_zone_order_unique" ON "zone_points" USING btree ("tenant_id","zone_id","point_order");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_tenant_name_unique" ON "zones" USING btree ("tenant_id",lower("name")) WHERE "zones"."deleted" is null;--> statement-breakpoint
CREATE INDEX "worker_unavailability_tenant_date_idx" ON "worker_unavailability" USING btree ("tenant_id","date_unavailability");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_unavailability_user_date_unique" ON "worker_unavailability" USING btree ("tenant_id","user_id","date_unavailability") WHERE "worker_unavailability"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "working_hours_template_days_template_day_unique" ON "working_hours_template_days" USING btree ("tenant_id","template_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "working_hours_templates_tenant_name_unique" ON "working_hours_templates" USING btree ("tenant_id",lower("name")) WHERE "working_hours_templates"."deleted" is null;--> statement-breakpoint
CREATE INDEX "notifications_tenant_type_idx" ON "notifications" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "outbox_tenant_created_idx" ON "outbox" USING btree ("tenant_id","created");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_tenant_name_unique" ON "api_keys" USING btree ("tenant_id",lower("name")) WHERE "api_keys"."deleted" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_access_tokens_hash_unique" ON "task_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "task_access_tokens_tenant_task_idx" ON "task_access_tokens" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_credentials_tenant_unique" ON "accounting_credentials" USING btree ("tenant_id");