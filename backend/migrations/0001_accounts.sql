-- Accounts, roles and rights (ecrf-core.md §3, §6) and the sign-in state of ecrf-core.md §7.
-- Idempotent (IF NOT EXISTS) so a half-applied script can be re-run; the migrator records applied files.

CREATE TABLE IF NOT EXISTS role (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE,
  display_name text NOT NULL
);

-- "right" is an SQL keyword (RIGHT JOIN), hence the prefix.
CREATE TABLE IF NOT EXISTS app_right (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS role_right (
  role_id uuid NOT NULL REFERENCES role (id) ON DELETE CASCADE,
  right_id uuid NOT NULL REFERENCES app_right (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, right_id)
);

-- "user" is reserved in PostgreSQL, hence the prefix.
CREATE TABLE IF NOT EXISTS app_user (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_name text NOT NULL,
  display_name text NOT NULL,
  email_address text,
  role_id uuid NOT NULL REFERENCES role (id),
  person_data jsonb,
  password_hash text NOT NULL,
  is_deactivated boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  failed_sign_in_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  password_changed_at timestamptz,
  password_synced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in names are unique regardless of case so "CaseManager" and "casemanager" cannot both exist.
CREATE UNIQUE INDEX IF NOT EXISTS app_user_user_name_key ON app_user (lower(user_name));
CREATE INDEX IF NOT EXISTS app_user_email_idx ON app_user (lower(email_address));

-- Rotating refresh tokens, stored only as sha256 hashes; a family is one sign-in (docs/backend.md).
CREATE TABLE IF NOT EXISTS refresh_token (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id),
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS refresh_token_family_idx ON refresh_token (family_id);
CREATE INDEX IF NOT EXISTS refresh_token_user_idx ON refresh_token (user_id);

-- Single-use password recovery challenges, stored only as sha256 hashes.
CREATE TABLE IF NOT EXISTS password_recovery_challenge (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id),
  challenge_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  invalidated_at timestamptz
);
CREATE INDEX IF NOT EXISTS password_recovery_challenge_user_idx ON password_recovery_challenge (user_id);
