import { describe, expect, it } from 'vitest';
import { OBDS_MESSAGES, mapObdsMessage, therapyLineOf, type ObdsInstrumentProposal, type ObdsMapping } from './obds-mapping.js';
import type {
  ObdsDeath,
  ObdsDiagnosis,
  ObdsMessage,
  ObdsProgression,
  ObdsSystemicTherapy,
  ObdsTnm,
  ObdsTumourBoard,
} from './obds-message.js';

const tumour = (icd10 = 'C34.1'): ObdsMessage['tumour'] => ({
  tumourId: '1',
  icd10,
  diagnosisDate: { value: '2024-03-05', accuracy: 'E' },
  laterality: 'R',
  morphology: { code: '8140/3', version: '33' },
});

const tnm = (parts: Partial<ObdsTnm> = {}): ObdsTnm => ({
  date: null,
  version: '8',
  ySymbol: false,
  prefixT: 'c',
  t: '2a',
  prefixN: 'c',
  n: '1',
  prefixM: 'c',
  m: '0',
  uicc: 'IIB',
  ...parts,
});

const diagnosis = (parts: Partial<ObdsDiagnosis> = {}): ObdsDiagnosis => ({
  kind: 'Diagnose',
  topography: { code: 'C34.1', version: '33' },
  certainty: '7.2',
  histology: null,
  cTnm: tnm(),
  pTnm: null,
  metastasisSites: [],
  performance: '1',
  ...parts,
});

const therapy = (parts: Partial<ObdsSystemicTherapy> = {}): ObdsSystemicTherapy => ({
  kind: 'SYST',
  occasion: 'behandlungsende',
  intention: 'P',
  relationToSurgery: 'O',
  therapyType: 'CI',
  start: { value: '2024-04-02', accuracy: 'E' },
  substances: ['L01XC18', 'L01BA04'],
  end: '2024-08-20',
  endReason: 'E',
  ...parts,
});

const progression = (parts: Partial<ObdsProgression> = {}): ObdsProgression => ({
  kind: 'Verlauf',
  occasion: 'statusaenderung',
  examinationDate: '2024-09-12',
  overall: 'P',
  localStatus: null,
  lymphNodeStatus: null,
  metastasisStatus: null,
  tnm: null,
  metastasisSites: [],
  performance: '2',
  ...parts,
});

const death = (parts: Partial<ObdsDeath> = {}): ObdsDeath => ({
  kind: 'Tod',
  deathDate: '2025-01-20',
  tumourRelated: 'J',
  causes: ['C34.1'],
  ...parts,
});

const board = (parts: Partial<ObdsTumourBoard> = {}): ObdsTumourBoard => ({
  kind: 'Tumorkonferenz',
  occasion: 'diagnose',
  date: { value: '2024-03-12', accuracy: 'E' },
  boardType: 'praeth',
  recommendations: ['CI', 'ST'],
  patientDeviation: 'N',
  ...parts,
});

/** The proposed values by instrument and path. */
function valuesOf(mapping: ObdsMapping): Record<string, Record<string, string>> {
  if (mapping.outcome !== 'proposed') throw new Error(`no proposal: ${mapping.outcome}`);
  return Object.fromEntries(
    mapping.proposals.map((p) => [p.instrument, Object.fromEntries(p.fields.map((f) => [f.path, f.values.join('|')]))]),
  );
}

