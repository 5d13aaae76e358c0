/**
 * oBDS 3.0.4 message → proposals for the lung registry's instruments (issue 28 item 2; the mapping element by
 * element is docs/obds-import.md). Pure: the message in, the proposed values (by field path of the study
 * definition, docs/definitions.md) and where they go out; what the registry's value sets cannot hold, or no field
 * holds, is listed as skipped, never guessed. A tumour that is not C34 is not applicable; reports without a target
 * instrument are listed as not mapped.
 */
import type {
  ObdsDate,
  ObdsDeath,
  ObdsDiagnosis,
  ObdsMessage,
  ObdsPathology,
  ObdsProgression,
  ObdsSystemicTherapy,
  ObdsTnm,
  ObdsTumourBoard,
} from './obds-message.js';

export type ObdsInstrument =
  'diagnosis' | 'staging' | 'performance' | 'systemic_therapy' | 'disease_status' | 'vital_status' | 'tumour_board';

/**
 * Where a proposal's instrument lives: the baseline visit; the follow-up visit of the report's date (the one whose
 * date is that day, else a new one); a standalone instrument of the report's date (the one whose `dateField` holds
 * that day, else a new one). docs/obds-import.md "Which visit".
 */
export type ObdsPlace = { kind: 'baseline' } | { kind: 'followUp'; date: string } | { kind: 'standalone'; date: string; dateField: string };

/**
 * One proposed field: its path in the instrument (or list entry), its values (one; several for a multiple choice), the
 * oBDS element they come from, and a note for the reviewer.
 */
export type ObdsFieldProposal = { path: string; values: string[]; source: string; note: string | null };

/** An oBDS value the registry cannot hold, shown in the review and the report. */
export type ObdsSkippedValue = { source: string; value: string; reason: string };

export type ObdsInstrumentProposal = {
  /** The instrument the values belong to. */
  instrument: ObdsInstrument;
  place: ObdsPlace;
  /** The repeating list whose one entry takes the values (a therapy line); null: the instrument's own fields. */
  entry: { list: 'therapy_lines'; entry: 'therapy_line' } | null;
  fields: ObdsFieldProposal[];
};

export type ObdsMapping =
  | { outcome: 'proposed'; proposals: ObdsInstrumentProposal[]; skipped: ObdsSkippedValue[] }
  | { outcome: 'notApplicable'; reason: string }
  | { outcome: 'notMapped'; reason: string };

export const OBDS_MESSAGES = {
  notLung: (icd10: string) => `Der Tumor ${icd10} wird im Register nicht erfasst (nur Lungenkarzinome C34).`,
  notMapped: (kind: string) => `Meldungen der Art „${kind}“ haben in der Studiendefinition kein Zielinstrument.`,
  notInValueSet: (value: string) => `Der Wert „${value}“ ist im Register nicht vorgesehen.`,
  estimated: 'Das Datum ist in der Meldung geschätzt.',
  icdUnspecified: 'Die Meldung nennt nur C34; vorgeschlagen ist C34.9 (nicht näher bezeichnet).',
  karnofsky: (value: string) => `Umgerechnet aus dem Karnofsky-Index ${value}.`,
  tnmVersion: (value: string) => `Das Register erfasst TNM ab der 8. Auflage, die Meldung nennt die ${value}. Auflage.`,
  noField: 'Das Register hat für diese Angabe kein Feld.',
  notTumourBoard: 'Die Meldung beschreibt eine Therapieplanung ohne Tumorkonferenz; das Register erfasst nur Tumorkonferenzen.',
  assessmentUnknown: 'Die Meldung sagt „Beurteilung unmöglich“.',
  progressionFrom: (overall: string) => `Abgeleitet aus der Gesamtbeurteilung „${overall}“.`,
  progressionDate: 'Das Datum der Untersuchung, die die Progression feststellte.',
  deceased: 'Aus der Todesmeldung.',
  recommendations: (codes: string) => `Aus den Therapieempfehlungen ${codes} der Meldung.`,
} as const;

