/**
 * Look-ups over a study definition: field definitions by id, visits and instruments by id and identifier
 * (ecrf-core.md §3). Built once per definition and shared by every evaluation.
 */
import type { ConstraintDefinition } from './constraints.js';
import type { DataFieldDefinition } from './fields.js';
import type { InstrumentDefinition, StudyDefinition, VisitDefinition } from './study.js';

export type DefinitionIndex = {
  study: StudyDefinition;
  fieldById: ReadonlyMap<string, DataFieldDefinition>;
  constraintById: ReadonlyMap<string, ConstraintDefinition>;
  visitById: ReadonlyMap<string, VisitDefinition>;
  visitByIdentifier: ReadonlyMap<string, VisitDefinition>;
  instrumentById: ReadonlyMap<string, InstrumentDefinition>;
  instrumentByIdentifier: ReadonlyMap<string, InstrumentDefinition>;
};

export function indexStudyDefinition(study: StudyDefinition): DefinitionIndex {
  const fieldById = new Map<string, DataFieldDefinition>();
  const instrumentById = new Map<string, InstrumentDefinition>();
  const instrumentByIdentifier = new Map<string, InstrumentDefinition>();
  const addFields = (fields: readonly DataFieldDefinition[]) => fields.forEach((f) => fieldById.set(f.id, f));
  const addInstrument = (instrument: InstrumentDefinition) => {
    instrumentById.set(instrument.id, instrument);
    if (!instrumentByIdentifier.has(instrument.identifier)) instrumentByIdentifier.set(instrument.identifier, instrument);
    addFields(instrument.fields);
  };
  addFields(study.patient.fields);
  study.instruments.forEach(addInstrument);
  study.standaloneInstruments.forEach(addInstrument);
  for (const visit of study.visits) {
    addFields(visit.fields);
    visit.instruments.forEach(addInstrument);
  }
  return {
    study,
    fieldById,
    constraintById: new Map(study.constraints.map((c) => [c.id, c])),
    visitById: new Map(study.visits.map((v) => [v.id, v])),
    visitByIdentifier: new Map(study.visits.map((v) => [v.identifier, v])),
    instrumentById,
    instrumentByIdentifier,
  };
}

/** The identifier of a field instance's definition, or undefined when the definition is missing. */
export function fieldIdentifier(index: DefinitionIndex, definitionId: string): string | undefined {
  return index.fieldById.get(definitionId)?.identifier;
}