describe('mapObdsMessage: Diagnose', () => {
  it('proposes the diagnosis, the clinical TNM and the ECOG of a lung tumour', () => {
    const mapping = mapObdsMessage({ messageId: 'M-1', tumour: tumour(), report: diagnosis() });
    expect(valuesOf(mapping)).toEqual({
      diagnosis: {
        diag_date: '2024-03-05',
        icd10: 'C34.1',
        topography: 'C34.1',
        morphology: '8140/3',
        morph_version: '33',
        laterality: 'R',
        diagnosis_certainty: '7.2',
      },
      staging: { tnm_version: '8', 'tnm.prefix': 'c', 'tnm.t': '2a', 'tnm.n': '1', 'tnm.m': '0', uicc_stage: 'IIB' },
      performance: { ecog: '1', ecog_date: '2024-03-05' },
    });
    expect(mapping).toMatchObject({ skipped: [] });
  });

  it('prefers the pathological TNM and derives no stage field for M1, but the metastasis sites', () => {
    const mapping = mapObdsMessage({
      messageId: 'M-2',
      tumour: tumour(),
      report: diagnosis({
        pTnm: tnm({ prefixT: 'p', t: '3', m: '1c', uicc: 'IVB', ySymbol: true }),
        metastasisSites: ['BRA', 'OSS', 'BRA'],
      }),
    });
    expect(valuesOf(mapping).staging).toEqual({
      tnm_version: '8',
      'tnm.prefix': 'p',
      'tnm.y_symbol': 'yes',
      'tnm.t': '3',
      'tnm.n': '1',
      'tnm.m': '1c',
      met_sites: 'BRA|OSS',
    });
  });

  it('lists values outside the registry’s value sets as skipped instead of guessing', () => {
    const mapping = mapObdsMessage({
      messageId: 'M-3',
      tumour: { ...tumour(), morphology: { code: '8250/3', version: 'bb' } },
      report: diagnosis({ certainty: '7', cTnm: tnm({ version: '7', n: '2a', m: '1' }), metastasisSites: ['XYZ'] }),
    });
    expect(valuesOf(mapping).diagnosis).toMatchObject({ morphology: 'other', morphology_code: '8250/3' });
    expect(valuesOf(mapping).diagnosis).not.toHaveProperty('diagnosis_certainty');
    expect(valuesOf(mapping).staging).not.toHaveProperty('tnm_version');
    expect(mapping).toMatchObject({
      skipped: [
        { source: 'Tumorzuordnung/Morphologie_ICD_O/Version', value: 'bb', reason: OBDS_MESSAGES.notInValueSet('bb') },
        { source: 'Diagnose/Diagnosesicherung', value: '7' },
        { source: 'Diagnose/cTNM/Version', value: '7', reason: OBDS_MESSAGES.tnmVersion('7') },
        { source: 'Diagnose/cTNM/N', value: '2a' },
        { source: 'Diagnose/cTNM/M', value: '1' },
        { source: 'Diagnose/Menge_FM/Fernmetastase/Lokalisation', value: 'XYZ' },
      ],
    });
  });

  it('converts a Karnofsky index to ECOG and notes estimated dates and a bare C34', () => {
    const mapping = mapObdsMessage({
      messageId: 'M-4',
      tumour: { ...tumour('C34'), diagnosisDate: { value: '2024-03-15', accuracy: 'T' } },
      report: diagnosis({ performance: '70%' }),
    });
    if (mapping.outcome !== 'proposed') throw new Error('no proposal');
    const field = (instrument: string, path: string) =>
      mapping.proposals.find((p) => p.instrument === instrument)?.fields.find((f) => f.path === path);
    expect(field('performance', 'ecog')).toEqual({
      path: 'ecog',
      values: ['1'],
      source: 'Diagnose/Allgemeiner_Leistungszustand',
      note: OBDS_MESSAGES.karnofsky('70%'),
    });
    expect(field('diagnosis', 'icd10')).toMatchObject({ values: ['C34.9'], note: OBDS_MESSAGES.icdUnspecified });
    expect(field('diagnosis', 'diag_date')).toMatchObject({ values: ['2024-03-15'], note: OBDS_MESSAGES.estimated });
  });
});

describe('mapObdsMessage: Pathologie', () => {
  it('proposes the histology, grading and pathological TNM of a pathology report, no performance status', () => {
    const mapping = mapObdsMessage({
      messageId: 'P-1',
      tumour: tumour(),
      report: {
        kind: 'Pathologie',
        topography: { code: 'C34.1', version: '33' },
        certainty: '7.2',
        histology: { morphology: { code: '8070/3', version: '33' }, grading: '3' },
        cTnm: null,
        pTnm: tnm({ prefixT: 'p', t: '1b', n: '0', uicc: 'IA2' }),
        metastasisSites: [],
      },
    });
    expect(valuesOf(mapping)).toEqual({
      diagnosis: {
        diag_date: '2024-03-05',
        icd10: 'C34.1',
        topography: 'C34.1',
        morphology: '8070/3',
        morph_version: '33',
        laterality: 'R',
        diagnosis_certainty: '7.2',
        grading: '3',
      },
      staging: { tnm_version: '8', 'tnm.prefix': 'p', 'tnm.t': '1b', 'tnm.n': '0', 'tnm.m': '0', uicc_stage: 'IA2' },
    });
    if (mapping.outcome !== 'proposed') return;
    expect(mapping.proposals[0]?.fields.find((f) => f.path === 'grading')?.source).toBe('Pathologie/Histologie/Grading');
    expect(mapping.proposals[1]?.fields[0]?.source).toBe('Pathologie/pTNM/Version');
  });
});

