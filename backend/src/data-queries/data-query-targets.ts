/**
 * What a query is about (ecrf-calls.md §3 "Query" referenceType): the patient, a visit, an instrument, a
 * location or a field instance, resolved to the facts the rules decide by: the location, the definition
 * version the query type comes from, and whether the target belongs to a follow-up visit (§6).
 */
import { dataQueryTargetIsFollowUpRegistry, type DataQueryReferenceType, type DefinitionIndex, type QueryType } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError, notFound } from '../errors/errors.js';
import { studyPatientOfInstrument } from '../patient-documentation/instruments.service.js';
import { studyOfLocation } from '../institutes/institutes.sql.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { loadPatientDocuments, loadStudyPatient, locateField, type VisitDto } from '../patient-documentation/patient-documents.js';
import { studyPatientOfVisit } from '../patient-documentation/visits.service.js';
import { QUERY_TARGET_MESSAGES } from '../errors/messages.js';

export type QueryTarget = {
  studyId: string;
  studyDefinitionId: string;
  definitionVersion: number;
  studyPatientId: string | null;
  studyInstituteId: string;
  referenceType: DataQueryReferenceType;
  referenceId: string;
  visitId: string | null;
  instrumentId: string | null;
  dataFieldId: string | null;
  followUpRegistry: boolean;
  visitDefinitionIdentifier: string | null;
  index: DefinitionIndex;
};

export type TargetRef =
  | { kind: 'Patient'; id: string }
  | { kind: 'Visit'; id: string }
  | { kind: 'Instrument'; id: string }
  | { kind: 'StudyInstitute'; id: string; studyId: string | undefined }
  | { kind: 'DataField'; id: string; studyPatientId: string | undefined };

/** A follow-up visit of the registry (not the baseline), by the rules' one test of it. */
export function isFollowUpVisit(index: DefinitionIndex, visitDefinitionId: string): boolean {
  const definition = index.visitById.get(visitDefinitionId);
  return dataQueryTargetIsFollowUpRegistry(
    definition ? { identifier: definition.identifier, isFollowUpRegistry: definition.definition.isFollowUpRegistry } : null,
  );
}

const invalid = (message: string) => new EcrfError('ECRF_ERR_VALIDATION', message);

/** The query type of the definition version, or a 400 naming the unknown identifier. */
export function queryTypeOf(index: DefinitionIndex, identifier: string): QueryType {
  const type = index.study.queryTypes.find((t) => t.identifier === identifier);
  if (!type) throw invalid(QUERY_TARGET_MESSAGES.unknownQueryType(identifier));
  return type;
}

async function locationTarget(db: Kysely<DB>, id: string, studyId: string | undefined): Promise<QueryTarget> {
  if (!studyId) throw invalid(QUERY_TARGET_MESSAGES.locationNeedsStudy);
  const locationStudy = await studyOfLocation(db, id);
  if (!locationStudy) throw notFound('study institute');
  if (locationStudy !== studyId) throw invalid(QUERY_TARGET_MESSAGES.locationNotInStudy);
  const definition = await currentDefinitionOf(db, studyId);
  if (!definition) throw notFound('study definition');
  return {
    studyId,
    studyDefinitionId: definition.id,
    definitionVersion: definition.version,
    studyPatientId: null,
    studyInstituteId: id,
    referenceType: 'StudyInstitute',
    referenceId: id,
    visitId: null,
    instrumentId: null,
    dataFieldId: null,
    followUpRegistry: false,
    visitDefinitionIdentifier: null,
    index: await definitionIndex(db, definition.id, definition.version),
  };
}

/** Resolves the target; a missing or deleted record is 404. */
async function studyPatientOf(db: Kysely<DB>, ref: Exclude<TargetRef, { kind: 'StudyInstitute' }>): Promise<string> {
  if (ref.kind === 'Patient') return ref.id;
  if (ref.kind === 'Visit') return studyPatientOfVisit(db, ref.id);
  if (ref.kind === 'Instrument') return studyPatientOfInstrument(db, ref.id);
  if (!ref.studyPatientId) throw invalid(QUERY_TARGET_MESSAGES.fieldNeedsPatient);
  return ref.studyPatientId;
}

export async function resolveTarget(db: Kysely<DB>, ref: TargetRef): Promise<QueryTarget> {
  if (ref.kind === 'StudyInstitute') return locationTarget(db, ref.id, ref.studyId);
  const patient = await loadStudyPatient(db, await studyPatientOf(db, ref));
  if (patient.isDeleted) throw notFound('study patient');
  const index = await definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion);
  const base = {
    studyId: patient.studyId,
    studyDefinitionId: patient.studyDefinitionId,
    definitionVersion: patient.definitionVersion,
    studyPatientId: patient.id,
    studyInstituteId: patient.studyInstituteId,
    referenceType: ref.kind,
    referenceId: ref.id,
    index,
  };
  const onVisit = (visit: VisitDto | null) => ({
    visitId: visit?.id ?? null,
    followUpRegistry: visit ? isFollowUpVisit(index, visit.definitionId) : false,
    visitDefinitionIdentifier: visit ? (index.visitById.get(visit.definitionId)?.identifier ?? null) : null,
  });
  if (ref.kind === 'Patient') return { ...base, ...onVisit(null), instrumentId: null, dataFieldId: null };
  const identifierOf = (id: string) => index.visitById.get(id)?.identifier ?? index.instrumentById.get(id)?.identifier ?? '';
  const documents = await loadPatientDocuments(db, patient.id, identifierOf);
  if (ref.kind === 'Visit') {
    const visit = documents.visits.find((v) => v.id === ref.id && !v.isDeleted);
    if (!visit) throw notFound('visit');
    return { ...base, ...onVisit(visit), instrumentId: null, dataFieldId: null };
  }
  if (ref.kind === 'Instrument') {
    const visit = documents.visits.find((v) => !v.isDeleted && v.instruments.some((i) => i.id === ref.id)) ?? null;
    const instrument = [...(visit?.instruments ?? []), ...documents.standaloneInstruments].find((i) => i.id === ref.id && !i.isDeleted);
    if (!instrument) throw notFound('instrument');
    return { ...base, ...onVisit(visit), instrumentId: instrument.id, dataFieldId: null };
  }
  const located = locateField(patient.fields, documents, ref.id);
  if (!located) throw notFound('data field');
  return { ...base, ...onVisit(located.visit), instrumentId: located.instrument?.id ?? null, dataFieldId: ref.id };
}
