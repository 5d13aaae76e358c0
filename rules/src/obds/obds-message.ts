/**
 * The clinical part of an oBDS 3.0.4 message (`Meldung`, schema oBDS_v3.0.4.xsd of the Plattform § 65c), as the
 * gateway hands it on after it has taken the identity data (`Patienten_Stammdaten`) away (docs/obds-import.md
 * "Identity path"). Plain data with the schema's codes; no names, birth dates, insurance or address data, and no
 * hospital patient number. Element names in the descriptions are those of the XSD.
 *
 * One contract: the gateway builds `ObdsMessage`, the backend's route validates its body with `ObdsMessageSchema`
 * (and documents it in the OpenAPI), the mapping reads the same type. A schema is data, so it lives here, in the pure
 * rules (TypeBox, the backend's schema library); the types are derived from it.
 */
import { Type, type Static, type TSchema } from 'typebox';

const Text = (description: string) => Type.String({ maxLength: 255, description });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Codes = (description: string) => Type.Array(Text(description), { maxItems: 50 });
/** `Datum_Tag_genau_Typ`: a day, no accuracy. */
const Day = (description: string) => Type.String({ maxLength: 10, description: `${description} (yyyy-MM-dd)` });

/** A date with its accuracy (`Datumsgenauigkeit`: E exact, T day estimated, M month estimated, V fully estimated). */
export const ObdsDateSchema = Type.Object({
  value: Type.String({ maxLength: 10, description: 'yyyy-MM-dd as in the message' }),
  accuracy: Type.Union([Type.Literal('E'), Type.Literal('T'), Type.Literal('M'), Type.Literal('V')], {
    description: 'Datumsgenauigkeit: E exact, T day estimated, M month estimated, V fully estimated',
  }),
});
export type ObdsDate = Static<typeof ObdsDateSchema>;

const CodeSchema = Nullable(Type.Object({ code: Text('the code'), version: Text('the code system version') }));

/** A TNM classification (`TNM_Typ`), each part as written in the message. */
export const ObdsTnmSchema = Type.Object({
  date: Nullable(Text('Datum')),
  version: Nullable(Text('Version (TNM edition)')),
  ySymbol: Type.Boolean({ description: 'y_Symbol given' }),
  prefixT: Nullable(Text('c_p_u_Praefix_T')),
  t: Nullable(Text('T')),
  prefixN: Nullable(Text('c_p_u_Praefix_N')),
  n: Nullable(Text('N')),
  prefixM: Nullable(Text('c_p_u_Praefix_M')),
  m: Nullable(Text('M')),
  uicc: Nullable(Text('UICC_Stadium')),
});
export type ObdsTnm = Static<typeof ObdsTnmSchema>;

/** `Tumorzuordnung`: the tumour every message names. */
const ObdsTumourSchema = Type.Object({
  tumourId: Text('Tumor_ID'),
  icd10: Text('Primaertumor_ICD/Code'),
  diagnosisDate: ObdsDateSchema,
  laterality: Nullable(Text('Seitenlokalisation')),
  morphology: CodeSchema,
});
export type ObdsTumour = Static<typeof ObdsTumourSchema>;

/** `Histologie_Typ` (diagnosis and pathology reports). */
const ObdsHistologySchema = Nullable(Type.Object({ morphology: CodeSchema, grading: Nullable(Text('Grading')) }));
export type ObdsHistology = NonNullable<Static<typeof ObdsHistologySchema>>;

const findings = {
  topography: CodeSchema,
  certainty: Text('Diagnosesicherung'),
  histology: ObdsHistologySchema,
  cTnm: Nullable(ObdsTnmSchema),
  pTnm: Nullable(ObdsTnmSchema),
  metastasisSites: Codes('Menge_FM/Fernmetastase/Lokalisation'),
};
const performance = Text('Allgemeiner_Leistungszustand: ECOG 0–4, U, or Karnofsky 10 %–100 %');

export const ObdsDiagnosisSchema = Type.Object({ kind: Type.Literal('Diagnose'), ...findings, performance });
export type ObdsDiagnosis = Static<typeof ObdsDiagnosisSchema>;

