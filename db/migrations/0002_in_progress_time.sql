DROP INDEX "task_timeline_in_progress_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "in_progress_seconds" double precision;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "in_progress_since" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "task_timeline_in_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A timeline row ends the task's open "in progress" span, if any, and a row of status 2 opens a new one.
  UPDATE "tasks" SET
    "in_progress_seconds" = CASE
      WHEN "in_progress_since" IS NOT NULL
        THEN coalesce("in_progress_seconds", 0) + extract(epoch FROM (NEW."created" - "in_progress_since"))
      WHEN NEW."status_id" = 2 THEN coalesce("in_progress_seconds", 0)
      ELSE "in_progress_seconds"
    END,
    "in_progress_since" = CASE WHEN NEW."status_id" = 2 THEN NEW."created" END
  WHERE "tenant_id" = NEW."tenant_id" AND "id" = NEW."task_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "task_timeline_in_progress" AFTER INSERT ON "task_timeline"
  FOR EACH ROW EXECUTE FUNCTION "task_timeline_in_progress"();--> statement-breakpoint
UPDATE "tasks" SET
  "in_progress_seconds" = coalesce("spans"."closed", 0),
  "in_progress_since" = "spans"."open_since"
FROM (
  SELECT "tenant_id", "task_id",
    sum(extract(epoch FROM ("next_at" - "created"))) FILTER (WHERE "status_id" = 2 AND "next_at" IS NOT NULL) AS "closed",
    max("created") FILTER (WHERE "status_id" = 2 AND "next_at" IS NULL) AS "open_since",
    bool_or("status_id" = 2) AS "ever"
  FROM (
    SELECT "tenant_id", "task_id", "status_id", "created",
      lead("created") OVER (PARTITION BY "tenant_id", "task_id" ORDER BY "created", "id") AS "next_at"
    FROM "task_timeline"
  ) "rows"
  GROUP BY "tenant_id", "task_id"
) "spans"
WHERE "tasks"."tenant_id" = "spans"."tenant_id" AND "tasks"."id" = "spans"."task_id" AND "spans"."ever";
