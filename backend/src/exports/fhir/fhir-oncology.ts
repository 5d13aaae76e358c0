/**
 * The oncology instruments as FHIR R4 resources (issue 28 item 1; docs/fhir-export.md "Mapping"): diagnosis →
 * Condition and histology Observation, staging → TNM Observation, performance → ECOG, smoking history → smoking
 * status and pack-years, molecular → one Observation per marker; systemic therapy and consents in
 * fhir-treatment.ts. Each mapper marks what it used on the form's reader; the rest of the form goes into its
 * QuestionnaireResponse. Pure: no I/O.
 */
import type { Condition, Observation } from '@medplum/fhirtypes';
import {
  ECOG_ANSWERS,
  MARKER_GENES,
  SMOKING_SNOMED,
  SYSTEMS,
  TNM_LOINC,
  VARIANT_ANSWERS,
  coding,
  concept,
  loinc,
  registrySystem,
} from './fhir-codes.js';
import { dateOf, decimal, type FormReader } from './fhir-form.js';
import type { InstrumentPlace } from './fhir-source.js';
import { consents, systemicTherapy } from './fhir-treatment.js';
import type { FhirResource } from './fhir-resource-types.js';

const category = (code: string) => [concept(coding(SYSTEMS.observationCategory, code))];

function observation(place: InstrumentPlace, suffix: string, body: Omit<Observation, 'resourceType' | 'status' | 'subject'>): Observation {
  return {
    resourceType: 'Observation',
    id: `${place.id}-${suffix}`,
    meta: { lastUpdated: place.lastUpdated },
    status: 'final',
    subject: place.patient,
    ...(place.encounter ? { encounter: place.encounter } : {}),
    ...body,
  };
}

const effective = (date: string | null, place: InstrumentPlace) => {
  const at = date ?? place.visitDate;
  return at ? { effectiveDateTime: at } : {};
};

function diagnosis(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const icd10 = reader.value('icd10');
  const topography = reader.value('topography');
  const chosen = reader.value('morphology');
  const morphology = chosen === 'other' ? reader.value('morphology_code') : chosen;
  const version = reader.value('morph_version');
  const recorded = dateOf(reader, 'diag_date');
  const histology: Observation | null = morphology
    ? observation(place, 'histology', {
        category: category('laboratory'),
        code: loinc('59847-4', 'Histology and Behavior ICD-O-3 Cancer'),
        valueCodeableConcept: concept({ ...coding(SYSTEMS.icdO3, morphology), ...(version ? { version } : {}) }),
        ...effective(recorded, place),
      })
    : null;
  if (!icd10 && !topography && !histology) return [];
  const condition: Condition = {
    resourceType: 'Condition',
    id: place.id,
    meta: { lastUpdated: place.lastUpdated },
    category: [concept(coding(SYSTEMS.conditionCategory, 'encounter-diagnosis'))],
    code: icd10 ? concept(coding(SYSTEMS.icd10gm, icd10)) : { text: 'Diagnose ohne ICD-10-GM-Code' },
    ...(topography ? { bodySite: [concept(coding(SYSTEMS.icdO3, topography))] } : {}),
    subject: place.patient,
    ...(place.encounter ? { encounter: place.encounter } : {}),
    ...(recorded ? { recordedDate: recorded } : {}),
    ...(histology ? { evidence: [{ detail: [{ reference: `Observation/${histology.id}` }] }] } : {}),
  };
  return histology ? [condition, histology] : [condition];
}

function staging(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const version = reader.value('tnm_version') ?? undefined;
  const prefix = reader.value('tnm.prefix') ?? 'c';
  const codes = prefix === 'p' ? TNM_LOINC.pathological : TNM_LOINC.clinical;
  const tnm = (code: string, display?: string) => concept({ ...coding(SYSTEMS.tnm, code, display), ...(version ? { version } : {}) });
  const stage = reader.value('uicc_stage') ?? reader.value('uicc');
  const components = (['t', 'n', 'm'] as const).flatMap((category) => {
    const value = reader.value(`tnm.${category}`);
    if (!value) return [];
    const [code, display] = codes[category];
    return [{ code: loinc(code, display), valueCodeableConcept: tnm(value, `${prefix}${category.toUpperCase()}${value}`) }];
  });
  if (!stage && components.length === 0) return [];
  const [code, display] = codes.stage;
  return [
    observation(place, 'tnm', {
      category: category('exam'),
      code: loinc(code, display),
      ...(stage
        ? { valueCodeableConcept: tnm(stage) }
        : { dataAbsentReason: concept(coding('http://terminology.hl7.org/CodeSystem/data-absent-reason', 'not-asked')) }),
      ...(components.length > 0 ? { component: components } : {}),
      ...(place.condition ? { focus: [place.condition] } : {}),
      ...effective(null, place),
    }),
  ];
}

