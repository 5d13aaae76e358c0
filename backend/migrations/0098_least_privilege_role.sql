-- Least privilege (issue 15 item 1; EMA GCP guideline on computerised systems 6.2.1, 21 CFR 11.10(e)): the
-- role `ecrf_app` holds what the services need and no more. It reads and writes the application's tables, but
-- on the audit trail it may only INSERT and SELECT: no UPDATE, DELETE or TRUNCATE, and as it owns nothing it
-- cannot disable the trail's triggers, nor (not being a superuser) set session_replication_role. Migrations run
-- as the owner; docs/security.md says how the services log in as a member of ecrf_app on a real server.
-- Roles are cluster-wide: a concurrent migration of another database may create it first.
DO $$
BEGIN
  CREATE ROLE ecrf_app NOLOGIN;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

GRANT USAGE ON SCHEMA public TO ecrf_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ecrf_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ecrf_app;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ecrf_app;
-- Tables of later migrations (created by the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ecrf_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ecrf_app;

REVOKE UPDATE, DELETE, TRUNCATE ON audit_trail FROM ecrf_app;
