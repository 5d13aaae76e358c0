-- Address and contact of an institute (ecrf-calls.md §5: postal code exactly 5 digits, optional phone
-- with digits and hyphen). Nullable: the seeded and synced institutes may not have them.
ALTER TABLE institute ADD COLUMN IF NOT EXISTS street text;
ALTER TABLE institute ADD COLUMN IF NOT EXISTS postal_code text;
ALTER TABLE institute ADD COLUMN IF NOT EXISTS city text;
ALTER TABLE institute ADD COLUMN IF NOT EXISTS phone text;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'institute_postal_code_check') THEN
    ALTER TABLE institute ADD CONSTRAINT institute_postal_code_check CHECK (postal_code IS NULL OR postal_code ~ '^[0-9]{5}$');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'institute_phone_check') THEN
    ALTER TABLE institute ADD CONSTRAINT institute_phone_check CHECK (phone IS NULL OR phone ~ '^[0-9-]+$');
  END IF;
END
$$;
