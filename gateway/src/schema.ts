/** The executable schema: `schema.graphql` (the one source) plus the resolvers grouped by domain. */
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { Resolvers } from './__generated__/resolvers.js';
import { authMutations } from './auth/auth.resolvers.js';
import { Node, Role, StudyInstitute, User, nodeQueries } from './nodes/node.resolvers.js';
import { Viewer, viewerQuery } from './viewer/viewer.resolvers.js';
import { viewerAdministration } from './administration/capabilities.resolvers.js';
import { userMutations, userQueries } from './users/users.resolvers.js';
import { Right, roleFields, roleMutations, roleQueries } from './users/roles.resolvers.js';
import {
  Institute,
  InstituteOverviewEntry,
  instituteMutations,
  instituteQueries,
  studyInstituteFields,
} from './institutes/institutes.resolvers.js';
import { Organization, OrganizationAssignment, Person, networkQueries } from './network/network.resolvers.js';
import { AuditEvent, auditQueries } from './audit/audit.resolvers.js';
import {
  FormChangeSubjectType,
  FormChangeType,
  FormSnapshotType,
  InstrumentHistory,
  StudyPatientHistory,
  VisitHistory,
} from './form-history/form-history.resolvers.js';
import {
  EnumValueSetType,
  FieldDefinitionType,
  FieldRuleType,
  InstrumentDefinitionType,
  LanguageType,
  StudyDefinitionType,
  StudyDefinitionVersionType,
  StudyType,
  VisitDefinitionType,
  documentationMutations,
  studyDefinitionQueries,
} from './study-definitions/study-definitions.resolvers.js';
import {
  CaseProcessStepType,
  DataFieldType,
  InstrumentType,
  StudyPatientType,
  VisitSignatureType,
  VisitSignatureWithdrawalType,
  VisitType,
  patientQueries,
} from './patients/patients.resolvers.js';
import { patientMutations } from './patients/patients.mutations.js';
import { patientPayloads } from './patients/payloads.js';
import { StudyPatientIdentityFields } from './identity/identity.resolvers.js';
import { identityMutations } from './identity/identity.mutations.js';
import { possibleMatchMutations, possibleMatchQueries } from './identity/possible-matches.resolvers.js';
import { patientChangeMutations } from './patients/patient-changes.mutations.js';
import { DateScalar, DateTimeScalar, PartialDateScalar } from './graph/scalars.js';
import {
  DataFieldDocumentScalar,
  DisplayTextsScalar,
  FieldValueDocumentScalar,
  StudyDefinitionModelScalar,
  StudyPatientDocumentationScalar,
} from './graph/document-scalars.js';
import { UserError } from './graph/user-errors.js';
import {
  DataFieldDataQueries,
  DataQueryActionPermissionType,
  DataQueryActionType,
  DataQueryTemplateType,
  DataQueryType,
  InstrumentDataQueries,
  StudyPatientDataQueries,
  VisitDataQueries,
  dataQueryQueries,
} from './data-queries/data-queries.resolvers.js';
import { dataQueryMutations } from './data-queries/data-queries.mutations.js';
import { dataQuerySubscription } from './data-queries/data-query-events.js';
import {
  DataFieldVerificationFlags,
  VerificationFlagType,
  verificationFlagMutations,
  verificationFlagSubscription,
} from './verification-flags/verification-flags.resolvers.js';
import {
  LocationCompletenessType,
  LocationQueryCountType,
  dashboardQueries,
  dashboardSubscription,
} from './dashboard/dashboard.resolvers.js';
import { ExportJobParametersType, ExportJobType, exportMutations, exportQueries, exportSubscription } from './exports/exports.resolvers.js';
import { OnkozertImportType, onkozertQueries } from './onkozert/onkozert.resolvers.js';
import {
  ObdsImportType,
  ObdsMessageType,
  obdsImportMutations,
  obdsImportQueries,
  obdsImportSubscription,
} from './obds-import/obds-import.resolvers.js';
import {
  FreeTextEntryType,
  ScreeningConfigurationType,
  ScreeningReportType,
  ScreeningRowType,
  safetyMutations,
  safetyQueries,
} from './safety/safety.resolvers.js';
import { GenericExportDefinitionType, genericExportQueries } from './generic-exports/generic-exports.resolvers.js';
import { genericExportMutations } from './generic-exports/generic-exports.mutations.js';
import {
  ProjectAssignmentType,
  ProjectType,
  StudyPatientProjects,
  projectMutations,
  projectQueries,
} from './projects/projects.resolvers.js';
import { terminologyQueries } from './terminology/terminology.resolvers.js';
import { followUpCalendarQueries } from './follow-up-calendar/follow-up-calendar.resolvers.js';
import { systemQueries } from './system/system.resolvers.js';
import {
  ElearningDefinitionType,
  ElearningResultType,
  StudyDefinitionElearning,
  elearningMutations,
} from './elearning/elearning.resolvers.js';
import {
  NewsDocumentType,
  NewsDocumentVersionType,
  ViewerNews,
  newsDocumentMutations,
  newsDocumentQueries,
} from './news-documents/news-documents.resolvers.js';
import {
  InstrumentQuestionnaire,
  PatientQuestionnaireItemType,
  QuestionnaireAnswerType,
  QuestionnaireInterviewType,
  QuestionnaireItemType,
  QuestionnaireScoreType,
  QuestionnaireType,
  ScoreFlagRuleType,
  StudyPatientQuestionnaires,
  questionnaireQueries,
} from './questionnaires/questionnaires.resolvers.js';
import { patientQuestionnaireQueries, questionnaireAccessMutations } from './questionnaires/questionnaire-access.resolvers.js';

