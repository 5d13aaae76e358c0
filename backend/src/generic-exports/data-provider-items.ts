/**
 * The data provider items of a study (ecrf-calls.md §7 "Generic export: dataProviderItems"): what a generic
 * export definition can select, generated from the study's current definition. Fixed items (pseudonym,
 * location, registration date, visit, visit date, visit state) come first, then the value fields of the
 * patient, of each visit, of each instrument in each visit with its state, and of the standalone instruments.
 * Fields inside repeating lists are left out: one column cannot hold a list's entries.
 * Keys name parts by identifier (stable across definition versions, docs/definitions.md "Ids and versions").
 */
import type { DataFieldDefinition, DisplayTexts, FieldDefinitionType, InstrumentDefinition, StudyDefinition } from '@ecrf/rules';
import type { ExportColumnType } from '../export-content/export-content.js';

export type DataProviderItem = { key: string; group: string; label: string; type: ExportColumnType };

/** Where an item's value comes from; `visitId` null: a standalone instrument. */
export type ItemSource =
  | { kind: 'pseudonym' | 'location' | 'registrationDate' | 'visitDate' | 'visitState' }
  /** The visit's definition by its German label. */
  | { kind: 'visit'; labels: ReadonlyMap<string, string> }
  | { kind: 'patientField'; field: DataFieldDefinition }
  | { kind: 'visitField'; visitId: string; field: DataFieldDefinition }
  | { kind: 'instrumentState'; visitId: string | null; instrumentId: string }
  | { kind: 'instrumentField'; visitId: string | null; instrumentId: string; field: DataFieldDefinition };

/** An item with its source and its column name (letters, digits, _; unique within the study). */
export type CatalogueItem = DataProviderItem & { source: ItemSource; column: string };

const VALUE_TYPES: readonly FieldDefinitionType[] = ['TableEntry', 'DisplayValue', 'NngmNetworkPartner', 'NngmNetworkLocation'];
const REPEATING_TYPES: readonly FieldDefinitionType[] = ['List', 'EventReportList', 'ListEntry', 'EventReportListEntry'];

/** Items that make a row per visit (docs: "Rows"). */
export const VISIT_ROW_ITEMS: readonly string[] = ['visit', 'visitDate', 'visitState'];

export const ITEM_GROUPS = { patient: 'Patient', visit: 'Visite' } as const;

function columnTypeOf(field: DataFieldDefinition): ExportColumnType {
  return field.definition?.valueType === 'number' ? 'number' : 'string';
}

/** The value fields of a form outside repeating lists, in form order, with their identifier and label paths. */
function valueFields(fields: readonly DataFieldDefinition[], texts: DisplayTexts) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const chain = (field: DataFieldDefinition): DataFieldDefinition[] => {
    const parent = field.parentFieldDefinitionId ? byId.get(field.parentFieldDefinitionId) : undefined;
    return parent ? [...chain(parent), field] : [field];
  };
  const ordered: DataFieldDefinition[] = [];
  const visit = (parentId: string | null) => {
    for (const field of fields.filter((f) => (f.parentFieldDefinitionId ?? null) === parentId).sort((a, b) => a.order - b.order)) {
      ordered.push(field);
      visit(field.id);
    }
  };
  visit(null);
  return ordered
    .filter((field) => VALUE_TYPES.includes(field.definitionType) && field.isDeleted !== true)
    .map((field) => ({ field, path: chain(field) }))
    .filter(({ path }) => !path.some((f) => REPEATING_TYPES.includes(f.definitionType) || f.isDeleted === true))
    .map(({ field, path }) => ({
      field,
      identifierPath: path.map((f) => f.identifier).join('.'),
      label: path.map((f) => texts[f.displayKey] ?? f.identifier).join(' – '),
    }));
}

