-- Idempotency keys (issue 15 item 7, Stripe's semantics): a POST sent again with the same Idempotency-Key by the
-- same user gets the first answer again; with another request under the same key, 422. Kept 24 hours.
-- `status` is null while the first request runs; answers of 5xx are not kept (the retry runs again).
CREATE TABLE IF NOT EXISTS idempotency_key (
  user_id uuid NOT NULL REFERENCES app_user (id),
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  -- sha256 of method, path and body: what "the same request" means.
  request_hash text NOT NULL,
  status integer,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_key_created_idx ON idempotency_key (created_at);