export const typeDefs = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

const resolvers: Resolvers = {
  Query: {
    ...nodeQueries,
    ...viewerQuery,
    clientConfig: (_, __, { config }) => config.client,
    ...userQueries,
    ...roleQueries,
    ...instituteQueries,
    ...networkQueries,
    ...auditQueries,
    ...studyDefinitionQueries,
    ...patientQueries,
    ...possibleMatchQueries,
    ...dataQueryQueries,
    ...dashboardQueries,
    ...exportQueries,
    ...onkozertQueries,
    ...obdsImportQueries,
    ...safetyQueries,
    ...genericExportQueries,
    ...projectQueries,
    ...terminologyQueries,
    ...followUpCalendarQueries,
    ...systemQueries,
    ...newsDocumentQueries,
    ...questionnaireQueries,
    ...patientQuestionnaireQueries,
  },
  Mutation: {
    ...authMutations,
    ...userMutations,
    ...roleMutations,
    ...instituteMutations,
    ...documentationMutations,
    ...patientMutations,
    ...patientChangeMutations,
    ...identityMutations,
    ...possibleMatchMutations,
    ...dataQueryMutations,
    ...verificationFlagMutations,
    ...exportMutations,
    ...safetyMutations,
    ...obdsImportMutations,
    ...genericExportMutations,
    ...projectMutations,
    ...elearningMutations,
    ...newsDocumentMutations,
    ...questionnaireAccessMutations,
  },
  Subscription: {
    ...dataQuerySubscription,
    ...verificationFlagSubscription,
    ...dashboardSubscription,
    ...exportSubscription,
    ...obdsImportSubscription,
  },
  Date: DateScalar,
  DateTime: DateTimeScalar,
  PartialDate: PartialDateScalar,
  StudyDefinitionModel: StudyDefinitionModelScalar,
  StudyPatientDocumentation: StudyPatientDocumentationScalar,
  DisplayTexts: DisplayTextsScalar,
  DataFieldDocument: DataFieldDocumentScalar,
  FieldValueDocument: FieldValueDocumentScalar,
  UserError,
  Node,
  Viewer: { ...Viewer, ...viewerAdministration, ...ViewerNews },
  User,
  Role: { ...Role, ...roleFields },
  StudyInstitute: { ...StudyInstitute, ...studyInstituteFields },
  Right,
  Institute,
  InstituteOverviewEntry,
  Organization,
  OrganizationAssignment,
  Person,
  AuditEvent,
  FormChange: FormChangeType,
  FormChangeSubject: FormChangeSubjectType,
  FormSnapshot: FormSnapshotType,
  Study: StudyType,
  StudyDefinition: { ...StudyDefinitionType, ...StudyDefinitionElearning },
  StudyDefinitionVersion: StudyDefinitionVersionType,
  VisitDefinition: VisitDefinitionType,
  InstrumentDefinition: InstrumentDefinitionType,
  FieldDefinition: FieldDefinitionType,
  FieldRule: FieldRuleType,
  EnumValueSet: EnumValueSetType,
  Language: LanguageType,
  StudyPatient: {
    ...StudyPatientType,
    ...StudyPatientIdentityFields,
    ...StudyPatientDataQueries,
    ...StudyPatientProjects,
    ...StudyPatientQuestionnaires,
    ...StudyPatientHistory,
  },
  Visit: { ...VisitType, ...VisitDataQueries, ...VisitHistory },
  VisitSignature: VisitSignatureType,
  VisitSignatureWithdrawal: VisitSignatureWithdrawalType,
  Instrument: { ...InstrumentType, ...InstrumentDataQueries, ...InstrumentQuestionnaire, ...InstrumentHistory },
  DataField: { ...DataFieldType, ...DataFieldDataQueries, ...DataFieldVerificationFlags },
  CaseProcessStep: CaseProcessStepType,
  ...patientPayloads,
  DataQuery: DataQueryType,
  ExportJob: ExportJobType,
  ExportJobParameters: ExportJobParametersType,
  DataQueryAction: DataQueryActionType,
  DataQueryActionPermission: DataQueryActionPermissionType,
  DataQueryTemplate: DataQueryTemplateType,
  VerificationFlag: VerificationFlagType,
  LocationQueryCount: LocationQueryCountType,
  LocationCompleteness: LocationCompletenessType,
  OnkozertImport: OnkozertImportType,
  ObdsImport: ObdsImportType,
  ObdsMessage: ObdsMessageType,
  FreeTextEntry: FreeTextEntryType,
  ScreeningReport: ScreeningReportType,
  ScreeningRow: ScreeningRowType,
  ScreeningConfiguration: ScreeningConfigurationType,
  GenericExportDefinition: GenericExportDefinitionType,
  Project: ProjectType,
  ProjectAssignment: ProjectAssignmentType,
  ElearningDefinition: ElearningDefinitionType,
  ElearningResult: ElearningResultType,
  NewsDocument: NewsDocumentType,
  NewsDocumentVersion: NewsDocumentVersionType,
  Questionnaire: QuestionnaireType,
  QuestionnaireItem: QuestionnaireItemType,
  PatientQuestionnaireItem: PatientQuestionnaireItemType,
  ScoreFlagRule: ScoreFlagRuleType,
  QuestionnaireInterview: QuestionnaireInterviewType,
  QuestionnaireAnswer: QuestionnaireAnswerType,
  QuestionnaireScore: QuestionnaireScoreType,
};

export function createSchema() {
  return makeExecutableSchema({ typeDefs, resolvers });
}
