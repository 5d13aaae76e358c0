/**
 * Where an oBDS proposal's values go (docs/obds-import.md "Which visit"): the baseline visit; the follow-up visit
 * whose date (its execution date, `fu_date`) is the report's day, else a new follow-up visit of that day, which the
 * decision creates through the visit write; a standalone instrument whose date field holds the report's day, else a
 * new one. Matching by the day keeps a second report of the same day (a death after a status report) in the same visit.
 */
import { VISIT_IDENTIFIERS, visitExecutionDate, type DefinitionIndex, type InstrumentDefinition, type VisitDefinition } from '@ecrf/rules';
import type { ObdsInstrumentProposal } from '@ecrf/rules/obds';
import { valuesAt } from './obds-fields.js';
import type { InstrumentDto, PatientDocuments, VisitDto } from '../patient-documentation/patient-documents.js';

export type ObdsTarget = {
  /** The visit's definition; null for a standalone instrument (and a study without the visit). */
  visitDefinition: VisitDefinition | null;
  /** The instrument's definition at that place; undefined when the study has none there. */
  definition: InstrumentDefinition | undefined;
  /** The visit the values go to; null while there is none (a follow-up the decision creates), and standalone. */
  visit: VisitDto | null;
  /** The stored instrument the values go to; null while there is none. */
  instrument: InstrumentDto | null;
  /** The visit's or standalone instrument's date: the stored one, or the report's for a new one. */
  date: string | null;
  /** The decision creates the follow-up visit or the standalone instrument. */
  isNew: boolean;
};

const live = <T extends { isDeleted: boolean }>(record: T) => !record.isDeleted;

function inVisit(
  visitDefinition: VisitDefinition | undefined,
  visit: VisitDto | undefined,
  identifier: string,
): Omit<ObdsTarget, 'date' | 'isNew'> {
  const definition = visitDefinition?.instruments.find((i) => i.identifier === identifier && i.isDeleted !== true);
  const instrument = visit?.instruments.find((i) => live(i) && i.definitionId === definition?.id) ?? null;
  return { visitDefinition: visitDefinition ?? null, definition, visit: visit ?? null, instrument };
}

export function targetOf(
  index: DefinitionIndex,
  documents: Pick<PatientDocuments, 'visits' | 'standaloneInstruments'>,
  proposal: ObdsInstrumentProposal,
): ObdsTarget {
  const { place } = proposal;
  const visitsOf = (definition: VisitDefinition | undefined) =>
    documents.visits.filter((v) => live(v) && v.definitionId === definition?.id).sort((a, b) => a.order - b.order);
  if (place.kind === 'baseline') {
    const definition = index.visitByIdentifier.get(VISIT_IDENTIFIERS.baseline);
    const [visit] = visitsOf(definition);
    const target = inVisit(definition, visit, proposal.instrument);
    return { ...target, date: visit ? visitExecutionDate(visit, index) : null, isNew: false };
  }
  if (place.kind === 'followUp') {
    const definition = index.visitByIdentifier.get(VISIT_IDENTIFIERS.followUp);
    const visit = visitsOf(definition).find((v) => visitExecutionDate(v, index) === place.date);
    return { ...inVisit(definition, visit, proposal.instrument), date: place.date, isNew: !visit };
  }
  const definition = index.study.standaloneInstruments.find((i) => i.identifier === proposal.instrument && i.isDeleted !== true);
  const instrument =
    documents.standaloneInstruments.find(
      (i) => live(i) && i.definitionId === definition?.id && valuesAt(definition.fields, i.fields, null, place.dateField)[0] === place.date,
    ) ?? null;
  return { visitDefinition: null, definition, visit: null, instrument, date: place.date, isNew: !instrument };
}
