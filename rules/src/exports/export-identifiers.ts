/**
 * Parts of the study definition the export kinds read (ecrf-calls.md §7 "Exports"). The spec names none of
 * them; these are ours, and the demo registry (backend/definitions/nngm-lung.definition.json) uses them.
 */

/** The instrument whose records are a patient's conditions (DigiNet conditions export). */
export const DIAGNOSIS_INSTRUMENT = 'diagnosis';

/**
 * Where the archive code of a patient's tumour sample is documented: the definition has no archive code
 * field, so a sample counts as archived when a molecular test names its testing network centre and date
 * (reference/lung-registry.md: nNGM tests the sample centrally; the centre archives it).
 */
export const ARCHIVE_CODE_SOURCE = { instrument: 'molecular', testDate: 'test_date', testingCentre: 'lab' } as const;

/** The derived field of the consents instrument the save fills with "consent 4 fully given" (yes/no). */
export const CONSENT_4_GIVEN_FIELD = 'consent4_given';

/** The date field of a consent entry. */
export const CONSENT_DATE_FIELD = 'consent_date';
