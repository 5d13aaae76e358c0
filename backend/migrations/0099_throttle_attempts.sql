-- Failed attempts counted by the throttles (sign-in, password recovery, questionnaire access codes; issue 15
-- item 6), kept here so that every backend replica counts the same attempts (issue 16 item 4). The key (an
-- address or an account name) is stored only as a sha256, so the table names nobody. Rows older than the
-- longest window are deleted as new ones come.
CREATE TABLE IF NOT EXISTS throttle_attempt (
  scope text NOT NULL,
  key_hash bytea NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS throttle_attempt_key_idx ON throttle_attempt (scope, key_hash, attempted_at);
CREATE INDEX IF NOT EXISTS throttle_attempt_time_idx ON throttle_attempt (attempted_at);