describe('mapObdsMessage: SYST', () => {
  it('proposes one therapy line with its substances, dates and end reason', () => {
    const mapping = mapObdsMessage({ messageId: 'M-5', tumour: tumour(), report: therapy() });
    expect(mapping).toMatchObject({
      proposals: [{ instrument: 'systemic_therapy', place: { kind: 'baseline' }, entry: { list: 'therapy_lines' } }],
    });
    expect(valuesOf(mapping).systemic_therapy).toEqual({
      intention: 'P',
      relation_to_surgery: 'O',
      therapy_type: 'CI',
      substances: 'L01XC18, L01BA04',
      start: '2024-04-02',
      end: '2024-08-20',
      end_reason: 'E',
    });
  });

  it('leaves the end and its reason out of a report of the therapy’s start', () => {
    const mapping = mapObdsMessage({
      messageId: 'M-6',
      tumour: tumour(),
      report: therapy({ occasion: 'behandlungsbeginn', end: null, endReason: null }),
    });
    expect(Object.keys(valuesOf(mapping).systemic_therapy ?? {})).not.toContain('end_reason');
  });
});

describe('mapObdsMessage: Verlauf', () => {
  it('proposes the disease status, a progression, the TNM and the ECOG for the follow-up of the examination day', () => {
    const mapping = mapObdsMessage({
      messageId: 'V-1',
      tumour: tumour(),
      report: progression({ tnm: tnm({ version: '8', t: '3', n: '2', m: '1b', uicc: 'IVA' }), metastasisSites: ['HEP'] }),
    });
    expect(valuesOf(mapping)).toEqual({
      disease_status: { assess_date: '2024-09-12', overall: 'P', progression: 'yes', progression_date: '2024-09-12' },
      staging: { tnm_version: '8', 'tnm.prefix': 'c', 'tnm.t': '3', 'tnm.n': '2', 'tnm.m': '1b', met_sites: 'HEP' },
      performance: { ecog: '2', ecog_date: '2024-09-12' },
    });
    if (mapping.outcome !== 'proposed') return;
    expect(mapping.proposals.map((p) => p.place)).toEqual(Array(3).fill({ kind: 'followUp', date: '2024-09-12' }));
    const field = (instrument: string, path: string) =>
      mapping.proposals.find((p) => p.instrument === instrument)?.fields.find((f) => f.path === path);
    expect(field('disease_status', 'overall')).toEqual({
      path: 'overall',
      values: ['P'],
      source: 'Verlauf/Gesamtbeurteilung_Tumorstatus',
      note: null,
    });
    expect(field('disease_status', 'progression')).toMatchObject({ note: OBDS_MESSAGES.progressionFrom('P') });
    expect(field('disease_status', 'progression_date')).toMatchObject({ note: OBDS_MESSAGES.progressionDate });
    expect(field('staging', 'tnm.t')?.source).toBe('Verlauf/TNM/T');
    expect(field('staging', 'met_sites')?.source).toBe('Verlauf/Menge_FM/Fernmetastase/Lokalisation');
    expect(field('performance', 'ecog')?.source).toBe('Verlauf/Allgemeiner_Leistungszustand');
    expect(field('performance', 'ecog_date')?.source).toBe('Verlauf/Untersuchungsdatum_Verlauf');
  });

  it('says “no progression” only for an assessment that rules it out, nothing for D, Y, U and X', () => {
    const progressionOf = (overall: string) =>
      valuesOf(mapObdsMessage({ messageId: 'V-2', tumour: tumour(), report: progression({ overall }) }));
    for (const overall of ['V', 'T', 'K', 'B', 'R'])
      expect(progressionOf(overall).disease_status).toEqual({ assess_date: '2024-09-12', overall, progression: 'no' });
    for (const overall of ['D', 'Y', 'X']) expect(progressionOf(overall).disease_status).toEqual({ assess_date: '2024-09-12', overall });
    const unknown = mapObdsMessage({ messageId: 'V-3', tumour: tumour(), report: progression({ overall: 'U' }) });
    if (unknown.outcome !== 'proposed') throw new Error('no proposal');
    expect(unknown.proposals[0]?.fields.find((f) => f.path === 'overall')).toMatchObject({
      values: ['U'],
      note: OBDS_MESSAGES.assessmentUnknown,
    });
  });

  it('lists the partial statuses (no field), a Karnofsky index converted, and values outside the value sets as skipped', () => {
    const mapping = mapObdsMessage({
      messageId: 'V-4',
      tumour: tumour(),
      report: progression({
        localStatus: 'R',
        lymphNodeStatus: 'K',
        metastasisStatus: 'P',
        performance: '60%',
        tnm: tnm({ version: '7', m: '1' }),
        metastasisSites: ['XYZ'],
      }),
    });
    expect(valuesOf(mapping).performance).toEqual({ ecog: '2', ecog_date: '2024-09-12' });
    expect(mapping).toMatchObject({
      skipped: [
        { source: 'Verlauf/Verlauf_Lokaler_Tumorstatus', value: 'R', reason: OBDS_MESSAGES.noField },
        { source: 'Verlauf/Verlauf_Tumorstatus_Lymphknoten', value: 'K', reason: OBDS_MESSAGES.noField },
        { source: 'Verlauf/Verlauf_Tumorstatus_Fernmetastasen', value: 'P', reason: OBDS_MESSAGES.noField },
        { source: 'Verlauf/TNM/Version', value: '7', reason: OBDS_MESSAGES.tnmVersion('7') },
        { source: 'Verlauf/TNM/M', value: '1', reason: OBDS_MESSAGES.notInValueSet('1') },
        { source: 'Verlauf/Menge_FM/Fernmetastase/Lokalisation', value: 'XYZ' },
      ],
    });
    const other = mapObdsMessage({ messageId: 'V-5', tumour: tumour(), report: progression({ overall: 'Q', performance: '5' }) });
    expect(valuesOf(other)).toEqual({ disease_status: { assess_date: '2024-09-12' } });
    expect(other).toMatchObject({
      skipped: [
        { source: 'Verlauf/Gesamtbeurteilung_Tumorstatus', value: 'Q' },
        { source: 'Verlauf/Allgemeiner_Leistungszustand', value: '5' },
      ],
    });
  });
});

