-- Links of registry patients to their identity in the pseudonymisation service (issue 6): the service's
-- id type and id string (pseudonym) only, never IDAT (docs/mainzelliste.md "How the registry uses it").
CREATE TABLE IF NOT EXISTS patient_identity_link (
  patient_id uuid PRIMARY KEY REFERENCES patient (id),
  id_type text NOT NULL,
  id_string text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  linked_by uuid REFERENCES app_user (id)
);
CREATE UNIQUE INDEX IF NOT EXISTS patient_identity_link_id_idx ON patient_identity_link (id_type, id_string);
