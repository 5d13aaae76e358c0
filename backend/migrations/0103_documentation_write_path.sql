-- The one write path of patient documentation (issue 25).
-- A withdrawn signature stays visible: who withdrew it, when, why, and the signature it was (ecrf-core.md §4 signed
-- visits; 21 CFR 11.70: a signature stays linked to its record, and its withdrawal is part of the record's history).
ALTER TABLE visit ADD COLUMN IF NOT EXISTS signature_withdrawal jsonb;
-- Case process steps carry a version like every other documentation record, so a stale write is refused there too.
ALTER TABLE case_process_step ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1;
