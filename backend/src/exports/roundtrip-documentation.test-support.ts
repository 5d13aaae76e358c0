/**
 * The documentation of the export round trip (issue 27 item 4): one patient with a value of every field type of
 * the demo definition, written through the REST API, and the places where each value shows in the exports.
 * Texts carry what files get wrong: ';', quotes, line breaks and starts a spreadsheet would run as a formula.
 */
import type { Database } from '../db/database.js';
import type { FieldInput } from '../patient-documentation/field-instance.schemas.js';
import type { VisitDto } from '../patient-documentation/patient-documents.js';
import {
  createInstrument,
  createPatientWithBaseline,
  fieldDefinitionId,
  valueField,
  type Api,
  type DemoRegistry,
} from '../test-support/documentation-fixtures.js';

/** How a field's stored values read in a file. */
export type ValueKind = 'text' | 'number' | 'date' | 'choice' | 'network';

/** Where one documented value shows: CSV file / sheet / SAS data set and column, ODM item, list entry. */
export type ValuePlace = {
  form: string;
  path: string;
  kind: ValueKind;
  table: string;
  column: string;
  odmItem: string;
  /** A list entry: its row (`entry_no`) and the ODM ItemGroupRepeatKey of its entry type. */
  entry?: { no: number; repeatKey: string };
  /** The row's visit, in the visits table. */
  visit?: string;
};

export const FREE_TEXTS = {
  // Longer than 2000 bytes in UTF-8 (SAS counts bytes).
  comment: `Dosis reduziert; Pause "wegen Pneumonitis"\nfortgesetzt am 01.04.\n=2+3 ist keine Formel ${'Übelkeit '.repeat(250)}`,
  substances: '=HYPERLINK("http://example.org";"Klick")',
  aeTerm: "'=1+1 mit Apostroph",
  followUp: '-3 Punkte; +2 Tage @Station\n',
  topography: '+C34.1 rechts "oben" &amp; <links>',
  pregnancy: '@Hinweis: keine Schwangerschaft\n\nZeile nach Leerzeile; Ende',
} as const;

const place = (form: string, path: string, kind: ValueKind, table: string, column: string, entry?: ValuePlace['entry']): ValuePlace => {
  const base = form === 'patient' ? 'patient' : form === 'fu' ? 'visit.fu' : `instrument.${form}`;
  return { form, path, kind, table, column, odmItem: `I.${base}.${path}`, ...(entry ? { entry } : {}) };
};
const lines = 'therapy_lines.therapy_line';
const events = 'adverse_events';

