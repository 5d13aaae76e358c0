-- Least privilege (issue 31 item 2), as the registry's 0110: the service's login cannot mark a migration as applied
-- or unapplied, so it cannot steer what the owner runs at the next start.
REVOKE INSERT, UPDATE, DELETE ON mainzelliste.schema_migration FROM mainzelliste_app;
