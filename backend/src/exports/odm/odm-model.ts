/**
 * The ODM 1.3.2 metadata of one study definition version (issue 12 "CDISC ODM 1.3.2"): study events, forms,
 * item groups, items, code lists and units, with the OIDs the clinical data refers to. Pure: built from the
 * `StudyDefinition` of @ecrf/rules and the German display texts.
 *
 * OIDs follow the definition's identifiers, which hold no dots, so the kinds never collide: the patient form
 * `F.patient`, a visit's own fields `F.visit.<visit>`, an instrument `F.instrument.<instrument>`; item groups
 * and items append the field path (`IG.instrument.staging.tnm`, `I.instrument.staging.tnm.t`).
 */
import {
  CONTAINER_FIELD_TYPES,
  ENTRY_FIELD_TYPES,
  sortedEnumValues,
  type DataFieldDefinition,
  type InstrumentDefinition,
  type StudyDefinition,
} from '@ecrf/rules';

export type OdmDataType = 'text' | 'float' | 'partialDate' | 'boolean';

export type OdmItem = {
  oid: string;
  name: string;
  dataType: OdmDataType;
  question: string;
  /** Why the value looks as it does, where ODM has no type for it (multiple choice, network choices). */
  description: string | null;
  codeListOid: string | null;
  unitOid: string | null;
  mandatory: boolean;
  /** The registry's value type (`date`, `enum`, `multiEnum`, …) or the network field type. */
  valueKind: string;
};

export type OdmItemGroup = { oid: string; name: string; repeating: boolean; itemOids: string[] };
export type OdmForm = { oid: string; name: string; repeating: boolean; groupOids: string[] };
export type OdmStudyEvent = {
  oid: string;
  name: string;
  repeating: boolean;
  type: 'Scheduled' | 'Unscheduled' | 'Common';
  mandatory: boolean;
  formOids: string[];
};
export type OdmCodeList = { oid: string; name: string; items: { code: string; decode: string }[] };
export type OdmUnit = { oid: string; symbol: string };

export type OdmMetadata = {
  events: OdmStudyEvent[];
  forms: Map<string, OdmForm>;
  groups: Map<string, OdmItemGroup>;
  items: Map<string, OdmItem>;
  codeLists: OdmCodeList[];
  units: OdmUnit[];
  /** Field definition id → the item group its value lands in, and its item. */
  placeOfField: Map<string, { groupOid: string; itemOid: string }>;
  /** Ids of the entry types of lists: each entry is one repetition of its item groups within its parent. */
  entryDefinitionIds: Set<string>;
  visitEventOid: (visitDefinitionId: string) => string | undefined;
  /** The form of a visit's own fields (the visit date and the like). */
  visitFieldsFormOid: (visitDefinitionId: string) => string | undefined;
  instrumentFormOid: (instrumentDefinitionId: string) => string | undefined;
};

export const PATIENT_EVENT_OID = 'SE.patient';
export const PATIENT_FORM_OID = 'F.patient';
export const STANDALONE_EVENT_OID = 'SE.standalone';
export const unitOid = (unit: string): string => `MU.${unit}`;
export const rootGroupOid = (formOid: string): string => `IG.${formOid.slice('F.'.length)}`;

/** German names of the study events and forms the registry has no definition of its own for. */
export const ODM_TEXTS = {
  patientEvent: 'Patient',
  patientForm: 'Patientendaten',
  standaloneEvent: 'Eigenständige Instrumente',
  visitFields: (visit: string) => `${visit}: Visitendaten`,
  multipleChoice: (codeList: string) => `Mehrfachauswahl: die gewählten Codes der Liste ${codeList}, durch Komma getrennt`,
  networkChoice: 'Netzwerkauswahl: die Kennung der Person oder des Standorts; beides als <Person>@<Standort>',
  signatureLegalReason: 'Elektronische Unterschrift, bestätigt durch erneute Eingabe des Passworts (21 CFR Part 11 § 11.200)',
  metaDataVersion: (definition: string, version: number) => `${definition}, Version ${version}`,
} as const;

type Labels = (displayKey: string) => string;

function itemOf(field: DataFieldDefinition, oid: string, labels: Labels): OdmItem {
  const settings = field.definition ?? null;
  const codeList = settings?.enumValueSetIdentifier ?? null;
  const network = field.definitionType === 'NngmNetworkPartner' || field.definitionType === 'NngmNetworkLocation';
  const valueKind = network ? field.definitionType : (settings?.valueType ?? (codeList ? 'enum' : 'text'));
  const dataType: OdmDataType =
    valueKind === 'number' ? 'float' : valueKind === 'date' ? 'partialDate' : valueKind === 'boolean' ? 'boolean' : 'text';
  const description =
    valueKind === 'multiEnum' && codeList ? ODM_TEXTS.multipleChoice(`CL.${codeList}`) : network ? ODM_TEXTS.networkChoice : null;
  return {
    oid,
    name: field.identifier,
    dataType,
    question: labels(field.displayKey),
    description,
    // A code list names the one value an item holds; a multiple choice holds several (see its description).
    codeListOid: codeList && valueKind !== 'multiEnum' ? `CL.${codeList}` : null,
    unitOid: settings?.unit ? unitOid(settings.unit) : null,
    mandatory: field.rules.some((r) => r.definitionType === 'RequiredField' && !r.constraintExpression && r.isDeleted !== true),
    valueKind,
  };
}

