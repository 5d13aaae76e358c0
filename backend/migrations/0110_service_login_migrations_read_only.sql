-- Least privilege (issue 31 item 2): the services' login reads which migrations ran (GET System) but cannot mark a
-- migration as applied or unapplied, so it cannot steer what the owner runs at the next start. On servers older than
-- PostgreSQL 15 every role may create objects in the schema public; here only the owner may (15 and later: already so).
REVOKE INSERT, UPDATE, DELETE ON schema_migration FROM ecrf_app;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
