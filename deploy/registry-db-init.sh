#!/bin/sh
# First start of the registry's PostgreSQL (docker-entrypoint-initdb.d): the login the backends run with, a member of
# ecrf_app (migration 0098 grants that role what the services need and no more; docs/security.md). Migrations run
# as the owner (POSTGRES_USER, MIGRATION_DATABASE_URL of the backends).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REGISTRY_SERVICE_DB_PASSWORD" <<'SQL'
CREATE ROLE ecrf_app NOLOGIN;
CREATE ROLE ecrf_service LOGIN PASSWORD :'password' IN ROLE ecrf_app;
SQL
