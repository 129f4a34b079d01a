-- Each app process keeps a few seconds of authenticated sessions in memory (lib/server/auth/session-cache.ts) and
-- listens on auth_changes to forget them: any change that can revoke or alter a caller (logout, a deleted or
-- refreshed session, a user deactivated, deleted or given other roles, a tenant's features or time zone) says so
-- here, from the database itself, so that no code path (nor a hand-written UPDATE) can skip it. PostgreSQL sends
-- the notification at commit and folds repeats of one payload within a transaction.
CREATE FUNCTION "auth_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changes', 'all');
  ELSE
    PERFORM pg_notify('auth_changes', TG_ARGV[0] || ':' || (coalesce(to_jsonb(OLD), to_jsonb(NEW)) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changes" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changes_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changes" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('user', 'id');
--> statement-breakpoint
CREATE TRIGGER "users_auth_changes_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "tenant_features_auth_changes" AFTER INSERT OR UPDATE OR DELETE ON "tenant_features" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('tenant', 'tenant_id');
--> statement-breakpoint
CREATE TRIGGER "tenants_auth_changes" AFTER UPDATE OR DELETE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"('tenant', 'id');