/** Every value the round trip documents, where the exports hold it. */
export const VALUE_PLACES: readonly ValuePlace[] = [
  place('patient', 'sex', 'choice', 'patients', 'sex'),
  place('patient', 'birth_date', 'date', 'patients', 'birth_date'),
  place('patient', 'pregnancy_note', 'text', 'patients', 'pregnancy_note'),
  place('patient', 'family_physician', 'network', 'patients', 'family_physician'),
  { ...place('fu', 'fu_date', 'date', 'visits', 'fu_date'), visit: 'fu' },
  place('diagnosis', 'diag_date', 'date', 'diagnosis', 'diag_date'),
  place('diagnosis', 'icd10', 'choice', 'diagnosis', 'icd10'),
  place('diagnosis', 'topography', 'text', 'diagnosis', 'topography'),
  place('staging', 'met_sites', 'choice', 'staging', 'met_sites'),
  place('staging', 'tnm.t', 'choice', 'staging', 'tnm_t'),
  place('molecular', 'test_date', 'date', 'molecular', 'test_date'),
  place('molecular', 'method', 'choice', 'molecular', 'method'),
  place('molecular', 'lab', 'network', 'molecular', 'lab'),
  place('molecular', 'markers.egfr', 'choice', 'molecular', 'markers_egfr'),
  place('molecular', 'markers.alk', 'choice', 'molecular', 'markers_alk'),
  place('molecular', 'markers.pdl1_tps', 'number', 'molecular', 'markers_pdl1_tps'),
  // A display value the server fills from the PD-L1 TPS.
  place('molecular', 'markers.pdl1_category', 'choice', 'molecular', 'markers_pdl1_category'),
  place('network', 'network_partner', 'network', 'network', 'network_partner'),
  place('network', 'network_location', 'network', 'network', 'network_location'),
  place('systemic_therapy', 'treating_physician', 'network', 'systemic_therapy', 'treating_physician'),
  place('systemic_therapy', 'therapy_summary.therapy_comment', 'text', 'systemic_therapy', 'therapy_summary_therapy_comment'),
  place('systemic_therapy', 'pneumonitis_follow_up', 'text', 'systemic_therapy', 'pneumonitis_follow_up'),
  ...[1, 2].flatMap((no) => {
    const entry = { no, repeatKey: String(no) };
    const table = 'systemic_therapy_therapy_lines';
    return [
      place('systemic_therapy', `${lines}.line_no`, 'number', table, 'line_no', entry),
      place('systemic_therapy', `${lines}.therapy_type`, 'choice', table, 'therapy_type', entry),
      place('systemic_therapy', `${lines}.substances`, 'text', table, 'substances', entry),
      place('systemic_therapy', `${lines}.start`, 'date', table, 'start', entry),
    ];
  }),
  place('systemic_therapy', `${lines}.end`, 'date', 'systemic_therapy_therapy_lines', 'end', { no: 1, repeatKey: '1' }),
  place(
    'systemic_therapy',
    `${events}.ae_pneumonitis.pneumonitis_grade`,
    'choice',
    'systemic_therapy_adverse_events',
    'pneumonitis_grade',
    {
      no: 1,
      repeatKey: '1',
    },
  ),
  place('systemic_therapy', `${events}.ae_other.ae_term`, 'text', 'systemic_therapy_adverse_events', 'ae_term', { no: 2, repeatKey: '1' }),
  place('systemic_therapy', `${events}.ae_other.ae_grade`, 'choice', 'systemic_therapy_adverse_events', 'ae_grade', {
    no: 2,
    repeatKey: '1',
  }),
];

type Network = { person: (lastName: string) => { id: string }; organization: (displayName: string) => { id: string } };

async function demoNetwork(database: Database): Promise<Network> {
  const persons = await database.db.selectFrom('person').select(['id', 'last_name']).execute();
  const organizations = await database.db.selectFrom('organization').select(['id', 'display_name']).execute();
  const found = <T>(item: T | undefined, what: string): T => {
    if (item === undefined) throw new Error(`the demo network has no ${what}`);
    return item;
  };
  return {
    person: (lastName) => ({
      id: found(
        persons.find((p) => p.last_name === lastName),
        lastName,
      ).id,
    }),
    organization: (displayName) => ({
      id: found(
        organizations.find((o) => o.display_name === displayName),
        displayName,
      ).id,
    }),
  };
}