/** A pathology report: the findings of a specimen (its sender, a pathologist's institute, is not passed on). */
export const ObdsPathologySchema = Type.Object({ kind: Type.Literal('Pathologie'), ...findings });
export type ObdsPathology = Static<typeof ObdsPathologySchema>;

export const ObdsSystemicTherapySchema = Type.Object({
  kind: Type.Literal('SYST'),
  occasion: Text('Meldeanlass: behandlungsbeginn, behandlungsende'),
  intention: Text('Intention'),
  relationToSurgery: Text('Stellung_OP'),
  therapyType: Text('Therapieart'),
  start: ObdsDateSchema,
  substances: Codes('Menge_Substanz/Substanz: the ATC code, or the name where the message gives no code'),
  end: Nullable(Text('Ende')),
  endReason: Nullable(Text('Ende_Grund')),
});
export type ObdsSystemicTherapy = Static<typeof ObdsSystemicTherapySchema>;

/** A follow-up report (`Verlauf`): the disease's status at an examination (its histology is not passed on). */
export const ObdsProgressionSchema = Type.Object({
  kind: Type.Literal('Verlauf'),
  occasion: Text('Meldeanlass: statusaenderung, statusmeldung'),
  examinationDate: Day('Untersuchungsdatum_Verlauf'),
  overall: Text('Gesamtbeurteilung_Tumorstatus'),
  localStatus: Nullable(Text('Verlauf_Lokaler_Tumorstatus')),
  lymphNodeStatus: Nullable(Text('Verlauf_Tumorstatus_Lymphknoten')),
  metastasisStatus: Nullable(Text('Verlauf_Tumorstatus_Fernmetastasen')),
  tnm: Nullable(ObdsTnmSchema),
  metastasisSites: Codes('Menge_FM/Fernmetastase/Lokalisation'),
  performance,
});
export type ObdsProgression = Static<typeof ObdsProgressionSchema>;

/** A death report (`Tod`). */
export const ObdsDeathSchema = Type.Object({
  kind: Type.Literal('Tod'),
  deathDate: Day('Sterbedatum'),
  tumourRelated: Text('Tod_tumorbedingt: J, N, U'),
  causes: Codes('Menge_Todesursachen/Todesursache_ICD/Code'),
});
export type ObdsDeath = Static<typeof ObdsDeathSchema>;

/** A tumour board or a therapy planning outside one (`Tumorkonferenz`). */
export const ObdsTumourBoardSchema = Type.Object({
  kind: Type.Literal('Tumorkonferenz'),
  occasion: Text('Meldeanlass'),
  date: ObdsDateSchema,
  boardType: Text('Typ: praeth, postop, postth, ther'),
  recommendations: Codes('Therapieempfehlung/Menge_Typ_Therapieempfehlung/Typ_Therapieempfehlung'),
  patientDeviation: Nullable(Text('Therapieempfehlung/Abweichung_Patientenwunsch: J, N, U')),
});
export type ObdsTumourBoard = Static<typeof ObdsTumourBoardSchema>;

/** Reports whose content the import lists but does not map (docs/obds-import.md "What is not mapped"). */
export const ObdsOtherReportSchema = Type.Object({
  kind: Type.Union([Type.Literal('OP'), Type.Literal('ST')], { description: 'a report the import lists but does not map' }),
});
export type ObdsOtherReport = Static<typeof ObdsOtherReportSchema>;

export const ObdsReportSchema = Type.Union([
  ObdsDiagnosisSchema,
  ObdsPathologySchema,
  ObdsSystemicTherapySchema,
  ObdsProgressionSchema,
  ObdsDeathSchema,
  ObdsTumourBoardSchema,
  ObdsOtherReportSchema,
]);
export type ObdsReport = Static<typeof ObdsReportSchema>;

export type ObdsReportKind = ObdsReport['kind'];

/** One `Meldung` without identity data. */
export const ObdsMessageSchema = Type.Object({
  messageId: Text('Meldung_ID'),
  tumour: ObdsTumourSchema,
  report: ObdsReportSchema,
});
export type ObdsMessage = Static<typeof ObdsMessageSchema>;
