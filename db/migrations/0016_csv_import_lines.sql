CREATE TABLE "csv_import_lines" (
	"tenant_id" integer NOT NULL,
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csv_import_lines_pk" PRIMARY KEY("tenant_id","import_id","line")
);
--> statement-breakpoint
ALTER TABLE "csv_import_lines" ADD CONSTRAINT "csv_import_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csv_import_lines_created_idx" ON "csv_import_lines" USING btree ("created");--> statement-breakpoint
-- Migration 0011 gave a policy to the tenant tables of its day; a new one needs its own (and its grant, should the
-- default privileges belong to another role than this migration's).
GRANT SELECT, INSERT, UPDATE, DELETE ON "csv_import_lines" TO fieldops_app;
--> statement-breakpoint
ALTER TABLE "csv_import_lines" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "csv_import_lines" TO fieldops_app
  USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
