/**
 * The standard evaluation context, built from a study definition index and a study patient context
 * (ecrf-core.md §3; ecrf-calls.md §3). Field paths are identifier paths (`list.entry.field`); inside a
 * list entry a path is first resolved among the entry's own fields, so rules of an entry read their
 * siblings. A visit target covers the visit's own fields and the fields of its instruments.
 */
import type { DefinitionIndex } from '../definition/definition-index.js';
import { isBlank, type DataFieldInstance, type Instrument, type StudyPatientContext, type Visit } from '../definition/instances.js';
import { patientConsent4FullyGiven } from '../consents/consents.js';
import { VISIT_IDENTIFIERS } from '../definition/fixed-identifiers.js';
import { visitExecutionDate } from '../follow-up/execution-date.js';
import type {
  EvaluationContext,
  FieldTarget,
  FollowUpData,
  InstituteAssignments,
  InstituteData,
  PatientData,
  RuleLogger,
  UserData,
} from './context.js';

export type EvaluationContextOptions = {
  index: DefinitionIndex;
  patientContext: StudyPatientContext;
  patient: PatientData;
  /** Root fields of the form being evaluated; defaults to the patient fields. */
  current?: readonly DataFieldInstance[];
  user: UserData;
  selectedInstitute: InstituteData | null;
  /** Defaults: nNGM case none; DigiNet visits from the assigned institutes of follow-up-registry visits. */
  assignments?: InstituteAssignments;
  followUp?: FollowUpData;
  /** The visit the form belongs to, as edited (see `EvaluationContext.currentVisit`); default none. */
  currentVisit?: Visit | null;
  /** yyyy-MM-dd */
  today: string;
  logger?: RuleLogger;
};

export const silentLogger: RuleLogger = { warn: () => undefined };

/** Non-deleted field instances at an identifier path below the given roots. */
export function resolveFieldPath(
  roots: readonly DataFieldInstance[],
  path: string,
  identifierOf: (definitionId: string) => string | undefined,
): DataFieldInstance[] {
  const segments = path.split('.').filter((s) => s !== '');
  if (segments.length === 0) return [];
  let level: readonly DataFieldInstance[] = roots;
  let matches: DataFieldInstance[] = [];
  for (const segment of segments) {
    matches = level.filter((f) => f.isDeleted !== true && identifierOf(f.definitionId) === segment);
    level = matches.flatMap((f) => f.childFields);
  }
  return matches;
}

/**
 * The patient properties rules read (PatientDataValue, birth year and sex checks), taken from the patient
 * fields `birth_date` and `sex`: the same on the server and in the browser.
 */
export function patientDataOf(
  patient: { pseudonym: string; registrationDate: string | null },
  fields: readonly DataFieldInstance[],
  index: DefinitionIndex,
): PatientData {
  const identifierOf = (id: string) => index.fieldById.get(id)?.identifier;
  const first = (identifier: string) =>
    resolveFieldPath(fields, identifier, identifierOf)[0]?.values.find((v) => !isBlank(v.value))?.value ?? null;
  return { patientId: patient.pseudonym, registrationDate: patient.registrationDate, birthDate: first('birth_date'), sex: first('sex') };
}

export function createEvaluationContext(options: EvaluationContextOptions): EvaluationContext {
  const { index, patientContext } = options;
  const identifierOf = (definitionId: string) => index.fieldById.get(definitionId)?.identifier;
  const liveVisits = patientContext.visits.filter((v) => v.isDeleted !== true);
  const visits = (identifier: string): Visit[] => liveVisits.filter((v) => index.visitById.get(v.definitionId)?.identifier === identifier);
  const instruments = (identifier: string, visitIdentifier?: string | null): Instrument[] => {
    const pool = visitIdentifier
      ? visits(visitIdentifier).flatMap((v) => v.instruments)
      : [...liveVisits.flatMap((v) => v.instruments), ...patientContext.standaloneInstruments];
    return pool.filter((i) => i.isDeleted !== true && index.instrumentById.get(i.definitionId)?.identifier === identifier);
  };
  const rootsOf = (target: FieldTarget): readonly DataFieldInstance[] => {
    switch (target.kind) {
      case 'current':
        return options.current ?? patientContext.fields;
      case 'patient':
        return patientContext.fields;
      case 'visit':
        return visits(target.visit).flatMap((v) => [
          ...v.fields,
          ...v.instruments.filter((i) => i.isDeleted !== true).flatMap((i) => i.fields),
        ]);
      case 'instrument':
        return instruments(target.instrument, target.visit).flatMap((i) => i.fields);
    }
  };
  const defaultAssignments = (): InstituteAssignments => ({
    nngmCaseInstituteIds: [],
    digiNetVisitInstituteIds: liveVisits
      .filter((v) => index.visitById.get(v.definitionId)?.definition.isFollowUpRegistry === true)
      .map((v) => v.assignedInstituteId)
      .filter((id): id is string => typeof id === 'string'),
  });
  let consent4: boolean | undefined;
  const current = options.currentVisit ?? null;
  return {
    today: options.today,
    logger: options.logger ?? silentLogger,
    constraint: (id) => index.constraintById.get(id),
    fieldDefinition: (definitionId) => index.fieldById.get(definitionId),
    fields: (path, target) => resolveFieldPath(rootsOf(target), path, identifierOf),
    patient: () => options.patient,
    visits,
    instruments,
    user: () => options.user,
    selectedInstitute: () => options.selectedInstitute,
    assignments: () => options.assignments ?? defaultAssignments(),
    consent4FullyGiven: () => (consent4 ??= patientConsent4FullyGiven(patientContext, index)),
    followUp: () => options.followUp ?? { consent4DigiNetField: false },
    currentVisit: () => current,
    visitDate: () => (current ? visitExecutionDate(current, index) : null),
    baselineDate: () => {
      // A baseline being edited is its own baseline; else the patient's (at most one, definition.max).
      const isBaseline = (visit: Visit) => index.visitById.get(visit.definitionId)?.identifier === VISIT_IDENTIFIERS.baseline;
      const baseline = current && isBaseline(current) ? current : liveVisits.find(isBaseline);
      return baseline ? visitExecutionDate(baseline, index) : null;
    },
  };
}

/** A context whose `current` paths are first resolved among the fields of one list entry. */
export function withinEntry(context: EvaluationContext, entry: DataFieldInstance): EvaluationContext {
  const identifierOf = (definitionId: string) => context.fieldDefinition(definitionId)?.identifier;
  return {
    today: context.today,
    logger: context.logger,
    constraint: (id) => context.constraint(id),
    fieldDefinition: (definitionId) => context.fieldDefinition(definitionId),
    fields: (path, target) => {
      if (target.kind !== 'current') return context.fields(path, target);
      const local = resolveFieldPath(entry.childFields, path, identifierOf);
      return local.length > 0 ? local : context.fields(path, target);
    },
    patient: () => context.patient(),
    visits: (identifier) => context.visits(identifier),
    instruments: (identifier, visit) => context.instruments(identifier, visit),
    user: () => context.user(),
    selectedInstitute: () => context.selectedInstitute(),
    assignments: () => context.assignments(),
    consent4FullyGiven: () => context.consent4FullyGiven(),
    followUp: () => context.followUp(),
    currentVisit: () => context.currentVisit(),
    visitDate: () => context.visitDate(),
    baselineDate: () => context.baselineDate(),
  };
}