export function dataProviderCatalogue(model: StudyDefinition, texts: DisplayTexts): CatalogueItem[] {
  const items: Omit<CatalogueItem, 'column'>[] = [];
  const text = (key: string, fallback: string) => texts[key] ?? fallback;
  items.push({ key: 'pseudonym', group: ITEM_GROUPS.patient, label: 'Pseudonym', type: 'string', source: { kind: 'pseudonym' } });
  items.push({ key: 'location', group: ITEM_GROUPS.patient, label: 'Standort', type: 'string', source: { kind: 'location' } });
  items.push({
    key: 'registrationDate',
    group: ITEM_GROUPS.patient,
    label: 'Registrierungsdatum',
    type: 'string',
    source: { kind: 'registrationDate' },
  });
  for (const { field, identifierPath, label } of valueFields(model.patient.fields, texts))
    items.push({
      key: `patient/field:${identifierPath}`,
      group: ITEM_GROUPS.patient,
      label,
      type: columnTypeOf(field),
      source: { kind: 'patientField', field },
    });

  const liveVisits = [...model.visits].filter((v) => v.isDeleted !== true).sort((a, b) => a.order - b.order);
  const visitLabels = new Map(model.visits.map((v) => [v.id, text(v.displayKey, v.identifier)]));
  items.push({ key: 'visit', group: ITEM_GROUPS.visit, label: 'Visite', type: 'string', source: { kind: 'visit', labels: visitLabels } });
  items.push({ key: 'visitDate', group: ITEM_GROUPS.visit, label: 'Visitendatum', type: 'string', source: { kind: 'visitDate' } });
  items.push({ key: 'visitState', group: ITEM_GROUPS.visit, label: 'Visitenstatus', type: 'string', source: { kind: 'visitState' } });

  const instrumentItems = (instrument: InstrumentDefinition, visitId: string | null, prefix: string, group: string) => {
    items.push({
      key: `${prefix}/state`,
      group,
      label: 'Status',
      type: 'string',
      source: { kind: 'instrumentState', visitId, instrumentId: instrument.id },
    });
    for (const { field, identifierPath, label } of valueFields(instrument.fields, texts))
      items.push({
        key: `${prefix}/field:${identifierPath}`,
        group,
        label,
        type: columnTypeOf(field),
        source: { kind: 'instrumentField', visitId, instrumentId: instrument.id, field },
      });
  };

  for (const visit of liveVisits) {
    const visitLabel = visitLabels.get(visit.id) ?? visit.identifier;
    const group = `${ITEM_GROUPS.visit} ${visitLabel}`;
    for (const { field, identifierPath, label } of valueFields(visit.fields, texts))
      items.push({
        key: `visit:${visit.identifier}/field:${identifierPath}`,
        group,
        label,
        type: columnTypeOf(field),
        source: { kind: 'visitField', visitId: visit.id, field },
      });
    for (const instrument of [...visit.instruments].filter((i) => i.isDeleted !== true).sort((a, b) => a.order - b.order))
      instrumentItems(
        instrument,
        visit.id,
        `visit:${visit.identifier}/instrument:${instrument.identifier}`,
        `${visitLabel}: ${text(instrument.displayKey, instrument.identifier)}`,
      );
  }
  for (const instrument of [...model.standaloneInstruments].filter((i) => i.isDeleted !== true).sort((a, b) => a.order - b.order))
    instrumentItems(
      instrument,
      null,
      `standalone:${instrument.identifier}`,
      `Einzelinstrument: ${text(instrument.displayKey, instrument.identifier)}`,
    );

  const taken = new Set<string>();
  return items.map((item) => {
    const base = columnBase(item.key);
    let column = base;
    for (let n = 2; taken.has(column); n++) column = `${base}_${n}`;
    taken.add(column);
    return { ...item, column };
  });
}

/** `visit:baseline/instrument:staging/field:tnm.t` → `baseline_staging_tnm_t`. */
function columnBase(key: string): string {
  return key
    .replace(/\b(visit|instrument|field|standalone):/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The answer of the dataProviderItems call: the items without their sources. */
export const publicItem = ({ key, group, label, type }: CatalogueItem): DataProviderItem => ({ key, group, label, type });
