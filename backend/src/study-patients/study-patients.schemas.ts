/** TypeBox schemas of patients, study patients and the patient context (ecrf-core.md §3; ecrf-calls.md §3). */
import { Type } from 'typebox';
import { VerificationFlagSchema } from '../patient-documentation/verification-flags.schemas.js';
import { PageQuery, Uuid } from '../http/schemas.js';
import { CaseProcessStepSchema } from '../patient-documentation/case-process.schemas.js';
import { DataFieldInputSchema, DataFieldInstanceSchema, ReasonForChange } from '../patient-documentation/field-instance.schemas.js';
import { InstrumentSchema, InstrumentStateSchema } from '../patient-documentation/instruments.schemas.js';
import { VisitSchema } from '../patient-documentation/visits.schemas.js';

import { ViewerSchema } from '../viewer/viewer.service.js';
import { DateText } from '../patients/patients.schemas.js';

const studyPatientCore = {
  id: Uuid,
  patientId: Uuid,
  pseudonym: Type.String(),
  displayName: Type.String(),
  registrationDate: DateText,
  isMlPatient: Type.Boolean(),
  studyId: Uuid,
  studyInstituteId: Uuid,
  instituteId: Type.String({ format: 'uuid', description: 'the institute of the location, as visits name their assigned institute' }),
  instituteIdentifier: Type.String(),
  instituteDisplayName: Type.String(),
  isDigiNet: Type.Boolean(),
  studyDefinitionId: Uuid,
  definitionVersion: Type.Integer(),
  portalRegisteredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  isDeleted: Type.Boolean(),
  mergedIntoStudyPatientId: Type.Union([Uuid, Type.Null()], {
    description: 'a study patient joined into another after a "same person" decision (deleted): the survivor (issue 17)',
  }),
  version: Type.Integer({ minimum: 1 }),
};

export const StudyPatientSchema = Type.Object({ ...studyPatientCore, fields: Type.Array(DataFieldInstanceSchema) });

/** ecrf-calls.md §3 "Study patient context", with the case process steps so one call serves the patient screen. */
export const StudyPatientContextSchema = Type.Object({
  ...studyPatientCore,
  fields: Type.Array(DataFieldInstanceSchema),
  visits: Type.Array(VisitSchema),
  standaloneInstruments: Type.Array(InstrumentSchema),
  dataVerificationFlags: Type.Array(VerificationFlagSchema, { description: 'the verification flags of the patient' }),
  caseProcessSteps: Type.Array(CaseProcessStepSchema),
  hasIdentity: Type.Boolean({ description: 'an identity is linked at the pseudonymisation service' }),
});

export const StudyPatientCreateSchema = Type.Object({
  patientId: Uuid,
  studyId: Uuid,
  studyInstituteId: Uuid,
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
});

export const StudyPatientUpdateSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  studyInstituteId: Type.Optional(Uuid),
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
  reasonForChange: ReasonForChange,
});

export const NngmStudyPatientCreateSchema = Type.Object({
  studyId: Uuid,
  studyInstituteId: Uuid,
  pseudonym: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{4,40}$' })),
  registrationDate: Type.Optional(DateText),
  isMlPatient: Type.Optional(Type.Boolean()),
  fields: Type.Optional(Type.Array(DataFieldInputSchema)),
});

/** The master data of the ML variant (ecrf-calls.md §3); IDAT, kept in the pseudonymisation service only. */
export const MasterDataMlSchema = Type.Object({
  birthDate: Type.Optional(Type.String()),
  gender: Type.Optional(Type.String()),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  birthName: Type.Optional(Type.String()),
  address: Type.Optional(Type.String()),
  zip: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  insuranceNumber: Type.Optional(Type.String()),
});

export const DataLogEntrySchema = Type.Object({
  id: Uuid,
  changedAt: Type.String({ format: 'date-time' }),
  userName: Type.String(),
  variant: Type.Union([Type.Literal('Standard'), Type.Literal('ML')]),
  fieldNames: Type.Array(Type.String(), { description: 'names of the changed fields; never their values' }),
});

export const PatientListItemSchema = Type.Object({
  id: Uuid,
  patientId: Uuid,
  pseudonym: Type.String(),
  displayName: Type.String(),
  registrationDate: DateText,
  isMlPatient: Type.Boolean(),
  studyInstituteId: Uuid,
  instituteIdentifier: Type.String(),
  instituteDisplayName: Type.String(),
  isDigiNet: Type.Boolean(),
  visitsCount: Type.Integer({ minimum: 0 }),
  hasDropout: Type.Boolean(),
  hasMuripedia: Type.Boolean(),
  isDeleted: Type.Boolean(),
  visitStates: Type.Array(Type.Object({ id: Uuid, state: InstrumentStateSchema, order: Type.Integer() }), {
    description: 'the live visits by order with their states; empty without StudyPatientGetContextCmd',
  }),
  hasIdentity: Type.Boolean({ description: 'an identity is linked at the pseudonymisation service' }),
  cursor: Type.String({ description: 'keyset token of this row (registry extension): pass it as `after` for the rows behind it' }),
});

export const PatientTableQuery = Type.Object({
  include: Type.Optional(
    Type.Literal('viewer', { description: 'the caller as GET Viewer answers it, with the page (null without its rights)' }),
  ),
  studyInstituteId: Type.Optional(Uuid),
  includeDeleted: Type.Optional(Type.Boolean({ default: false })),
  filterIsDiginet: Type.Optional(Type.Boolean({ default: false, description: 'only patients at DigiNet locations' })),
  filterHasMuripedia: Type.Optional(
    Type.Boolean({ default: false, description: 'only patients with a visit or instrument tagged Muripedia' }),
  ),
  filterHasDropout: Type.Optional(Type.Boolean({ default: false, description: 'only patients with vital state A (dropout)' })),
  filterStudyInstitute: Type.Optional(Type.Boolean({ default: false, description: 'only patients of studyInstituteId' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'part of the pseudonym or location' })),
  sortBy: Type.Optional(Type.Union([Type.Literal('pseudonym'), Type.Literal('registrationDate'), Type.Literal('institute')])),
  ...PageQuery,
  after: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        "registry extension: an item's `cursor`; the page holds the rows behind it in the same list (study, filters, order) instead of `page`, which must then be absent or 1",
    }),
  ),
});

export const PatientPageSchema = Type.Object({
  items: Type.Array(PatientListItemSchema),
  totalCount: Type.Integer({ minimum: 0 }),
  included: Type.Optional(
    Type.Object({ viewer: Type.Union([ViewerSchema, Type.Null()]) }, { description: 'the parts asked for with include=' }),
  ),
});