describe('mapObdsMessage: Tod', () => {
  it('proposes the vital status “deceased” with the death date, its relation to the tumour and the causes for the follow-up of the death day', () => {
    const mapping = mapObdsMessage({ messageId: 'T-1', tumour: tumour(), report: death({ causes: ['C34.1', 'J18.9'] }) });
    expect(valuesOf(mapping)).toEqual({
      vital_status: { status: 'deceased', death_date: '2025-01-20', death_tumour_related: 'J', cause_icd10: 'C34.1, J18.9' },
    });
    expect(mapping).toMatchObject({
      proposals: [{ instrument: 'vital_status', place: { kind: 'followUp', date: '2025-01-20' }, entry: null }],
      skipped: [],
    });
    if (mapping.outcome !== 'proposed') return;
    expect(mapping.proposals[0]?.fields.map((f) => [f.path, f.source, f.note])).toEqual([
      ['status', 'Tod', OBDS_MESSAGES.deceased],
      ['death_date', 'Tod/Sterbedatum', null],
      ['death_tumour_related', 'Tod/Tod_tumorbedingt', null],
      ['cause_icd10', 'Tod/Menge_Todesursachen/Todesursache_ICD/Code', null],
    ]);
  });

  it('leaves out causes the message does not give and skips a relation outside J, N, U', () => {
    const mapping = mapObdsMessage({ messageId: 'T-2', tumour: tumour(), report: death({ causes: [], tumourRelated: 'X' }) });
    expect(valuesOf(mapping).vital_status).toEqual({ status: 'deceased', death_date: '2025-01-20' });
    expect(mapping).toMatchObject({ skipped: [{ source: 'Tod/Tod_tumorbedingt', value: 'X' }] });
  });
});

