/**
 * Reading an uploaded oBDS 3.0.4 file (issue 28 item 2; docs/obds-import.md). The gateway validates the file against
 * the XSD (libxml2 in WebAssembly) and splits each `Patient` into its identity (`Patienten_Stammdaten`), which goes
 * to the pseudonymisation service only, and the clinical part of its messages (`ObdsMessage` of @ecrf/rules), which
 * alone reaches the backend. Nothing of the identity, not even the hospital's `Patient_ID`, leaves this module
 * towards the registry.
 */
import { readFileSync } from 'node:fs';
import { XmlDocument, XmlLibError, XsdValidator, type XmlElement, type XmlNode } from 'libxml2-wasm';
import type { ObdsDate, ObdsMessage, ObdsReport, ObdsTnm } from '@ecrf/rules/obds';
import type { IdentityFieldName } from '../identity/identity-fields.js';
import { germanSchemaMessage, type ObdsSchemaError } from './schema-messages.js';

const NS = { o: 'http://www.basisdatensatz.de/oBDS/XML' };

/** One patient of the file: its place in the file, its identity (gateway only) and its messages' clinical part. */
export type ObdsFilePatient = { position: number; identity: Record<IdentityFieldName, string>; messages: ObdsMessage[] };

export type ObdsFile = { ok: true; patients: ObdsFilePatient[] } | { ok: false; errors: ObdsSchemaError[] };

/** From src/ (tests) and dist/ alike: the schema stays beside the source (gateway/src/obds-import/schema/). */
const XSD_URL = new URL('../../src/obds-import/schema/oBDS_v3.0.4.xsd', import.meta.url);
let validator: XsdValidator | null = null;

function schemaValidator(): XsdValidator {
  if (!validator) {
    const xsd = XmlDocument.fromBuffer(readFileSync(XSD_URL), { url: XSD_URL.pathname });
    validator = XsdValidator.fromDoc(xsd);
    xsd.dispose();
  }
  return validator;
}

/** At most this many refusals are reported; a broken file repeats the same fault. */
const MAX_ERRORS = 20;

function refusalsOf(error: unknown): ObdsSchemaError[] {
  if (!(error instanceof XmlLibError)) throw error;
  return error.details.slice(0, MAX_ERRORS).map((detail) => germanSchemaMessage(detail));
}

const text = (node: XmlNode, path: string): string | null => {
  const found = node.get(path, NS);
  return found ? found.content.trim() : null;
};
const required = (node: XmlNode, path: string): string => text(node, path) ?? '';
/** The texts of every element at `path` (a Menge_… list). */
const textsAt = (node: XmlNode, path: string): string[] => node.find(path, NS).map((found) => found.content.trim());

function dateAt(node: XmlNode, path: string): ObdsDate | null {
  const found = node.get(path, NS) as XmlElement | null;
  if (!found) return null;
  const accuracy = found.attr('Datumsgenauigkeit')?.value ?? 'E';
  return { value: found.content.trim(), accuracy: (['E', 'T', 'M', 'V'].includes(accuracy) ? accuracy : 'E') as ObdsDate['accuracy'] };
}

function codeAt(node: XmlNode, path: string): { code: string; version: string } | null {
  const code = text(node, `${path}/o:Code`);
  return code ? { code, version: required(node, `${path}/o:Version`) } : null;
}

function tnmAt(node: XmlNode, path: string): ObdsTnm | null {
  const tnm = node.get(path, NS);
  if (!tnm) return null;
  const part = (name: string) => text(tnm, `o:${name}`);
  return {
    date: part('Datum'),
    version: part('Version'),
    ySymbol: part('y_Symbol') === 'y',
    prefixT: part('c_p_u_Praefix_T'),
    t: part('T'),
    prefixN: part('c_p_u_Praefix_N'),
    n: part('N'),
    prefixM: part('c_p_u_Praefix_M'),
    m: part('M'),
    uicc: part('UICC_Stadium'),
  };
}

function histologyAt(report: XmlNode) {
  const histology = report.get('o:Histologie', NS);
  return histology ? { morphology: codeAt(histology, 'o:Morphologie_ICD_O'), grading: text(histology, 'o:Grading') } : null;
}

const metastasisSitesAt = (report: XmlNode): string[] => textsAt(report, 'o:Menge_FM/o:Fernmetastase/o:Lokalisation');

/** What a diagnosis and a pathology report both say about the tumour. */
function findingsAt(report: XmlNode) {
  return {
    topography: codeAt(report, 'o:Primaertumor_Topographie_ICD_O'),
    certainty: required(report, 'o:Diagnosesicherung'),
    histology: histologyAt(report),
    cTnm: tnmAt(report, 'o:cTNM'),
    pTnm: tnmAt(report, 'o:pTNM'),
    metastasisSites: metastasisSitesAt(report),
  };
}

