CREATE TABLE "auto_schedule_placements" (
	"tenant_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"previous_appointment_date" timestamp with time zone,
	"previous_assignee_id" integer,
	"placed_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_schedule_placements_run_id_task_id_pk" PRIMARY KEY("run_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "auto_schedule_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_schedule_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"undone" timestamp with time zone,
	CONSTRAINT "auto_schedule_runs_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_tasks_per_day" integer;--> statement-breakpoint
ALTER TABLE "auto_schedule_placements" ADD CONSTRAINT "auto_schedule_placements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_schedule_placements" ADD CONSTRAINT "auto_schedule_placements_run_fk" FOREIGN KEY ("tenant_id","run_id") REFERENCES "public"."auto_schedule_runs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_schedule_placements" ADD CONSTRAINT "auto_schedule_placements_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_schedule_runs" ADD CONSTRAINT "auto_schedule_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_schedule_runs" ADD CONSTRAINT "auto_schedule_runs_created_by_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_schedule_placements_tenant_task_idx" ON "auto_schedule_placements" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "auto_schedule_runs_tenant_day_idx" ON "auto_schedule_runs" USING btree ("tenant_id","day");