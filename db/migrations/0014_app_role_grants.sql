-- Migration 0011 let fieldops_app (every tenant's calls) write every table. The shared catalogues are the same for
-- all tenants and only the seed, run as the migrating role, fills them: a tenant's call only reads them.
REVOKE ALL ON features, task_statuses, billing_statuses FROM fieldops_app;
--> statement-breakpoint
GRANT SELECT ON features, task_statuses, billing_statuses TO fieldops_app;
--> statement-breakpoint
-- rate_limits holds every tenant's sign-in keys (usernames, addresses). A tenant's call counts and clears its own
-- attempts through the two functions below, run with their owner's rights (the migrating role), and cannot read,
-- reset or rewrite any other key's count.
REVOKE ALL ON rate_limits FROM fieldops_app;
--> statement-breakpoint
-- Counts one attempt for the key in a fixed window and answers the count so far in that window. The search path
-- holds only pg_catalog (and pg_temp last), and every table is named with its schema, so a caller cannot slip its
-- own function or operator under the owner's rights.
CREATE FUNCTION take_rate_limit_attempt(attempt_key text, window_ms bigint, sweep_stale boolean)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  window_length interval := window_ms * interval '1 millisecond';
  attempts integer;
BEGIN
  INSERT INTO public.rate_limits AS counted (key, window_start, count) VALUES (attempt_key, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN counted.window_start <= now() - window_length THEN now() ELSE counted.window_start END,
    count = CASE WHEN counted.window_start <= now() - window_length THEN 1 ELSE counted.count + 1 END
  RETURNING counted.count INTO attempts;
  -- The longest window is an hour: older rows count for nothing.
  IF sweep_stale THEN
    DELETE FROM public.rate_limits WHERE window_start < now() - interval '1 hour';
  END IF;
  RETURN attempts;
END $$;
--> statement-breakpoint
CREATE FUNCTION clear_rate_limit_attempts(attempt_key text)
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$ DELETE FROM public.rate_limits WHERE key = attempt_key $$;
--> statement-breakpoint
-- Gives one attempt back: a budget that counts only failures takes every try up front and returns the successes.
CREATE FUNCTION refund_rate_limit_attempt(attempt_key text)
RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$ UPDATE public.rate_limits SET count = greatest(count - 1, 0) WHERE key = attempt_key $$;
--> statement-breakpoint
-- A new function may be run by anyone (PUBLIC) until told otherwise.
REVOKE ALL ON FUNCTION take_rate_limit_attempt(text, bigint, boolean), clear_rate_limit_attempts(text), refund_rate_limit_attempt(text)
  FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION take_rate_limit_attempt(text, bigint, boolean), clear_rate_limit_attempts(text), refund_rate_limit_attempt(text)
  TO fieldops_app;
--> statement-breakpoint
-- Inserting takes nextval, which needs USAGE; UPDATE on a sequence only adds setval, with which one tenant's call
-- could move an id sequence back onto other tenants' rows and make every insert fail. Later sequences likewise.
REVOKE UPDATE ON ALL SEQUENCES IN SCHEMA public FROM fieldops_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE UPDATE ON SEQUENCES FROM fieldops_app;
