-- The task reference counter moves off the tenants row to a row of its own: a creation holds the counter's lock
-- until it commits, and every task write locks the tenants row to publish its live change (last_change_seq). On one
-- row, every write of a tenant queued behind any open creation, CSV import batch or recurrence.
CREATE TABLE "task_reference_counters" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"next_reference_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_reference_counters" ADD CONSTRAINT "task_reference_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing tenant keeps its next number; later tenants get their row with their first allocation.
INSERT INTO "task_reference_counters" ("tenant_id", "next_reference_number")
  SELECT "id", "next_reference_number" FROM "tenants";
--> statement-breakpoint
-- Migration 0011 gave a policy to the tenant tables of its day; a new one needs its own (and its grant, should the
-- default privileges belong to another role than this migration's).
GRANT SELECT, INSERT, UPDATE, DELETE ON "task_reference_counters" TO fieldops_app;
--> statement-breakpoint
ALTER TABLE "task_reference_counters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "task_reference_counters" TO fieldops_app
  USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "next_reference_number";
