-- Open live streams end when their caller's access does (lib/server/realtime/stream-access.ts), on the same
-- auth_changes notifications as the session cache. Two changes make that exact and cheap:
-- An API key revoked (deleted), given another expiry or other roles, or removed, tells its maker's channel
-- (`user:<created_by_id>`): a stream opened with the key acts as that user. Marking the key used tells nobody.
CREATE TRIGGER "api_keys_auth_changes" AFTER UPDATE ON "api_keys" FOR EACH ROW
  WHEN (OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.expiry IS DISTINCT FROM NEW.expiry OR OLD.roles IS DISTINCT FROM NEW.roles
    OR OLD.created_by_id IS DISTINCT FROM NEW.created_by_id OR OLD.key_hash IS DISTINCT FROM NEW.key_hash)
  EXECUTE FUNCTION "auth_changes_notify"('user', 'created_by_id');
--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changes_delete" AFTER DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('user', 'created_by_id');
--> statement-breakpoint
CREATE TRIGGER "api_keys_auth_changes_truncate" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
-- Every task change bumps its tenant's last_change_seq (lib/server/realtime/publish.ts), which told `tenant:<id>`
-- each time: every open stream of the tenant would check its access again at every change. Only a change to
-- what a caller carries (the time zone, a deleted or renamed tenant, ...) tells it now.
DROP TRIGGER "tenants_auth_changes" ON "tenants";
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changes" AFTER UPDATE ON "tenants" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_change_seq') IS DISTINCT FROM (to_jsonb(NEW) - 'last_change_seq'))
  EXECUTE FUNCTION "auth_changes_notify"('tenant', 'id');
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changes_delete" AFTER DELETE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('tenant', 'id');
