/**
 * oBDS 3.0.4 message → proposals for the lung registry's instruments (issue 28 item 2; the mapping element by
 * element is docs/obds-import.md). Pure: the message in, the proposed values (by field path of the study
 * definition, docs/definitions.md) out; what the registry's value sets cannot hold is listed as skipped, never
 * guessed. A tumour that is not C34 is not applicable; reports without a target instrument are listed as not mapped.
 */
import type { ObdsDate, ObdsDiagnosis, ObdsMessage, ObdsPathology, ObdsSystemicTherapy, ObdsTnm } from './obds-message.js';

export type ObdsInstrument = 'diagnosis' | 'staging' | 'performance' | 'systemic_therapy';

/**
 * One proposed field: its path in the instrument (or list entry), its values (one; several for a multiple choice), the
 * oBDS element they come from, and a note for the reviewer.
 */
export type ObdsFieldProposal = { path: string; values: string[]; source: string; note: string | null };

/** An oBDS value the registry cannot hold, shown in the review and the report. */
export type ObdsSkippedValue = { source: string; value: string; reason: string };

export type ObdsInstrumentProposal = {
  /** The baseline visit's instrument the values belong to. */
  instrument: ObdsInstrument;
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
  const sites = report.metastasisSites.filter((site) => MET_SITES.includes(site));
  for (const site of report.metastasisSites.filter((s) => !MET_SITES.includes(s)))
    skipped.push({ source: `${report.kind}/Menge_FM/Fernmetastase/Lokalisation`, value: site, reason: OBDS_MESSAGES.notInValueSet(site) });
  if (tnm.m !== '0') fields.several('met_sites', [...new Set(sites)], `${report.kind}/Menge_FM/Fernmetastase/Lokalisation`);
  return fields;
}

function performanceFields(message: ObdsMessage, report: ObdsDiagnosis, skipped: ObdsSkippedValue[]): Fields {
  const fields = new Fields(skipped);
  const karnofsky = KARNOFSKY_TO_ECOG[report.performance];
  if (karnofsky) fields.text('ecog', karnofsky, 'Diagnose/Allgemeiner_Leistungszustand', OBDS_MESSAGES.karnofsky(report.performance));
  else fields.coded('ecog', report.performance, ECOG, 'Diagnose/Allgemeiner_Leistungszustand');
  if (fields.fields.length > 0) fields.date('ecog_date', message.tumour.diagnosisDate, 'Tumorzuordnung/Diagnosedatum');
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

/** Maps one message onto the baseline instruments of the lung registry. */
export function mapObdsMessage(message: ObdsMessage): ObdsMapping {
  if (!isLungTumour(message.tumour.icd10)) return { outcome: 'notApplicable', reason: OBDS_MESSAGES.notLung(message.tumour.icd10) };
  const { report } = message;
  const skipped: ObdsSkippedValue[] = [];
  const proposals: ObdsInstrumentProposal[] = [];
  const add = (instrument: ObdsInstrument, fields: Fields | null, entry: ObdsInstrumentProposal['entry'] = null) => {
    if (fields && fields.fields.length > 0) proposals.push({ instrument, entry, fields: fields.fields });
  };
  switch (report.kind) {
    case 'Diagnose':
      add('diagnosis', diagnosisFields(message, report, skipped));
      add('staging', stagingFields(report, skipped));
      add('performance', performanceFields(message, report, skipped));
      break;
    case 'Pathologie':
      add('diagnosis', diagnosisFields(message, report, skipped));
      add('staging', stagingFields(report, skipped));
      break;
    case 'SYST':
      add('systemic_therapy', therapyLineFields(report, skipped), { list: 'therapy_lines', entry: 'therapy_line' });
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
