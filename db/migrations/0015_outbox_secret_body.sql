ALTER TABLE "outbox" ADD COLUMN "secret_body" text;--> statement-breakpoint
-- A message's secret (a first-login password, a reset link's token) is kept apart from the body the Outbox screen
-- shows, and the tenants' role may write it but never read it back: only the sender, under the migrating role,
-- reads it. Column privileges instead of the table's SELECT: a column added to outbox later must be granted here too.
REVOKE SELECT ON "outbox" FROM fieldops_app;
--> statement-breakpoint
GRANT SELECT ("id", "tenant_id", "channel", "recipient", "subject", "body", "status", "attempts", "last_error", "next_attempt_at", "claimed_until", "sent_at", "notification_id", "task_id", "attachment", "created") ON "outbox" TO fieldops_app;
