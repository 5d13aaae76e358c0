/**
 * The clinical part of an oBDS 3.0.4 message (`Meldung`, schema oBDS_v3.0.4.xsd of the Plattform § 65c), as the
 * gateway hands it on after it has taken the identity data (`Patienten_Stammdaten`) away (docs/obds-import.md
 * "Identity path"). Plain data with the schema's codes; no names, birth dates, insurance or address data, and no
 * hospital patient number. Element names in the comments are those of the XSD.
 */

/** A date with its accuracy (`Datumsgenauigkeit`: E exact, T day estimated, M month estimated, V fully estimated). */
export type ObdsDate = { value: string; accuracy: 'E' | 'T' | 'M' | 'V' };

/** A TNM classification (`TNM_Typ`), each part as written in the message. */
export type ObdsTnm = {
  date: string | null;
  version: string | null;
  ySymbol: boolean;
  prefixT: string | null;
  t: string | null;
  prefixN: string | null;
  n: string | null;
  prefixM: string | null;
  m: string | null;
  uicc: string | null;
};

/** `Tumorzuordnung`: the tumour every message names. */
export type ObdsTumour = {
  tumourId: string;
  icd10: string;
  diagnosisDate: ObdsDate;
  laterality: string | null;
  morphology: { code: string; version: string } | null;
};

/** `Histologie_Typ` (diagnosis and pathology reports, surgery). */
export type ObdsHistology = { morphology: { code: string; version: string } | null; grading: string | null };

export type ObdsDiagnosis = {
  kind: 'Diagnose';
  topography: { code: string; version: string } | null;
  certainty: string;
  histology: ObdsHistology | null;
  cTnm: ObdsTnm | null;
  pTnm: ObdsTnm | null;
  /** `Menge_FM/Fernmetastase/Lokalisation` */
  metastasisSites: string[];
  /** `Allgemeiner_Leistungszustand`: ECOG 0–4, U, or Karnofsky 10 %–100 %. */
  performance: string;
};

/** A pathology report: the findings of a specimen (its sender, a pathologist's institute, is not passed on). */
export type ObdsPathology = {
  kind: 'Pathologie';
  topography: { code: string; version: string } | null;
  certainty: string;
  histology: ObdsHistology | null;
  cTnm: ObdsTnm | null;
  pTnm: ObdsTnm | null;
  metastasisSites: string[];
};

export type ObdsSystemicTherapy = {
  kind: 'SYST';
  /** `Meldeanlass`: behandlungsbeginn, behandlungsende */
  occasion: string;
  intention: string;
  relationToSurgery: string;
  therapyType: string;
  start: ObdsDate;
  /** `Menge_Substanz/Substanz`: the ATC code, or the name where the message gives no code. */
  substances: string[];
  end: string | null;
  endReason: string | null;
};

/** Reports whose content the import lists but does not map (docs/obds-import.md "What is not mapped"). */
export type ObdsOtherReport = { kind: 'OP' | 'ST' | 'Verlauf' | 'Tod' | 'Tumorkonferenz' };

export type ObdsReport = ObdsDiagnosis | ObdsPathology | ObdsSystemicTherapy | ObdsOtherReport;

export type ObdsReportKind = ObdsReport['kind'];

/** One `Meldung` without identity data. */
export type ObdsMessage = { messageId: string; tumour: ObdsTumour; report: ObdsReport };