/** Item groups of one form: its root group, one per section (Table, FieldGroup) and one per entry type of a list. */
function addForm(
  metadata: OdmMetadata,
  form: { oid: string; name: string; repeating: boolean },
  fields: readonly DataFieldDefinition[],
  labels: Labels,
): void {
  const base = form.oid.slice('F.'.length);
  const groups: OdmItemGroup[] = [];
  const root: OdmItemGroup = { oid: rootGroupOid(form.oid), name: form.name, repeating: false, itemOids: [] };
  const childrenOf = (parentId: string | null) =>
    fields.filter((f) => (f.parentFieldDefinitionId ?? null) === parentId).sort((a, b) => a.order - b.order);
  const walk = (parentId: string | null, path: string, group: OdmItemGroup, repeating: boolean) => {
    for (const field of childrenOf(parentId)) {
      const fieldPath = path === '' ? field.identifier : `${path}.${field.identifier}`;
      if (ENTRY_FIELD_TYPES.includes(field.definitionType) || field.definitionType === 'Table' || field.definitionType === 'FieldGroup') {
        const entry = ENTRY_FIELD_TYPES.includes(field.definitionType);
        const opened: OdmItemGroup = {
          oid: `IG.${base}.${fieldPath}`,
          name: labels(field.displayKey),
          repeating: repeating || entry,
          itemOids: [],
        };
        groups.push(opened);
        if (entry) metadata.entryDefinitionIds.add(field.id);
        walk(field.id, fieldPath, opened, opened.repeating);
      } else if (CONTAINER_FIELD_TYPES.includes(field.definitionType)) {
        // A List or EventReportList has no values of its own; its entry types open the groups.
        walk(field.id, fieldPath, group, repeating);
      } else {
        const item = itemOf(field, `I.${base}.${fieldPath}`, labels);
        metadata.items.set(item.oid, item);
        metadata.placeOfField.set(field.id, { groupOid: group.oid, itemOid: item.oid });
        group.itemOids.push(item.oid);
      }
    }
  };
  walk(null, '', root, false);
  const used = [root, ...groups].filter((g) => g.itemOids.length > 0);
  for (const group of used) metadata.groups.set(group.oid, group);
  metadata.forms.set(form.oid, { ...form, groupOids: used.map((g) => g.oid) });
}

/** The metadata of one definition version, with the German texts of its display keys. */
export function buildOdmMetadata(definition: StudyDefinition, labels: Labels): OdmMetadata {
  const instrumentForms = new Map<string, string>();
  const visitEvents = new Map<string, string>();
  const visitFieldForms = new Map<string, string>();
  const metadata: OdmMetadata = {
    events: [],
    forms: new Map(),
    groups: new Map(),
    items: new Map(),
    codeLists: [],
    units: [],
    placeOfField: new Map(),
    entryDefinitionIds: new Set(),
    visitEventOid: (id) => visitEvents.get(id),
    visitFieldsFormOid: (id) => visitFieldForms.get(id),
    instrumentFormOid: (id) => instrumentForms.get(id),
  };
  const standaloneIds = new Set(definition.standaloneInstruments.map((i) => i.id));
  const addInstrument = (instrument: InstrumentDefinition): string => {
    const oid = `F.instrument.${instrument.identifier}`;
    if (!metadata.forms.has(oid)) {
      // A patient may document a standalone instrument more than once; inside a visit it stands once.
      addForm(
        metadata,
        { oid, name: labels(instrument.displayKey), repeating: standaloneIds.has(instrument.id) },
        instrument.fields,
        labels,
      );
      instrumentForms.set(instrument.id, oid);
    }
    return oid;
  };
  const withData = (oid: string) => (metadata.forms.get(oid)?.groupOids.length ?? 0) > 0;

  addForm(metadata, { oid: PATIENT_FORM_OID, name: ODM_TEXTS.patientForm, repeating: false }, definition.patient.fields, labels);
  metadata.events.push({
    oid: PATIENT_EVENT_OID,
    name: ODM_TEXTS.patientEvent,
    repeating: false,
    type: 'Common',
    mandatory: true,
    formOids: withData(PATIENT_FORM_OID) ? [PATIENT_FORM_OID] : [],
  });
  for (const visit of [...definition.visits].sort((a, b) => a.order - b.order)) {
    const oid = `SE.visit.${visit.identifier}`;
    visitEvents.set(visit.id, oid);
    const name = labels(visit.displayKey);
    const ownForm = `F.visit.${visit.identifier}`;
    visitFieldForms.set(visit.id, ownForm);
    addForm(metadata, { oid: ownForm, name: ODM_TEXTS.visitFields(name), repeating: false }, visit.fields, labels);
    const instruments = [...visit.instruments].sort((a, b) => a.order - b.order).map(addInstrument);
    metadata.events.push({
      oid,
      name,
      repeating: visit.definition.max !== 1,
      type: visit.definition.type === 'IntermediateVisit' ? 'Unscheduled' : 'Scheduled',
      mandatory: false,
      formOids: [ownForm, ...instruments].filter(withData),
    });
  }
  if (definition.standaloneInstruments.length > 0) {
    const forms = [...definition.standaloneInstruments].sort((a, b) => a.order - b.order).map(addInstrument);
    metadata.events.push({
      oid: STANDALONE_EVENT_OID,
      name: ODM_TEXTS.standaloneEvent,
      repeating: false,
      type: 'Common',
      mandatory: false,
      formOids: forms.filter(withData),
    });
  }
  for (const set of definition.enumValueSets) {
    metadata.codeLists.push({
      oid: `CL.${set.identifier}`,
      name: set.identifier,
      items: sortedEnumValues(set).map((v) => ({ code: v.code, decode: labels(v.displayKey) })),
    });
  }
  const units = new Set([...metadata.items.values()].flatMap((i) => (i.unitOid ? [i.unitOid.slice('MU.'.length)] : [])));
  metadata.units = [...units].sort().map((symbol) => ({ oid: unitOid(symbol), symbol }));
  return metadata;
}
