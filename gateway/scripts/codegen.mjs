// Generates the resolver types from schema.graphql (the CLI is not used: its graphql-config pulls packages
// this registry snapshot lacks).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { codegen } from '@graphql-codegen/core';
import * as typescript from '@graphql-codegen/typescript';
import * as typescriptResolvers from '@graphql-codegen/typescript-resolvers';
import { buildSchema, parse, printSchema } from 'graphql';

const sdl = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
const schema = parse(printSchema(buildSchema(sdl)));
const output = await codegen({
  filename: 'resolvers.ts',
  schema,
  documents: [],
  plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
  pluginMap: { typescript, typescriptResolvers },
  config: {
    contextType: '../context.js#GatewayContext',
    mapperTypeSuffix: 'Model',
    mappers: {
      Viewer: '../upstream/models.js#Viewer',
      User: '../upstream/models.js#User',
      Role: '../upstream/models.js#Role',
      StudyInstitute: '../upstream/models.js#StudyInstitute',
      // study definitions (issue 4)
      Study: '../study-definitions/models.js#StudyNode',
      StudyDefinition: '../study-definitions/models.js#StudyDefinition',
      StudyDefinitionVersion: '../study-definitions/models.js#StudyDefinitionVersion',
      VisitDefinition: '../study-definitions/models.js#VisitDefinition',
      InstrumentDefinition: '../study-definitions/models.js#InstrumentDefinition',
      FieldDefinition: '../study-definitions/models.js#FieldDefinition',
      FieldRule: '../study-definitions/models.js#FieldRuleModel',
      ConstraintDefinition: '@ecrf/rules#ConstraintDefinition',
      QueryType: '@ecrf/rules#QueryType',
      VerificationFlagType: '@ecrf/rules#VerificationFlagType',
      EnumValueSet: '@ecrf/rules#EnumValueSet',
      Language: '../study-definitions/models.js#Language',
      // patient documentation (issue 5)
      StudyPatient: '../patients/models.js#StudyPatient',
      Visit: '../patients/models.js#Visit',
      Instrument: '../patients/models.js#Instrument',
      DataField: '../patients/models.js#DataField',
      CaseProcessStep: '../patients/models.js#CaseProcessStep',
      VisitSignature: '../patients/models.js#VisitSignature',
      VisitSignatureWithdrawal: '../patients/models.js#VisitSignatureWithdrawal',
      DocumentationHint: '../patients/models.js#DocumentationHint',
      StudyPatientPayload: '../patients/payloads.js#ChangePayload',
      VisitPayload: '../patients/payloads.js#ChangePayload',
      InstrumentPayload: '../patients/payloads.js#ChangePayload',
      SetFieldLockPayload: '../patients/payloads.js#ChangePayload',
      SignVisitPayload: '../patients/payloads.js#SignVisitPayloadModel',
      DeleteVisitPayload: '../patients/payloads.js#DeleteVisitPayloadModel',
      DeleteInstrumentPayload: '../patients/payloads.js#DeleteInstrumentPayloadModel',
      Right: '../upstream/administration-models.js#Right',
      Institute: '../upstream/administration-models.js#Institute',
      Organization: '../upstream/administration-models.js#Organization',
      Person: '../upstream/administration-models.js#Person',
      OrganizationAssignment: '../upstream/administration-models.js#OrganizationAssignment',
      AuditEvent: '../upstream/administration-models.js#AuditEvent',
      InstituteOverviewEntry: '../upstream/administration-models.js#InstituteOverviewEntry',
      UserError: '../graph/user-errors.js#UserErrorModel',
      // queries, verification flags and the dashboard (issue 11)
      DataQuery: '../data-queries/models.js#DataQuery',
      DataQueryAction: '../data-queries/models.js#DataQueryActionEntry',
      DataQueryCapabilities: '../data-queries/models.js#DataQueryCapabilities',
      DataQueryActionPermission: '../data-queries/models.js#DataQueryPermission',
      DataQueryTemplate: '../data-queries/models.js#DataQueryTemplate',
      VerificationFlag: '../verification-flags/models.js#VerificationFlag',
      RegistryDashboard: '../dashboard/models.js#Dashboard',
      LocationQueryCount: '../dashboard/models.js#LocationQueryCount',
      LocationCompleteness: '../dashboard/models.js#LocationCompleteness',
      // exports (issue 12)
      ExportJob: '../exports/models.js#ExportJob',
      ExportJobParameters: '../exports/models.js#ExportJob',
      ExportJobUpdate: '../exports/models.js#ExportJobUpdateModel',
      ExportKindAccess: '../exports/models.js#ExportKindAccessModel',
      // OncoBox imports and the safety review (issue 12)
      OnkozertImport: '../onkozert/models.js#OnkozertImport',
      ObdsImport: '../obds-import/models.js#ObdsImportSummaryModel',
      ObdsMessage: '../obds-import/models.js#ObdsMessageModel',
      FreeTextEntry: '../safety/models.js#FreeTextEntry',
      ScreeningReport: '../safety/models.js#ScreeningReport',
      ScreeningRow: '../safety/models.js#ScreeningRow',
      ScreeningConfiguration: '../safety/models.js#ScreeningConfiguration',
      ElearningDefinition: '../elearning/models.js#ElearningDefinition',
      ElearningResult: '../elearning/models.js#ElearningResult',
      GenericExportDefinition: '../generic-exports/models.js#GenericExportDefinition',
      // research projects (issue 13)
      Project: '../projects/models.js#Project',
      ProjectAssignment: '../projects/models.js#ProjectAssignment',
      // news documents (issue 13)
      NewsDocument: '../news-documents/models.js#NewsDocument',
      NewsDocumentVersion: '../news-documents/models.js#NewsDocumentVersion',
      // the questionnaire system (issue 13)
      Questionnaire: '../questionnaires/models.js#Questionnaire',
      QuestionnaireItem: '../questionnaires/models.js#QuestionnaireItem',
      QuestionnaireInterview: '../questionnaires/models.js#QuestionnaireInterview',
      QuestionnaireAnswer: '../questionnaires/models.js#QuestionnaireAnswer',
      QuestionnaireScore: '../questionnaires/models.js#QuestionnaireScore',
      ScoreFlagRule: '../questionnaires/models.js#ScoreFlagRule',
      PatientQuestionnaireItem: '../questionnaires/models.js#PatientQuestionnaireItem',
      // a form's history and its state at a moment (issue 25)
      FormChange: '../form-history/models.js#FormChange',
      FormChangeSubject: '../form-history/models.js#FormChange',
      FormSnapshot: '../form-history/models.js#FormSnapshot',
    },
    enumsAsTypes: true,
    useTypeImports: true,
    strictScalars: true,
    // The date scalars travel as their ISO text (src/graph/scalars.ts); the documents as the rules' types.
    scalars: {
      Date: 'string',
      DateTime: 'string',
      PartialDate: 'string',
      StudyDefinitionModel: 'import("@ecrf/rules").StudyDefinition',
      StudyPatientDocumentation: 'import("@ecrf/rules").PatientDocumentation',
      DisplayTexts: 'import("@ecrf/rules").DisplayTexts',
      DataFieldDocument: 'import("@ecrf/rules").DataFieldInstance',
      FieldValueDocument: 'import("@ecrf/rules").FieldValue',
    },
    avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
  },
});
await mkdir(new URL('../src/__generated__/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../src/__generated__/resolvers.ts', import.meta.url),
  `/* eslint-disable */\n// Generated from schema.graphql by gateway/scripts/codegen.mjs. Do not edit.\n${output}`,
);