function performance(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const ecog = reader.value('ecog');
  if (!ecog) return [];
  const answer = ECOG_ANSWERS[ecog];
  return [
    observation(place, 'ecog', {
      category: category('survey'),
      code: loinc('89247-1', 'ECOG Performance Status score'),
      valueCodeableConcept: answer
        ? concept(coding(SYSTEMS.loinc, answer[0], answer[1]), coding(registrySystem(place.definition, 'ecog'), ecog))
        : concept(coding(registrySystem(place.definition, 'ecog'), ecog)),
      ...effective(dateOf(reader, 'ecog_date'), place),
    }),
  ];
}

function smokingHistory(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const status = reader.value('smoking_status');
  const packYears = decimal(reader.value('pack_years'));
  const snomed = status ? SMOKING_SNOMED[status] : undefined;
  const resources: FhirResource[] = [];
  if (status) {
    resources.push(
      observation(place, 'smoking-status', {
        category: category('social-history'),
        code: loinc('72166-2', 'Tobacco smoking status'),
        valueCodeableConcept: snomed
          ? concept(coding(SYSTEMS.snomed, snomed[0], snomed[1]), coding(registrySystem(place.definition, 'smoking_status'), status))
          : concept(coding(registrySystem(place.definition, 'smoking_status'), status)),
        ...effective(null, place),
      }),
    );
  }
  if (packYears !== null) {
    resources.push(
      observation(place, 'pack-years', {
        category: category('social-history'),
        code: concept(coding(SYSTEMS.snomed, '401201003', 'Cigarette pack-years')),
        valueQuantity: { value: packYears, unit: 'Packungsjahre', system: SYSTEMS.ucum, code: '{PackYears}' },
        ...effective(null, place),
      }),
    );
  }
  return resources;
}

function molecular(reader: FormReader, place: InstrumentPlace): FhirResource[] {
  const date = dateOf(reader, 'test_date');
  const methods = reader.values('method');
  const method =
    methods.length > 0 ? { method: concept(...methods.map((m) => coding(registrySystem(place.definition, 'molecular_method'), m))) } : {};
  const markers = reader.fieldAt('markers')?.childFields ?? [];
  const item = registrySystem(place.definition, 'item');
  const resources: FhirResource[] = [];
  for (const [marker, gene] of Object.entries(MARKER_GENES)) {
    const status = reader.value(marker, markers);
    if (!status) continue;
    const answer = VARIANT_ANSWERS[status];
    const statusCoding = coding(registrySystem(place.definition, 'marker_status'), status);
    const detail = marker === 'egfr' ? reader.value('egfr_detail', markers) : null;
    resources.push(
      observation(place, marker.replaceAll('_', '-'), {
        category: category('laboratory'),
        code: { ...loinc('69548-6', 'Genetic variant assessment'), text: marker },
        valueCodeableConcept: answer ? concept(coding(SYSTEMS.loinc, answer[0], answer[1]), statusCoding) : concept(statusCoding),
        component: [
          {
            code: loinc('48018-6', 'Gene studied [ID]'),
            valueCodeableConcept: gene
              ? concept(coding(SYSTEMS.hgnc, gene[0], gene[1]), coding(item, marker))
              : concept(coding(item, marker)),
          },
          ...(detail
            ? [
                {
                  code: concept(coding(item, 'egfr_detail')),
                  valueCodeableConcept: concept(coding(registrySystem(place.definition, 'egfr_detail'), detail)),
                },
              ]
            : []),
        ],
        ...method,
        ...effective(date, place),
      }),
    );
  }
  const tps = decimal(reader.value('pdl1_tps', markers));
  if (tps !== null) {
    resources.push(
      observation(place, 'pdl1-tps', {
        category: category('laboratory'),
        code: { ...concept(coding(item, 'pdl1_tps', 'PD-L1 Tumor Proportion Score')), text: 'PD-L1 TPS' },
        valueQuantity: { value: tps, unit: '%', system: SYSTEMS.ucum, code: '%' },
        ...method,
        ...effective(date, place),
      }),
    );
  }
  return resources;
}

/** The instruments the mapping covers, by identifier; every other instrument is a QuestionnaireResponse only. */
export const INSTRUMENT_MAPPERS: Readonly<Record<string, (reader: FormReader, place: InstrumentPlace) => FhirResource[]>> = {
  diagnosis,
  staging,
  performance,
  smoking_history: smokingHistory,
  molecular,
  systemic_therapy: systemicTherapy,
  consents,
};
