/**
 * One study patient's documentation as FHIR R4 resources (issue 28 item 1; docs/fhir-export.md): the Patient
 * (pseudonym only: the registry holds no identity data), an Encounter per visit, the oncology instruments'
 * resources (fhir-oncology.ts), and a QuestionnaireResponse per form for every documented value the mapping
 * did not use, so nothing documented is left out. With `since`, only the resources of forms changed after it.
 * Pure: no I/O.
 */
import type {
  Condition,
  Encounter,
  Patient,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from '@medplum/fhirtypes';
import { GENDER, SYSTEMS, coding, concept, registrySystem } from './fhir-codes.js';
import { FormReader, decimal, fhirDate, type FormValue } from './fhir-form.js';
import { INSTRUMENT_MAPPERS } from './fhir-oncology.js';
import type { FhirResource } from './fhir-resource-types.js';
import type { FhirForm, FhirMappingContext, FhirPatientSource, InstrumentPlace } from './fhir-source.js';

const changed = (form: { changedAt: Date }, context: FhirMappingContext) => context.since === null || form.changedAt > context.since;

function answersOf(value: FormValue, reader: FormReader, context: FhirMappingContext): QuestionnaireResponseItemAnswer[] {
  const settings = reader.index.fieldById.get(value.field.definitionId)?.definition;
  const enumeration = settings?.enumValueSetIdentifier;
  return value.values.map((text): QuestionnaireResponseItemAnswer => {
    if (enumeration) return { valueCoding: coding(registrySystem(context.definition, enumeration), text) };
    switch (settings?.valueType) {
      case 'number': {
        const number = decimal(text);
        return number === null ? { valueString: text } : { valueDecimal: number };
      }
      case 'date': {
        const date = fhirDate(text);
        return date ? { valueDate: date } : { valueString: text };
      }
      case 'boolean':
        return text === 'true' || text === 'false' ? { valueBoolean: text === 'true' } : { valueString: text };
      default:
        return { valueString: text };
    }
  });
}

/** The form's values the mapping did not use, or nothing when it used them all. */
function questionnaireResponse(
  reader: FormReader,
  form: { id: string; identifier: string; lastUpdated: string },
  patient: Reference<Patient>,
  encounter: Reference<Encounter> | null,
  context: FhirMappingContext,
): QuestionnaireResponse[] {
  const items: QuestionnaireResponseItem[] = reader.unused().map((value) => ({
    linkId: value.path,
    text: reader.index.fieldById.get(value.field.definitionId)?.displayKey ?? value.path,
    answer: answersOf(value, reader, context),
  }));
  if (items.length === 0) return [];
  return [
    {
      resourceType: 'QuestionnaireResponse',
      id: form.id,
      meta: { lastUpdated: form.lastUpdated },
      questionnaire: `${registrySystem(context.definition, 'form')}:${form.identifier}`,
      status: 'completed',
      subject: patient,
      ...(encounter ? { encounter } : {}),
      authored: form.lastUpdated,
      item: items,
    },
  ];
}

function patientResource(source: FhirPatientSource, reader: FormReader): Patient {
  const sex = reader.value('sex');
  const birthDate = fhirDate(reader.value('birth_date'));
  return {
    resourceType: 'Patient',
    id: source.id,
    meta: { lastUpdated: source.changedAt.toISOString() },
    identifier: [{ system: SYSTEMS.pseudonym, value: source.pseudonym }],
    ...(sex && GENDER[sex] ? { gender: GENDER[sex] } : {}),
    ...(birthDate ? { birthDate } : {}),
  };
}

/** The first diagnosis documented: the Condition therapy lines, TNM and histology refer to. */
function conditionOf(source: FhirPatientSource, context: FhirMappingContext): Reference<Condition> | null {
  const forms = [...source.visits.flatMap((v) => v.instruments), ...source.standaloneInstruments];
  const diagnosis = forms.find((form) => {
    if (context.index.instrumentById.get(form.definitionId)?.identifier !== 'diagnosis') return false;
    const reader = new FormReader(context.index, form.fields);
    return reader.value('icd10') !== null || reader.value('topography') !== null || reader.value('morphology') !== null;
  });
  return diagnosis ? { reference: `Condition/${diagnosis.id}` } : null;
}

function instrumentResources(
  form: FhirForm,
  place: Omit<InstrumentPlace, 'id' | 'lastUpdated'>,
  context: FhirMappingContext,
): FhirResource[] {
  if (!changed(form, context)) return [];
  const identifier = context.index.instrumentById.get(form.definitionId)?.identifier ?? form.definitionId;
  const reader = new FormReader(context.index, form.fields);
  const lastUpdated = form.changedAt.toISOString();
  const mapped = INSTRUMENT_MAPPERS[identifier]?.(reader, { ...place, id: form.id, lastUpdated }) ?? [];
  return [...mapped, ...questionnaireResponse(reader, { id: form.id, identifier, lastUpdated }, place.patient, place.encounter, context)];
}

export function patientResources(source: FhirPatientSource, context: FhirMappingContext): FhirResource[] {
  const patient: Reference<Patient> = { reference: `Patient/${source.id}` };
  const condition = conditionOf(source, context);
  const resources: FhirResource[] = [];
  if (changed(source, context)) {
    const reader = new FormReader(context.index, source.fields);
    resources.push(patientResource(source, reader));
    const lastUpdated = source.changedAt.toISOString();
    resources.push(...questionnaireResponse(reader, { id: source.id, identifier: 'patient', lastUpdated }, patient, null, context));
  }
  const base = { definition: context.definition, patient, condition };
  for (const visit of source.visits) {
    const encounter: Reference<Encounter> = { reference: `Encounter/${visit.id}` };
    const identifier = context.index.visitById.get(visit.definitionId)?.identifier ?? visit.definitionId;
    const visitDate = fhirDate(visit.visitDate);
    if (changed(visit, context)) {
      const lastUpdated = visit.changedAt.toISOString();
      const reader = new FormReader(context.index, visit.fields);
      const resource: Encounter = {
        resourceType: 'Encounter',
        id: visit.id,
        meta: { lastUpdated },
        status: 'finished',
        class: coding(SYSTEMS.actCode, 'AMB', 'ambulatory'),
        type: [concept(coding(registrySystem(context.definition, 'visit'), identifier))],
        subject: patient,
        ...(visitDate ? { period: { start: visitDate } } : {}),
      };
      resources.push(resource, ...questionnaireResponse(reader, { id: visit.id, identifier, lastUpdated }, patient, encounter, context));
    }
    for (const instrument of visit.instruments) {
      resources.push(...instrumentResources(instrument, { ...base, encounter, visitDate }, context));
    }
  }
  for (const instrument of source.standaloneInstruments) {
    resources.push(...instrumentResources(instrument, { ...base, encounter: null, visitDate: null }, context));
  }
  return resources;
}
