-- Open live streams end when their caller's access does (lib/server/realtime/stream-access.ts), on the same
-- auth_changes notifications as the session cache. Two changes make that exact and cheap:
-- Any write to an API key (revoked, another expiry or roles, removed) tells its maker's channel
-- (`user:<created_by_id>`): a stream opened with the key acts as that user. Only marking the key used, which every
-- call by key does, tells nobody.
CREATE TRIGGER "api_keys_auth_changes" AFTER UPDATE ON "api_keys" FOR EACH ROW
  WHEN (OLD.last_used IS NOT DISTINCT FROM NEW.last_used
    OR (to_jsonb(OLD) - 'last_used') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used'))
  EXECUTE FUNCTION "auth_changes_notify"('user', 'created_by_id');
--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changes_delete" AFTER DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('user', 'created_by_id');
--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changes_truncate" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
-- Every task change bumps its tenant's last_change_seq (lib/server/realtime/publish.ts), which told `tenant:<id>`
-- each time: every open stream of the tenant would check its access again at every change. An update that only
-- bumps that counter tells nobody now; any other write to the row still does.
DROP TRIGGER "tenants_auth_changes" ON "tenants";
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changes" AFTER UPDATE ON "tenants" FOR EACH ROW
  WHEN (OLD.last_change_seq IS NOT DISTINCT FROM NEW.last_change_seq
    OR (to_jsonb(OLD) - 'last_change_seq') IS DISTINCT FROM (to_jsonb(NEW) - 'last_change_seq'))
  EXECUTE FUNCTION "auth_changes_notify"('tenant', 'id');
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changes_delete" AFTER DELETE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('tenant', 'id');
