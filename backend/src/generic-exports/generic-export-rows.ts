/**
 * The rows of a generic export (docs: "Generic exports: rows"): one row per study patient, or one per visit
 * when the visit itself (Visite, Visitendatum or Visitenstatus) is selected. In a patient row, a visit's
 * items come from the patient's first visit of that definition; in a visit row, from the row's visit only.
 * Instrument items come from the visit's (or, standalone, the patient's first) instrument of that definition.
 * An invisible or deleted field exports empty (ecrf-core.md §4: an invisible field yields empty values).
 */
import { indexStudyDefinition, visitExecutionDate, type DataFieldInstance, type InstrumentState, type StudyDefinition } from '@ecrf/rules';
import type { ExportCell, ExportRow } from '../export-content/export-content.js';
import { VISIT_ROW_ITEMS, type CatalogueItem } from './data-provider-items.js';

export type RowInstrument = { definitionId: string; fields: DataFieldInstance[]; state: InstrumentState };
export type RowVisit = {
  id: string;
  definitionId: string;
  fields: DataFieldInstance[];
  visitDate: string | null;
  state: string;
  instruments: RowInstrument[];
};

/** What one row reads: the patient, the visits by definition id and the standalone instruments by definition id. */
export type RowData = {
  pseudonym: string;
  location: string;
  registrationDate: string;
  patientFields: DataFieldInstance[];
  visits: ReadonlyMap<string, RowVisit>;
  standalone: ReadonlyMap<string, RowInstrument>;
};

export type RowMode = 'patient' | 'visit';

export const rowModeOf = (items: readonly CatalogueItem[]): RowMode =>
  items.some((i) => VISIT_ROW_ITEMS.includes(i.key)) ? 'visit' : 'patient';

/** The visit definitions and the instrument definitions (per visit, and standalone) the selected items read. */
export function neededParts(items: readonly CatalogueItem[]) {
  const visits = new Set<string>();
  const instruments = new Set<string>();
  const standalone = new Set<string>();
  for (const { source } of items) {
    if (source.kind === 'visitField') visits.add(source.visitId);
    if (source.kind === 'instrumentState' || source.kind === 'instrumentField') {
      if (source.visitId === null) standalone.add(source.instrumentId);
      else {
        visits.add(source.visitId);
        instruments.add(source.instrumentId);
      }
    }
  }
  return { visits: [...visits], instruments: [...instruments], standalone: [...standalone] };
}

function findInstance(fields: readonly DataFieldInstance[], definitionId: string): DataFieldInstance | undefined {
  for (const field of fields) {
    if (field.isDeleted === true) continue;
    if (field.definitionId === definitionId) return field;
    const inner = findInstance(field.childFields, definitionId);
    if (inner) return inner;
  }
  return undefined;
}

function fieldCell(
  fields: readonly DataFieldInstance[] | undefined,
  item: CatalogueItem & { source: { field: { id: string } } },
): ExportCell {
  const instance = fields ? findInstance(fields, item.source.field.id) : undefined;
  if (!instance || instance.isVisible === false) return null;
  const texts = instance.values
    .map((v) => {
      if (v.person) return [v.person.title, v.person.firstName, v.person.lastName].filter(Boolean).join(' ');
      if (v.organization) return v.organization.displayName ?? v.organization.id;
      return v.value;
    })
    .filter((text): text is string => text !== null && text !== undefined && text.trim() !== '');
  if (texts.length === 0) return null;
  if (item.type === 'number' && texts.length === 1) {
    const number = Number(texts[0]?.replace(',', '.'));
    return Number.isFinite(number) ? number : null;
  }
  return texts.join(', ');
}

/** Turns the rows' data into export rows keyed by column, for one selection of items. */
export function rowWriter(items: readonly CatalogueItem[], model: StudyDefinition) {
  const index = indexStudyDefinition(model);
  const instrumentOf = (visit: RowVisit | undefined, definitionId: string) =>
    visit?.instruments.find((i) => i.definitionId === definitionId);
  const cell = (item: CatalogueItem, row: RowData, ownVisit: RowVisit | undefined): ExportCell => {
    const { source } = item;
    switch (source.kind) {
      case 'pseudonym':
        return row.pseudonym;
      case 'location':
        return row.location;
      case 'registrationDate':
        return row.registrationDate;
      case 'visit':
        return ownVisit ? (source.labels.get(ownVisit.definitionId) ?? null) : null;
      case 'visitDate':
        return ownVisit
          ? visitExecutionDate({ ...ownVisit, instruments: ownVisit.instruments.map((i) => ({ ...i, id: '' })) }, index)
          : null;
      case 'visitState':
        return ownVisit?.state ?? null;
      case 'patientField':
        return fieldCell(row.patientFields, { ...item, source });
      case 'visitField':
        return fieldCell(row.visits.get(source.visitId)?.fields, { ...item, source });
      case 'instrumentState':
      case 'instrumentField': {
        const instrument =
          source.visitId === null
            ? row.standalone.get(source.instrumentId)
            : instrumentOf(row.visits.get(source.visitId), source.instrumentId);
        if (source.kind === 'instrumentState') return instrument?.state ?? null;
        return fieldCell(instrument?.fields, { ...item, source });
      }
    }
  };
  return (row: RowData, ownVisit?: RowVisit): ExportRow =>
    Object.fromEntries(items.map((item) => [item.column, cell(item, row, ownVisit)]));
}
