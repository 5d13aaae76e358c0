#!/bin/sh
# First start of a PostgreSQL instance (docker-entrypoint-initdb.d): the login its service runs with, a member of the
# service's least-privilege role (the registry's ecrf_app, migration 0098; the pseudonymisation service's
# mainzelliste_app, its migration 0005), which may change rows but no schema and no audit row (docs/security.md).
# Migrations run as the owner (POSTGRES_USER). SERVICE_LOGIN, SERVICE_ROLE and SERVICE_LOGIN_PASSWORD come from the
# compose file.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v login="$SERVICE_LOGIN" -v role="$SERVICE_ROLE" -v password="$SERVICE_LOGIN_PASSWORD" <<'SQL'
CREATE ROLE :"role" NOLOGIN;
CREATE ROLE :"login" LOGIN PASSWORD :'password' IN ROLE :"role";
SQL
