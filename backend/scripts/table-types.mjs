// Writes src/__generated__/database.ts, the Kysely types of the tables of backend/migrations, from a
// database migrated with them (docs/decisions.md "Table types from the migrated database").
import { fileURLToPath } from 'node:url';
import { writeTableTypes } from '@ecrf/database';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const rules = '@ecrf/rules';
const obds = '@ecrf/rules/obds';
const shapes = '../db/json-columns.js';

await writeTableTypes({
  migrations: path('../migrations'),
  out: path('../src/__generated__/database.ts'),
  // What the application stores in each jsonb column (modules relative to the written file).
  jsonColumns: {
    'app_user.person_data': `${shapes}#JsonObject`,
    'audit_trail.old_value': `${shapes}#JsonObject`,
    'audit_trail.new_value': `${shapes}#JsonObject`,
    // One field's value: any JSON.
    'audit_field_change.old_value': 'unknown',
    'audit_field_change.new_value': 'unknown',
    'institute.additional_info': `${shapes}#InstituteAdditionalInfo`,
    'person.person_info': `${shapes}#JsonObject`,
    'study_definition_version.document': 'unknown',
    'study_definition_version.definition': 'unknown',
    'language.entries': `${shapes}#LanguageEntryRow[]`,
    'study_patient.fields': `${rules}#DataFieldInstance[]`,
    'study_patient_data_log.field_names': 'string[]',
    'visit.fields': `${rules}#DataFieldInstance[]`,
    'visit.tags': 'string[]',
    'visit.signature_data': `${shapes}#SignatureData`,
    'visit.signature_withdrawal': `${shapes}#SignatureWithdrawal`,
    'instrument.fields': `${rules}#DataFieldInstance[]`,
    'instrument.tags': 'string[]',
    'case_process_step.sub_states': 'string[]',
    'domain_event.payload': `${shapes}#JsonObject`,
    'export_job.parameters': `${shapes}#JsonObject`,
    'export_job.location_ids': 'string[]',
    'generic_export_definition.items': 'string[]',
    'onkozert_import.rejected': `${rules}#RowProblem[]`,
    'obds_message.message': `${obds}#ObdsMessage`,
    'obds_message.proposals': `${obds}#ObdsInstrumentProposal[]`,
    'obds_message.skipped': `${obds}#ObdsSkippedValue[]`,
    'obds_message.accepted': `${shapes}#ObdsAcceptedField[]`,
    'safety_screening_configuration.study_patient_fields': 'string[]',
    'safety_screening_configuration.visit_fields': 'string[]',
    'safety_screening_configuration.instrument_fields': 'string[]',
    'elearning_definition.questions': `${rules}#ElearningQuestion[]`,
    'elearning_result.answers': `${rules}#ElearningAnswer[]`,
    'news_document.tags': 'string[]',
    'questionnaire.definition': `${rules}#QuestionnaireDefinition`,
    'questionnaire_interview.answers': `${rules}#QuestionnaireAnswer[]`,
    'questionnaire_interview.flags': 'string[]',
  },
});
