-- oBDS proposals name where their instrument lives (docs/obds-import.md "Which visit"): the baseline visit, the
-- follow-up visit of the report's day, or a standalone instrument. Proposals stored before (0120) all went to the
-- baseline visit; they say so now, as the mapping writes it.
UPDATE obds_message
SET proposals = (
  SELECT jsonb_agg(
    CASE WHEN proposal ? 'place' THEN proposal ELSE proposal || '{"place": {"kind": "baseline"}}'::jsonb END
    ORDER BY position
  )
  FROM jsonb_array_elements(proposals) WITH ORDINALITY AS entry (proposal, position)
)
WHERE jsonb_array_length(proposals) > 0
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(proposals) AS entry (proposal) WHERE NOT proposal ? 'place');
