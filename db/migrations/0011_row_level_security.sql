-- Row-level security: each tenant's API calls and pages run as fieldops_app with app.tenant_id set on their
-- connection (lib/server/db/tenant-scope.ts), so a statement that forgot its tenant filter still sees one tenant.
-- The migrating role owns the tables and keeps its access (sign-in, public links, jobs). Roles are shared by every
-- database of a cluster, and test databases migrate side by side: creating the role twice is not an error. An
-- administrator may also create it beforehand (README), for a migrating role without CREATEROLE.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fieldops_app') THEN
    CREATE ROLE fieldops_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  -- A superuser may SET ROLE to any role; any other migrating role must be a member to switch to it.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'fieldops_app', 'MEMBER') THEN
    EXECUTE format('GRANT fieldops_app TO %I', current_user);
  END IF;
EXCEPTION WHEN unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO fieldops_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO fieldops_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO fieldops_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO fieldops_app;
--> statement-breakpoint
-- Sign-in's e-mail verifications: no tenant's call reads or writes them.
REVOKE ALL ON verifications FROM fieldops_app;
--> statement-breakpoint
CREATE FUNCTION app_tenant_id() RETURNS integer LANGUAGE sql STABLE
AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::integer $$;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table text;
BEGIN
  FOR tenant_table IN
    SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind = 'r'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO fieldops_app USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())',
      tenant_table
    );
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants TO fieldops_app USING (id = app_tenant_id()) WITH CHECK (id = app_tenant_id());
--> statement-breakpoint
-- A session or a password belongs to a user, and users are already kept to the tenant.
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions TO fieldops_app
  USING (EXISTS (SELECT 1 FROM users WHERE users.id = sessions.user_id))
  WITH CHECK (EXISTS (SELECT 1 FROM users WHERE users.id = sessions.user_id));
--> statement-breakpoint
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON accounts TO fieldops_app
  USING (EXISTS (SELECT 1 FROM users WHERE users.id = accounts.user_id))
  WITH CHECK (EXISTS (SELECT 1 FROM users WHERE users.id = accounts.user_id));