function reportOf(meldung: XmlNode): ObdsReport {
  const diagnose = meldung.get('o:Diagnose', NS);
  if (diagnose) return { kind: 'Diagnose', ...findingsAt(diagnose), performance: required(diagnose, 'o:Allgemeiner_Leistungszustand') };
  const pathology = meldung.get('o:Pathologie', NS);
  // The sender (Einsender: the pathologist's institute) and the findings' free text are not passed on.
  if (pathology) return { kind: 'Pathologie', ...findingsAt(pathology) };
  const syst = meldung.get('o:SYST', NS);
  if (syst)
    return {
      kind: 'SYST',
      occasion: required(syst, 'o:Meldeanlass'),
      intention: required(syst, 'o:Intention'),
      relationToSurgery: required(syst, 'o:Stellung_OP'),
      therapyType: required(syst, 'o:Therapieart'),
      start: dateAt(syst, 'o:Beginn') ?? { value: '', accuracy: 'E' },
      substances: syst
        .find('o:Menge_Substanz/o:Substanz', NS)
        .map((substance) => text(substance, 'o:ATC/o:Code') ?? text(substance, 'o:Bezeichnung') ?? '')
        .filter((name) => name !== ''),
      end: text(syst, 'o:Ende'),
      endReason: text(syst, 'o:Ende_Grund'),
    };
  const verlauf = meldung.get('o:Verlauf', NS);
  // Its histology, further classifications, genetics and modules are not passed on (docs/obds-import.md).
  if (verlauf)
    return {
      kind: 'Verlauf',
      occasion: required(verlauf, 'o:Meldeanlass'),
      examinationDate: required(verlauf, 'o:Untersuchungsdatum_Verlauf'),
      overall: required(verlauf, 'o:Gesamtbeurteilung_Tumorstatus'),
      localStatus: text(verlauf, 'o:Verlauf_Lokaler_Tumorstatus'),
      lymphNodeStatus: text(verlauf, 'o:Verlauf_Tumorstatus_Lymphknoten'),
      metastasisStatus: text(verlauf, 'o:Verlauf_Tumorstatus_Fernmetastasen'),
      tnm: tnmAt(verlauf, 'o:TNM'),
      metastasisSites: metastasisSitesAt(verlauf),
      performance: required(verlauf, 'o:Allgemeiner_Leistungszustand'),
    };
  const tod = meldung.get('o:Tod', NS);
  if (tod)
    return {
      kind: 'Tod',
      deathDate: required(tod, 'o:Sterbedatum'),
      tumourRelated: required(tod, 'o:Tod_tumorbedingt'),
      causes: textsAt(tod, 'o:Menge_Todesursachen/o:Todesursache_ICD/o:Code'),
    };
  const board = meldung.get('o:Tumorkonferenz', NS);
  if (board)
    return {
      kind: 'Tumorkonferenz',
      occasion: required(board, 'o:Meldeanlass'),
      date: dateAt(board, 'o:Datum') ?? { value: '', accuracy: 'E' },
      boardType: required(board, 'o:Typ'),
      recommendations: textsAt(board, 'o:Therapieempfehlung/o:Menge_Typ_Therapieempfehlung/o:Typ_Therapieempfehlung'),
      patientDeviation: text(board, 'o:Therapieempfehlung/o:Abweichung_Patientenwunsch'),
    };
  // The schema's choice leaves OP and ST (their content is not mapped).
  return { kind: meldung.get('o:OP', NS) ? 'OP' : 'ST' };
}

function messageOf(meldung: XmlElement): ObdsMessage {
  const tumour = meldung.get('o:Tumorzuordnung', NS) as XmlElement;
  return {
    messageId: meldung.attr('Meldung_ID')?.value ?? '',
    tumour: {
      tumourId: tumour.attr('Tumor_ID')?.value ?? '',
      icd10: required(tumour, 'o:Primaertumor_ICD/o:Code'),
      diagnosisDate: dateAt(tumour, 'o:Diagnosedatum') ?? { value: '', accuracy: 'E' },
      laterality: text(tumour, 'o:Seitenlokalisation'),
      morphology: codeAt(tumour, 'o:Morphologie_ICD_O'),
    },
    report: reportOf(meldung),
  };
}

/** `Patienten_Stammdaten` as the graph's identity fields (the service's IDAT, identity-fields.ts). */
function identityOf(data: XmlNode): Record<IdentityFieldName, string> {
  const birth = dateAt(data, 'o:Geburtsdatum');
  const street = [text(data, 'o:Adresse/o:Strasse'), text(data, 'o:Adresse/o:Hausnummer')].filter(Boolean).join(' ');
  const gender = required(data, 'o:Geschlecht');
  return {
    firstName: required(data, 'o:Vornamen'),
    lastName: required(data, 'o:Nachname'),
    birthName: text(data, 'o:Geburtsname') ?? '',
    birthDate: birth?.value ?? '',
    gender: { M: 'MALE', W: 'FEMALE', D: 'DIVERSE', X: 'UNDETERMINED', U: 'UNKNOWN' }[gender] ?? '',
    street,
    zip: text(data, 'o:Adresse/o:PLZ') ?? '',
    city: text(data, 'o:Adresse/o:Ort') ?? '',
    insuranceNumber:
      text(data, 'o:Versichertendaten_GKV/o:GKV_Versichertennummer') ??
      text(data, 'o:Versichertendaten_PKV/o:PKV_Versichertennummer') ??
      '',
  };
}

/** Validates the file against the oBDS 3.0.4 schema and reads its patients; a file that fails yields its refusals. */
export function readObdsFile(content: Uint8Array): ObdsFile {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(content);
  } catch (error) {
    return { ok: false, errors: refusalsOf(error) };
  }
  try {
    try {
      schemaValidator().validate(doc);
    } catch (error) {
      return { ok: false, errors: refusalsOf(error) };
    }
    const patients = doc.find('/o:oBDS/o:Menge_Patient/o:Patient', NS).map((patient, index) => ({
      position: index + 1,
      identity: identityOf(patient.get('o:Patienten_Stammdaten', NS) as XmlNode),
      messages: patient.find('o:Menge_Meldung/o:Meldung', NS).map((meldung) => messageOf(meldung as XmlElement)),
    }));
    return { ok: true, patients };
  } finally {
    doc.dispose();
  }
}