const LUNG_ICD = ['C34.0', 'C34.1', 'C34.2', 'C34.3', 'C34.8', 'C34.9'];
const HISTOLOGY = ['8140/3', '8070/3', '8046/3', '8041/3', '8012/3', '8013/3', '8560/3'];
const CERTAINTY = ['1', '2', '4', '5', '7.1', '7.2', '7.3', '8', '9'];
const GRADING = ['1', '2', '3', '4', 'X', 'U', 'T'];
const LATERALITY = ['L', 'R', 'B', 'M', 'U', 'T'];
const MORPH_VERSION = ['31', '32', '33'];
const TNM_T = ['X', '0', 'is', '1mi', '1a', '1b', '1c', '2a', '2b', '3', '4'];
const TNM_N = ['X', '0', '1', '2', '3'];
const TNM_M = ['0', '1a', '1b', '1c'];
const UICC = ['okk', '0', 'IA1', 'IA2', 'IA3', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB'];
const MET_SITES = ['PUL', 'OSS', 'HEP', 'BRA', 'LYM', 'MAR', 'PLE', 'PER', 'ADR', 'SKI', 'OTH', 'GEN'];
const ECOG = ['0', '1', '2', '3', '4', 'U'];
const OVERALL = ['V', 'T', 'K', 'P', 'D', 'B', 'R', 'Y', 'U', 'X'];
/** Overall assessments that say whether the disease progressed (P); D, Y, U and X do not say (docs/obds-import.md). */
const PROGRESSION: Record<string, string> = { P: 'yes', V: 'no', T: 'no', K: 'no', B: 'no', R: 'no' };
const JNU = ['J', 'N', 'U'];
/** `Typ_Therapieempfehlung`: the XSD's texts, as the free-text recommendation shows them. */
const RECOMMENDATIONS: Record<string, string> = {
  CH: 'Chemotherapie',
  HO: 'Hormontherapie',
  IM: 'Immun-/Antikörpertherapie',
  ZS: 'zielgerichtete Substanzen',
  SZ: 'Stammzelltransplantation (inkl. Knochenmarktransplantation)',
  CI: 'Chemo- + Immun-/Antikörpertherapie',
  CZ: 'Chemotherapie + zielgerichtete Substanzen',
  CIZ: 'Chemo- + Immun-/Antikörpertherapie + zielgerichtete Substanzen',
  IZ: 'Immun-/Antikörpertherapie + zielgerichtete Substanzen',
  WW: 'Watchful Waiting',
  AS: 'Active Surveillance',
  WS: 'Wait and see',
  OP: 'Operation',
  ST: 'Strahlentherapie',
  SO: 'Sonstiges',
  KW: 'keine weitere tumorspezifische Therapie empfohlen',
};
/** Karnofsky → ECOG (Oken et al. 1982, the conversion the oBDS annotation refers to). */
const KARNOFSKY_TO_ECOG: Record<string, string> = {
  '100%': '0',
  '90%': '0',
  '80%': '1',
  '70%': '1',
  '60%': '2',
  '50%': '2',
  '40%': '3',
  '30%': '3',
  '20%': '4',
  '10%': '4',
};

/** Collects proposals and skipped values of one instrument. */
class Fields {
  readonly fields: ObdsFieldProposal[] = [];
  constructor(private readonly skipped: ObdsSkippedValue[]) {}

  /** Proposes the value when the value set holds it; lists it as skipped otherwise. */
  coded(path: string, value: string | null | undefined, allowed: readonly string[], source: string, note: string | null = null): void {
    if (value === null || value === undefined || value === '') return;
    if (allowed.includes(value)) this.fields.push({ path, values: [value], source, note });
    else this.skipped.push({ source, value, reason: OBDS_MESSAGES.notInValueSet(value) });
  }

  text(path: string, value: string | null | undefined, source: string, note: string | null = null): void {
    if (value) this.fields.push({ path, values: [value], source, note });
  }

  several(path: string, values: readonly string[], source: string): void {
    if (values.length > 0) this.fields.push({ path, values: [...values], source, note: null });
  }

  date(path: string, value: ObdsDate | null, source: string): void {
    if (value) this.text(path, value.value, source, value.accuracy === 'E' ? null : OBDS_MESSAGES.estimated);
  }

  /** An element the registry has no field for: listed, so the reviewer knows it was in the message. */
  unheld(value: string | null | undefined, source: string): void {
    if (value) this.skipped.push({ source, value, reason: OBDS_MESSAGES.noField });
  }
}

export function isLungTumour(icd10: string): boolean {
  return /^C34(\.\d)?$/.test(icd10);
}

/** The diagnosis of a diagnosis or a pathology report (elements named under the report's own element). */
function diagnosisFields(message: ObdsMessage, report: ObdsDiagnosis | ObdsPathology, skipped: ObdsSkippedValue[]): Fields {
  const element = report.kind;
  const { tumour } = message;
  const fields = new Fields(skipped);
  fields.date('diag_date', tumour.diagnosisDate, 'Tumorzuordnung/Diagnosedatum');
  if (tumour.icd10 === 'C34') fields.text('icd10', 'C34.9', 'Tumorzuordnung/Primaertumor_ICD/Code', OBDS_MESSAGES.icdUnspecified);
  else fields.coded('icd10', tumour.icd10, LUNG_ICD, 'Tumorzuordnung/Primaertumor_ICD/Code');
  if (report.topography) fields.text('topography', report.topography.code, `${element}/Primaertumor_Topographie_ICD_O/Code`);
  const morphology = report.histology?.morphology ?? tumour.morphology;
  const source = report.histology?.morphology ? `${element}/Histologie/Morphologie_ICD_O` : 'Tumorzuordnung/Morphologie_ICD_O';
  if (morphology) {
    if (HISTOLOGY.includes(morphology.code)) fields.text('morphology', morphology.code, `${source}/Code`);
    else {
      fields.text('morphology', 'other', `${source}/Code`);
      fields.text('morphology_code', morphology.code, `${source}/Code`);
    }
    fields.coded('morph_version', morphology.version, MORPH_VERSION, `${source}/Version`);
  }
  fields.coded('laterality', tumour.laterality, LATERALITY, 'Tumorzuordnung/Seitenlokalisation');
  fields.coded('diagnosis_certainty', report.certainty, CERTAINTY, `${element}/Diagnosesicherung`);
  fields.coded('grading', report.histology?.grading, GRADING, `${element}/Histologie/Grading`);
  return fields;
}

/** The pathological classification wins over the clinical one (oBDS: p describes the resected tumour). */
function stagingFields(report: ObdsDiagnosis | ObdsPathology, skipped: ObdsSkippedValue[]): Fields | null {
  const [tnm, element]: [ObdsTnm | null, string] = report.pTnm
    ? [report.pTnm, `${report.kind}/pTNM`]
    : [report.cTnm, `${report.kind}/cTNM`];
  return tnmFields(tnm, element, report.metastasisSites, `${report.kind}/Menge_FM/Fernmetastase/Lokalisation`, skipped);
}

/** A TNM classification (element `element`) and the distant metastases' sites (element `sitesElement`). */
function tnmFields(
  tnm: ObdsTnm | null,
  element: string,
  metastasisSites: readonly string[],
  sitesElement: string,
  skipped: ObdsSkippedValue[],
): Fields | null {
  if (!tnm) return null;
  const fields = new Fields(skipped);
  if (tnm.version && !['8', '9'].includes(tnm.version))
    skipped.push({ source: `${element}/Version`, value: tnm.version, reason: OBDS_MESSAGES.tnmVersion(tnm.version) });
  else fields.coded('tnm_version', tnm.version, ['8', '9'], `${element}/Version`);
  fields.coded('tnm.prefix', tnm.prefixT, ['c', 'p', 'u'], `${element}/c_p_u_Praefix_T`);
  if (tnm.ySymbol) fields.text('tnm.y_symbol', 'yes', `${element}/y_Symbol`);
  fields.coded('tnm.t', tnm.t, TNM_T, `${element}/T`);
  fields.coded('tnm.n', tnm.n, TNM_N, `${element}/N`);
  fields.coded('tnm.m', tnm.m, TNM_M, `${element}/M`);
  // The stage of M0 is documented; with M1 the definition derives it (uicc is a display value).
  if (tnm.m === '0') fields.coded('uicc_stage', tnm.uicc, UICC, `${element}/UICC_Stadium`);
  const sites = metastasisSites.filter((site) => MET_SITES.includes(site));
  for (const site of metastasisSites.filter((s) => !MET_SITES.includes(s)))
    skipped.push({ source: sitesElement, value: site, reason: OBDS_MESSAGES.notInValueSet(site) });
  if (tnm.m !== '0') fields.several('met_sites', [...new Set(sites)], sitesElement);
  return fields;
}

/** ECOG (or Karnofsky converted) of `report`'s element, with the date it was assessed at (element `dateSource`). */
function performanceFields(
  report: ObdsDiagnosis | ObdsProgression,
  date: ObdsDate,
  dateSource: string,
  skipped: ObdsSkippedValue[],
): Fields {
  const fields = new Fields(skipped);
  const source = `${report.kind}/Allgemeiner_Leistungszustand`;
  const karnofsky = KARNOFSKY_TO_ECOG[report.performance];
  if (karnofsky) fields.text('ecog', karnofsky, source, OBDS_MESSAGES.karnofsky(report.performance));
  else fields.coded('ecog', report.performance, ECOG, source);
  if (fields.fields.length > 0) fields.date('ecog_date', date, dateSource);
  return fields;
}

/** `Verlauf` → the follow-up's disease status; the three partial statuses have no field. */
function diseaseStatusFields(report: ObdsProgression, skipped: ObdsSkippedValue[]): Fields {
  const fields = new Fields(skipped);
  fields.text('assess_date', report.examinationDate, 'Verlauf/Untersuchungsdatum_Verlauf');
  const overall = 'Verlauf/Gesamtbeurteilung_Tumorstatus';
  fields.coded('overall', report.overall, OVERALL, overall, report.overall === 'U' ? OBDS_MESSAGES.assessmentUnknown : null);
  const progression = PROGRESSION[report.overall];
  if (progression) fields.text('progression', progression, overall, OBDS_MESSAGES.progressionFrom(report.overall));
  if (progression === 'yes')
    fields.text('progression_date', report.examinationDate, 'Verlauf/Untersuchungsdatum_Verlauf', OBDS_MESSAGES.progressionDate);
  fields.unheld(report.localStatus, 'Verlauf/Verlauf_Lokaler_Tumorstatus');
  fields.unheld(report.lymphNodeStatus, 'Verlauf/Verlauf_Tumorstatus_Lymphknoten');
  fields.unheld(report.metastasisStatus, 'Verlauf/Verlauf_Tumorstatus_Fernmetastasen');
  return fields;
}

/** `Tod` → the follow-up's vital status. */
function vitalStatusFields(report: ObdsDeath, skipped: ObdsSkippedValue[]): Fields {
  const fields = new Fields(skipped);
  fields.text('status', 'deceased', 'Tod', OBDS_MESSAGES.deceased);
  fields.text('death_date', report.deathDate, 'Tod/Sterbedatum');
  fields.coded('death_tumour_related', report.tumourRelated, JNU, 'Tod/Tod_tumorbedingt');
  if (report.causes.length > 0) fields.text('cause_icd10', report.causes.join(', '), 'Tod/Menge_Todesursachen/Todesursache_ICD/Code');
  return fields;
}

/** `Tumorkonferenz` → the standalone tumour board; its kind and a patient's deviation have no field. */
function tumourBoardFields(report: ObdsTumourBoard, skipped: ObdsSkippedValue[]): Fields {
  const fields = new Fields(skipped);
  fields.date('board_date', report.date, 'Tumorkonferenz/Datum');
  const source = 'Tumorkonferenz/Therapieempfehlung/Menge_Typ_Therapieempfehlung/Typ_Therapieempfehlung';
  const known = report.recommendations.filter((code) => RECOMMENDATIONS[code]);
  for (const code of report.recommendations.filter((c) => !RECOMMENDATIONS[c]))
    skipped.push({ source, value: code, reason: OBDS_MESSAGES.notInValueSet(code) });
  if (known.length > 0)
    fields.text(
      'recommendation',
      known.map((code) => RECOMMENDATIONS[code]).join(', '),
      source,
      OBDS_MESSAGES.recommendations(known.join(', ')),
    );
  fields.unheld(report.boardType, 'Tumorkonferenz/Typ');
  fields.unheld(report.patientDeviation, 'Tumorkonferenz/Therapieempfehlung/Abweichung_Patientenwunsch');
  return fields;
}

function therapyLineFields(report: ObdsSystemicTherapy, skipped: ObdsSkippedValue[]): Fields {
  const fields = new Fields(skipped);
  fields.coded('intention', report.intention, ['K', 'P', 'S', 'X'], 'SYST/Intention');
  fields.coded('relation_to_surgery', report.relationToSurgery, ['O', 'A', 'N', 'I', 'S'], 'SYST/Stellung_OP');
  fields.coded(
    'therapy_type',
    report.therapyType,
    ['CH', 'HO', 'IM', 'ZS', 'CI', 'CZ', 'CIZ', 'IZ', 'SZ', 'AS', 'WS', 'WW', 'SO'],
    'SYST/Therapieart',
  );
  if (report.substances.length > 0) fields.text('substances', report.substances.join(', '), 'SYST/Menge_Substanz/Substanz');
  fields.date('start', report.start, 'SYST/Beginn');
  fields.text('end', report.end, 'SYST/Ende');
  if (report.end) fields.coded('end_reason', report.endReason, ['E', 'R', 'W', 'A', 'P', 'S', 'V', 'T', 'U'], 'SYST/Ende_Grund');
  return fields;
}

/** Maps one message onto the lung registry's instruments: baseline, follow-up or standalone. */
export function mapObdsMessage(message: ObdsMessage): ObdsMapping {
  if (!isLungTumour(message.tumour.icd10)) return { outcome: 'notApplicable', reason: OBDS_MESSAGES.notLung(message.tumour.icd10) };
  const { report } = message;
  const skipped: ObdsSkippedValue[] = [];
  const proposals: ObdsInstrumentProposal[] = [];
  const baseline: ObdsPlace = { kind: 'baseline' };
  const add = (instrument: ObdsInstrument, place: ObdsPlace, fields: Fields | null, entry: ObdsInstrumentProposal['entry'] = null) => {
    if (fields && fields.fields.length > 0) proposals.push({ instrument, place, entry, fields: fields.fields });
  };
  switch (report.kind) {
    case 'Diagnose':
      add('diagnosis', baseline, diagnosisFields(message, report, skipped));
      add('staging', baseline, stagingFields(report, skipped));
      add('performance', baseline, performanceFields(report, message.tumour.diagnosisDate, 'Tumorzuordnung/Diagnosedatum', skipped));
      break;
    case 'Pathologie':
      add('diagnosis', baseline, diagnosisFields(message, report, skipped));
      add('staging', baseline, stagingFields(report, skipped));
      break;
    case 'SYST':
      add('systemic_therapy', baseline, therapyLineFields(report, skipped), { list: 'therapy_lines', entry: 'therapy_line' });
      break;
    case 'Verlauf': {
      const followUp: ObdsPlace = { kind: 'followUp', date: report.examinationDate };
      const examined: ObdsDate = { value: report.examinationDate, accuracy: 'E' };
      add('disease_status', followUp, diseaseStatusFields(report, skipped));
      add(
        'staging',
        followUp,
        tnmFields(report.tnm, 'Verlauf/TNM', report.metastasisSites, 'Verlauf/Menge_FM/Fernmetastase/Lokalisation', skipped),
      );
      add('performance', followUp, performanceFields(report, examined, 'Verlauf/Untersuchungsdatum_Verlauf', skipped));
      break;
    }
    case 'Tod':
      add('vital_status', { kind: 'followUp', date: report.deathDate }, vitalStatusFields(report, skipped));
      break;
    case 'Tumorkonferenz':
      // A therapy planning outside a board is no tumour board (the XSD's Typ „ther“).
      if (report.boardType === 'ther') return { outcome: 'notMapped', reason: OBDS_MESSAGES.notTumourBoard };
      add('tumour_board', { kind: 'standalone', date: report.date.value, dateField: 'board_date' }, tumourBoardFields(report, skipped));
      break;
    default:
      return { outcome: 'notMapped', reason: OBDS_MESSAGES.notMapped(report.kind) };
  }
  return { outcome: 'proposed', proposals, skipped };
}

/** A documented therapy line, as far as matching needs it. */
export type TherapyLineValues = { lineNo: string | null; start: string | null; therapyType: string | null };

/**
 * The documented line a SYST message describes: the same start and therapy type (oBDS reports a line at its start
 * and again at its end, under two Meldung_IDs), or null for a new line, which takes the next number.
 */
export function therapyLineOf(
  lines: readonly TherapyLineValues[],
  proposal: ObdsInstrumentProposal,
): { index: number | null; lineNo: string } {
  const value = (path: string) => proposal.fields.find((f) => f.path === path)?.values[0] ?? null;
  const index = lines.findIndex((line) => line.start === value('start') && line.therapyType === value('therapy_type'));
  if (index >= 0) return { index, lineNo: lines[index]?.lineNo ?? String(index + 1) };
  const numbers = lines.map((line) => Number(line.lineNo)).filter((n) => Number.isInteger(n));
  return { index: null, lineNo: String(Math.max(0, ...numbers) + 1) };
}