describe('mapObdsMessage: Tumorkonferenz', () => {
  it('proposes a standalone tumour board of the day with the recommendations in the XSD’s words', () => {
    const mapping = mapObdsMessage({ messageId: 'K-1', tumour: tumour(), report: board() });
    expect(valuesOf(mapping)).toEqual({
      tumour_board: { board_date: '2024-03-12', recommendation: 'Chemo- + Immun-/Antikörpertherapie, Strahlentherapie' },
    });
    expect(mapping).toMatchObject({
      proposals: [{ instrument: 'tumour_board', place: { kind: 'standalone', date: '2024-03-12', dateField: 'board_date' } }],
      skipped: [
        { source: 'Tumorkonferenz/Typ', value: 'praeth', reason: OBDS_MESSAGES.noField },
        { source: 'Tumorkonferenz/Therapieempfehlung/Abweichung_Patientenwunsch', value: 'N', reason: OBDS_MESSAGES.noField },
      ],
    });
    if (mapping.outcome !== 'proposed') return;
    expect(mapping.proposals[0]?.fields[1]?.note).toBe(OBDS_MESSAGES.recommendations('CI, ST'));
  });

  it('notes an estimated date, proposes no recommendation without one, and skips an unknown code', () => {
    const mapping = mapObdsMessage({
      messageId: 'K-2',
      tumour: tumour(),
      report: board({ date: { value: '2024-03-15', accuracy: 'T' }, recommendations: ['QQ'], patientDeviation: null, boardType: 'postop' }),
    });
    expect(valuesOf(mapping)).toEqual({ tumour_board: { board_date: '2024-03-15' } });
    if (mapping.outcome !== 'proposed') return;
    expect(mapping.proposals[0]?.fields[0]?.note).toBe(OBDS_MESSAGES.estimated);
    expect(mapping.skipped.map((s) => [s.source, s.value])).toEqual([
      ['Tumorkonferenz/Therapieempfehlung/Menge_Typ_Therapieempfehlung/Typ_Therapieempfehlung', 'QQ'],
      ['Tumorkonferenz/Typ', 'postop'],
    ]);
  });

  it('does not map a therapy planning outside a tumour board', () => {
    expect(mapObdsMessage({ messageId: 'K-3', tumour: tumour(), report: board({ boardType: 'ther' }) })).toEqual({
      outcome: 'notMapped',
      reason: OBDS_MESSAGES.notTumourBoard,
    });
  });
});

describe('mapObdsMessage: what is not proposed', () => {
  it('reports a tumour other than C34 as not applicable, whatever the report', () => {
    for (const report of [diagnosis(), therapy(), death(), progression(), board(), { kind: 'ST' as const }])
      expect(mapObdsMessage({ messageId: 'M-7', tumour: tumour('C50.4'), report })).toEqual({
        outcome: 'notApplicable',
        reason: 'Der Tumor C50.4 wird im Register nicht erfasst (nur Lungenkarzinome C34).',
      });
    expect(mapObdsMessage({ messageId: 'M-8', tumour: tumour('C340'), report: diagnosis() }).outcome).toBe('notApplicable');
  });

  it('lists surgery and radiotherapy reports (no target instrument) as not mapped', () => {
    expect(mapObdsMessage({ messageId: 'M-9', tumour: tumour(), report: { kind: 'OP' } })).toEqual({
      outcome: 'notMapped',
      reason: 'Meldungen der Art „OP“ haben in der Studiendefinition kein Zielinstrument.',
    });
    expect(mapObdsMessage({ messageId: 'M-10', tumour: tumour(), report: { kind: 'ST' } })).toEqual({
      outcome: 'notMapped',
      reason: 'Meldungen der Art „ST“ haben in der Studiendefinition kein Zielinstrument.',
    });
  });
});

describe('therapyLineOf', () => {
  const proposal = (start: string, therapyType: string): ObdsInstrumentProposal => ({
    instrument: 'systemic_therapy',
    place: { kind: 'baseline' },
    entry: { list: 'therapy_lines', entry: 'therapy_line' },
    fields: [
      { path: 'start', values: [start], source: 'SYST/Beginn', note: null },
      { path: 'therapy_type', values: [therapyType], source: 'SYST/Therapieart', note: null },
    ],
  });
  const lines = [
    { lineNo: '1', start: '2023-01-10', therapyType: 'CH' },
    { lineNo: '2', start: '2024-04-02', therapyType: 'CI' },
  ];

  it('finds the line of the same start and therapy type (the end report of a started line)', () => {
    expect(therapyLineOf(lines, proposal('2024-04-02', 'CI'))).toEqual({ index: 1, lineNo: '2' });
  });

  it('numbers a new line after the highest documented number', () => {
    expect(therapyLineOf(lines, proposal('2024-04-02', 'IM'))).toEqual({ index: null, lineNo: '3' });
    expect(therapyLineOf([], proposal('2024-04-02', 'IM'))).toEqual({ index: null, lineNo: '1' });
  });
});
