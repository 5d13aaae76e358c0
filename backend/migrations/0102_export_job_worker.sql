-- The process running an export job's current attempt (host:pid), so an operator (and the failover test) can tell
-- which replica holds it. `attempts` numbers the attempts and fences them: only the attempt the row names may renew
-- its lease, record progress or end the job (export-runtime.ts).
ALTER TABLE export_job ADD COLUMN IF NOT EXISTS worker text;
