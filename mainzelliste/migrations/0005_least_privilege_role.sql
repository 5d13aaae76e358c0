-- Least privilege (issue 15 item 1), as the registry's ecrf_app: the role `mainzelliste_app` reads and writes the
-- service's tables, but on its audit log only INSERT and SELECT, and it owns nothing (no DDL, no DISABLE TRIGGER).
-- Migrations run as the owner (MAINZELLISTE_MIGRATION_DATABASE_URL); the service logs in as a member of the role.
DO $$
BEGIN
  CREATE ROLE mainzelliste_app NOLOGIN;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

GRANT USAGE ON SCHEMA mainzelliste TO mainzelliste_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA mainzelliste TO mainzelliste_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA mainzelliste TO mainzelliste_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA mainzelliste GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mainzelliste_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA mainzelliste GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO mainzelliste_app;

REVOKE UPDATE, DELETE, TRUNCATE ON mainzelliste.audit_event FROM mainzelliste_app;
