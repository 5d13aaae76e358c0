/**
 * The code systems and codes of the FHIR export (docs/fhir-export.md "Mapping"): LOINC and SNOMED CT where a
 * standard code exists, ICD-10-GM and ICD-O-3 as the MII oncology module names them, and the registry's own code
 * systems (`urn:ecrf:<definition>:<enumeration>`) for the rest. Pure: no I/O.
 */
import type { CodeableConcept, Coding } from '@medplum/fhirtypes';

export const SYSTEMS = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
  icd10gm: 'http://fhir.de/CodeSystem/bfarm/icd-10-gm',
  icdO3: 'urn:oid:2.16.840.1.113883.6.43.1',
  hgnc: 'http://www.genenames.org/geneId',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  consentScope: 'http://terminology.hl7.org/CodeSystem/consentscope',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  /** TNM categories and UICC stages, as the MII oncology module names them. */
  tnm: 'https://www.uicc.org/resources/tnm',
  /** The registry's pseudonyms (the Mainzelliste's `pid`; never identity data). */
  pseudonym: 'urn:ecrf:pseudonym',
} as const;

/** The registry's own code system of a definition's enumeration or item (`urn:ecrf:nngm_lung:ecog`). */
export const registrySystem = (definition: string, name: string): string => `urn:ecrf:${definition}:${name}`;

export const coding = (system: string, code: string, display?: string): Coding => ({
  system,
  code,
  ...(display ? { display } : {}),
});
export const concept = (...codings: Coding[]): CodeableConcept => ({ coding: codings });
export const loinc = (code: string, display: string): CodeableConcept => concept(coding(SYSTEMS.loinc, code, display));

/** ECOG grades as LOINC answers of 89247-1 (answer list LL529-9). */
export const ECOG_ANSWERS: Readonly<Record<string, [string, string]>> = {
  '0': ['LA9622-7', 'Fully active, able to carry on all pre-disease performance without restriction'],
  '1': ['LA9623-5', 'Restricted in physically strenuous activity but ambulatory and able to carry out work of a light or sedentary nature'],
  '2': ['LA9624-3', 'Ambulatory and capable of all selfcare but unable to carry out any work activities'],
  '3': ['LA9625-0', 'Capable of only limited selfcare, confined to bed or chair more than 50% of waking hours'],
  '4': ['LA9626-8', 'Completely disabled. Cannot carry on any selfcare. Totally confined to bed or chair'],
};

/** Smoking status as SNOMED CT findings (the values of LOINC 72166-2). */
export const SMOKING_SNOMED: Readonly<Record<string, [string, string]>> = {
  never: ['266919005', 'Never smoked tobacco'],
  former: ['8517006', 'Ex-smoker'],
  current: ['77176002', 'Smoker'],
  unknown: ['266927001', 'Tobacco smoking consumption unknown'],
};

/** The genes of the marker panel (HGNC); NTRK names a family of three genes and keeps the registry's code only. */
export const MARKER_GENES: Readonly<Record<string, [string, string] | null>> = {
  egfr: ['HGNC:3236', 'EGFR'],
  alk: ['HGNC:427', 'ALK'],
  ros1: ['HGNC:10261', 'ROS1'],
  braf: ['HGNC:1097', 'BRAF'],
  kras_g12c: ['HGNC:6407', 'KRAS'],
  met_ex14: ['HGNC:7029', 'MET'],
  ret: ['HGNC:9967', 'RET'],
  ntrk: null,
  her2: ['HGNC:3430', 'ERBB2'],
};

/** Marker status M (mutated/altered) and W (wild type) as LOINC answers of 69548-6; the others stay registry codes. */
export const VARIANT_ANSWERS: Readonly<Record<string, [string, string]>> = {
  M: ['LA9633-4', 'Present'],
  W: ['LA9634-2', 'Absent'],
};

/** TNM categories and stage groups: clinical (c, u) and pathological (p) LOINC codes. */
export const TNM_LOINC = {
  clinical: {
    stage: ['21908-9', 'Stage group.clinical Cancer'],
    t: ['21905-5', 'Primary tumor.clinical [Class] Cancer'],
    n: ['21906-3', 'Regional lymph nodes.clinical [Class] Cancer'],
    m: ['21907-1', 'Distant metastases.clinical [Class] Cancer'],
  },
  pathological: {
    stage: ['21902-2', 'Stage group.pathology Cancer'],
    t: ['21899-0', 'Primary tumor.pathology Cancer'],
    n: ['21900-6', 'Regional lymph nodes.pathology [Class] Cancer'],
    m: ['21901-4', 'Distant metastases.pathology [Class] Cancer'],
  },
} as const;

/** The registry's sex (oBDS M/W/D/X/U) as FHIR administrative gender. */
export const GENDER: Readonly<Record<string, 'male' | 'female' | 'other' | 'unknown'>> = {
  M: 'male',
  W: 'female',
  D: 'other',
  X: 'unknown',
  U: 'unknown',
};
