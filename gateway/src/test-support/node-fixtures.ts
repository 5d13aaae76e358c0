/**
 * Data of every Node type for the node refetch test (nodes/node-refetch.int.test.ts), created through the graph and
 * the upload route by a superadmin, and the readings that reach each type where a client meets it. Readings spread
 * `...Leaves_<Type>` fragments, which the test writes from the schema.
 */
import type { Harness } from './gateway-harness.js';
import { patientFixtures } from './patient-fixtures.js';
import { queryFixtures } from './query-fixtures.js';

export type Reading = { query: string; variables: Record<string, unknown> };
export type NodeFixtures = { readings: Reading[] };

const ERRORS = 'errors { code message }';

const PATIENT = `query($id: ID!) { node(id: $id) { ... on StudyPatient { ...Leaves_StudyPatient
  location { ...Leaves_StudyInstitute study { ...Leaves_Study } }
  definitionVersion { ...Leaves_StudyDefinitionVersion }
  caseProcessSteps { ...Leaves_CaseProcessStep }
  projectAssignments { ...Leaves_ProjectAssignment project { ...Leaves_Project } }
  questionnaireInterviews { ...Leaves_QuestionnaireInterview questionnaire { ...Leaves_Questionnaire } }
  allDataQueries { ...Leaves_DataQuery }
  visits { ...Leaves_Visit
    caseProcessSteps { ...Leaves_CaseProcessStep }
    definition { ...Leaves_VisitDefinition instruments { ...Leaves_InstrumentDefinition } }
    instruments { ...Leaves_Instrument definition { ...Leaves_InstrumentDefinition }
      fields { ...Leaves_DataField definition { ...Leaves_FieldDefinition }
        childFields { ...Leaves_DataField verificationFlags { ...Leaves_VerificationFlag } } } } } } } }`;

const DEFINITIONS = `query { studyDefinitions { ...Leaves_StudyDefinition languages { ...Leaves_Language }
  currentVersion { ...Leaves_StudyDefinitionVersion
    instruments { ...Leaves_InstrumentDefinition }
    standaloneInstruments { ...Leaves_InstrumentDefinition }
    visits { ...Leaves_VisitDefinition instruments { ...Leaves_InstrumentDefinition } } } } }`;

const ADMINISTRATION = `query { viewer { ...Leaves_Viewer user { ...Leaves_User } role { ...Leaves_Role rights { ...Leaves_Right } } }
  institutes(first: 3) { edges { node { ...Leaves_Institute locations { ...Leaves_StudyInstitute } } } }
  organizations(first: 3) { edges { node { ...Leaves_Organization } } }
  persons(first: 3) { edges { node { ...Leaves_Person } } }
  auditEvents(first: 3) { edges { node { ...Leaves_AuditEvent } } } }`;

const STUDY = `query($studyId: ID!, $locationId: ID!) {
  exportJobs(studyId: $studyId, first: 3) { edges { node { ...Leaves_ExportJob } } }
  genericExportDefinitions(studyId: $studyId, first: 3) { edges { node { ...Leaves_GenericExportDefinition } } }
  onkozertImports(locationId: $locationId, first: 3) { edges { node { ...Leaves_OnkozertImport } } }
  dataQueryTemplates { ...Leaves_DataQueryTemplate }
  newsDocuments(first: 3) { edges { node { ...Leaves_NewsDocument versions { ...Leaves_NewsDocumentVersion } } } } }`;

export async function nodeFixtures(harness: Harness, token: string): Promise<NodeFixtures> {
  const patients = patientFixtures(harness, token);
  const { graph } = patients;

  /** Waits until the export job has ended: its state and progress change while it runs. */
  async function exportEnded(id: string): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { data } = await graph<{ node: { state: string } | null }>('query($id: ID!) { node(id: $id) { ... on ExportJob { state } } }', {
        id,
      });
      if (data.node && (data.node.state === 'COMPLETED' || data.node.state === 'FAILED')) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`export job ${id} has not ended`);
  }

  const location = await patients.location('1001');
  const studyPatientId = await patients.createPatient('1001');
  const baseline = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
  const visitId = baseline.visit?.id ?? '';
  const staging = await patients.createStaging(studyPatientId, visitId);
  await patients.createCompleteFollowUp(studyPatientId);

  const queries = queryFixtures(harness, token);
  await queries.raise(token, staging.id, 'missing_value');
  const { t } = await queries.stagingFieldIds(staging.id, token);
  await graph(`mutation($input: SetVerificationFlagInput!) { setVerificationFlag(input: $input) { ${ERRORS} } }`, {
    input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: true },
  });
  await graph(`mutation($input: CreateDataQueryTemplateInput!) { createDataQueryTemplate(input: $input) { ${ERRORS} } }`, {
    input: { title: 'Fehlender Befund', text: 'Bitte den Befund nachtragen.', queryTypeIdentifier: 'missing_value' },
  });

  const steps = await graph<{ node: { definition: { caseProcessSteps: { identifier: string; order: number }[] } } }>(
    'query($id: ID!) { node(id: $id) { ... on StudyPatient { definition: studyDefinition { caseProcessSteps { identifier order } } } } }',
    { id: studyPatientId },
  );
  const [firstStep] = steps.data.node.definition.caseProcessSteps;
  await graph(`mutation($input: CreateCaseProcessStepInput!) { createCaseProcessStep(input: $input) { ${ERRORS} } }`, {
    input: { visitId, definitionIdentifier: firstStep?.identifier, order: firstStep?.order, state: 'COMPLETE' },
  });

  const { data: catalogue } = await graph<{ projects: { id: string }[]; questionnaires: { id: string }[] }>(
    'query { projects { id } questionnaires { id } }',
  );
  await graph(`mutation($input: CreateProjectAssignmentInput!) { createProjectAssignment(input: $input) { ${ERRORS} } }`, {
    input: { studyPatientId, projectId: catalogue.projects[0]?.id, assignedFrom: '2025-03-01' },
  });
  await graph(`mutation($input: CreateQuestionnaireAccessInput!) { createQuestionnaireAccess(input: $input) { ${ERRORS} } }`, {
    input: { studyPatientId, questionnaireId: catalogue.questionnaires[0]?.id, respondent: 'STAFF' },
  });
  const started = await graph<{ startCsvExport: { exportJob: { id: string } | null } }>(
    `mutation($input: StartCsvExportInput!) { startCsvExport(input: $input) { exportJob { id } ${ERRORS} } }`,
    { input: { studyId: location.studyId } },
  );
  await exportEnded(started.data.startCsvExport.exportJob?.id ?? '');
  await graph(`mutation($input: CreateGenericExportDefinitionInput!) { createGenericExportDefinition(input: $input) { ${ERRORS} } }`, {
    input: { studyId: location.studyId, name: `Knoten ${Date.now()}`, items: ['pseudonym', 'location'], outputFormat: 'CSV' },
  });
  const form = new FormData();
  form.append(
    'file',
    new Blob(['Jahr;Kennzahl;Bezeichnung;Zähler;Nenner\n2024;1;Primärfälle;120;\n'], { type: 'text/csv' }),
    'kennzahlen.csv',
  );
  const upload = await fetch(`${harness.url}/uploads/onkozert?locationId=${encodeURIComponent(location.id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`OncoBox upload: ${upload.status} ${await upload.text()}`);

  return {
    readings: [
      { query: PATIENT, variables: { id: studyPatientId } },
      { query: DEFINITIONS, variables: {} },
      { query: ADMINISTRATION, variables: {} },
      { query: STUDY, variables: { studyId: location.studyId, locationId: location.id } },
    ],
  };
}