/** Documents the patient through the REST API; answers its study patient id. */
export async function documentEveryFieldType(client: Api, registry: DemoRegistry, database: Database): Promise<string> {
  const network = await demoNetwork(database);
  const cologne = network.organization('Universitätsklinikum Köln');
  const id = (form: string, path: string) => fieldDefinitionId(registry.index, form, path);
  const value = (form: string, path: string, text: string) => valueField(id(form, path), text);
  const choice = (form: string, path: string, person: string | null, organization: { id: string }): FieldInput => ({
    definitionId: id(form, path),
    values: [{ value: null, organization, person: person === null ? null : network.person(person) }],
  });
  const group = (form: string, path: string, childFields: FieldInput[]): FieldInput => ({ definitionId: id(form, path), childFields });

  const { studyPatientId, baseline } = await createPatientWithBaseline(client, registry, '1001', '2023-02-01');
  const patient = await client.get<{ version: number }>(`StudyPatient/${studyPatientId}/context`);
  const saved = await client.send('PUT', `StudyPatient/${studyPatientId}`, {
    version: patient.body.version,
    fields: [
      value('patient', 'sex', 'W'),
      value('patient', 'birth_date', '1961-07-XX'),
      value('patient', 'pregnancy_note', FREE_TEXTS.pregnancy),
      choice('patient', 'family_physician', 'Lunge', cologne),
    ],
  });
  if (saved.status !== 200) throw new Error(`patient fields not saved: ${saved.status} ${JSON.stringify(saved.body)}`);

  const at = (form: string, fields: FieldInput[]) => createInstrument(client, registry, studyPatientId, baseline.id, form, fields);
  await at('diagnosis', [
    value('diagnosis', 'diag_date', '2023-01-XX'),
    value('diagnosis', 'icd10', 'C34.1'),
    value('diagnosis', 'topography', FREE_TEXTS.topography),
  ]);
  await at('staging', [
    { definitionId: id('staging', 'met_sites'), values: [{ value: 'OSS' }, { value: 'BRA' }] },
    // M1c shows the sites of metastases.
    group('staging', 'tnm', [value('staging', 'tnm.t', '2a'), value('staging', 'tnm.m', '1c')]),
  ]);
  await at('molecular', [
    value('molecular', 'test_date', '2023-02-10'),
    { definitionId: id('molecular', 'method'), values: [{ value: 'NGS-DNA' }, { value: 'IHC' }] },
    choice('molecular', 'lab', null, network.organization('Institut für Pathologie Bonn')),
    group('molecular', 'markers', [
      value('molecular', 'markers.egfr', 'W'),
      value('molecular', 'markers.alk', 'M'),
      value('molecular', 'markers.pdl1_tps', '12,5'),
    ]),
  ]);
  await at('network', [
    choice('network', 'network_partner', 'Molekular', network.organization('Institut für Pathologie Bonn')),
    choice('network', 'network_location', null, cologne),
  ]);
  const line = (no: string, type: string, substances: string, start: string, end?: string) =>
    group('systemic_therapy', lines, [
      value('systemic_therapy', `${lines}.line_no`, no),
      value('systemic_therapy', `${lines}.therapy_type`, type),
      value('systemic_therapy', `${lines}.substances`, substances),
      value('systemic_therapy', `${lines}.start`, start),
      ...(end ? [value('systemic_therapy', `${lines}.end`, end), value('systemic_therapy', `${lines}.end_reason`, 'E')] : []),
    ]);
  await at('systemic_therapy', [
    group('systemic_therapy', 'therapy_lines', [
      line('1', 'CH', 'L01XE03; L01XC "neu"', '2023-03-01', '2023-08-XX'),
      line('2', 'IM', FREE_TEXTS.substances, '2023-09-XX'),
    ]),
    group('systemic_therapy', events, [
      group('systemic_therapy', `${events}.ae_pneumonitis`, [value('systemic_therapy', `${events}.ae_pneumonitis.pneumonitis_grade`, '2')]),
      group('systemic_therapy', `${events}.ae_other`, [
        value('systemic_therapy', `${events}.ae_other.ae_term`, FREE_TEXTS.aeTerm),
        value('systemic_therapy', `${events}.ae_other.ae_grade`, '3'),
      ]),
    ]),
    value('systemic_therapy', 'pneumonitis_follow_up', FREE_TEXTS.followUp),
    choice('systemic_therapy', 'treating_physician', 'Lunge', cologne),
    group('systemic_therapy', 'therapy_summary', [value('systemic_therapy', 'therapy_summary.therapy_comment', FREE_TEXTS.comment)]),
  ]);
  const followUp = await client.send<VisitDto>('POST', 'Visit', {
    studyPatientId,
    definitionId: registry.index.visitByIdentifier.get('fu')?.id,
    fields: [value('fu', 'fu_date', '2023-11-XX')],
  });
  if (followUp.status !== 201) throw new Error(`follow-up not created: ${followUp.status} ${JSON.stringify(followUp.body)}`);
  return studyPatientId;
}
