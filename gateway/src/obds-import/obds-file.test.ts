import { describe, expect, it } from 'vitest';
import { readObdsFile } from './obds-file.js';
import { schemaErrorText } from './schema-messages.js';
import {
  deathReport,
  diagnosisReport,
  obdsFile,
  pathologyReport,
  obdsMessage,
  progressionReport,
  systemicTherapyReport,
  tumourAssignment,
  tumourBoardReport,
  type ObdsTestPerson,
} from '../test-support/obds-files.js';

const person: ObdsTestPerson = {
  firstName: 'Ilse-Marit',
  lastName: 'Obdsreader',
  birthDate: '1958-07-21',
  gender: 'W',
  zip: '50667',
  city: 'Köln',
  insuranceNumber: null,
};

const lungFile = obdsFile([
  {
    person,
    messages: [
      obdsMessage('RD-1', tumourAssignment('C34.1', '2024-03-05'), diagnosisReport({ t: '2a', n: '1', m: '0', uicc: 'IIB' })),
      obdsMessage(
        'RD-2',
        tumourAssignment('C34.1', '2024-03-05'),
        systemicTherapyReport({ start: '2024-04-02', end: '2024-08-20', type: 'CI', atc: ['L01XC18'] }),
      ),
    ],
  },
  {
    person: { ...person, firstName: 'Jörg', gender: 'M', insuranceNumber: 'A123456780' },
    messages: [obdsMessage('RD-3', tumourAssignment('C50.4', '2023-01-10'), diagnosisReport({ t: '1', n: '0', m: '0', uicc: 'I' }, '0'))],
  },
]);

const encode = (xml: string) => new TextEncoder().encode(xml);

describe('readObdsFile', () => {
  it('splits each patient into the identity and the clinical part of its messages', () => {
    const file = readObdsFile(encode(lungFile));
    if (!file.ok) throw new Error(JSON.stringify(file.errors));
    expect(file.patients).toHaveLength(2);
    const [first, second] = file.patients;
    expect(first?.identity).toEqual({
      firstName: 'Ilse-Marit',
      lastName: 'Obdsreader',
      birthName: '',
      birthDate: '1958-07-21',
      gender: 'FEMALE',
      street: '',
      zip: '50667',
      city: 'Köln',
      insuranceNumber: '',
    });
    expect(second?.identity).toMatchObject({ firstName: 'Jörg', gender: 'MALE', insuranceNumber: 'A123456780' });
    expect(first?.messages).toEqual([
      {
        messageId: 'RD-1',
        tumour: {
          tumourId: '1',
          icd10: 'C34.1',
          diagnosisDate: { value: '2024-03-05', accuracy: 'E' },
          laterality: 'R',
          morphology: { code: '8140/3', version: '33' },
        },
        report: {
          kind: 'Diagnose',
          topography: { code: 'C34.1', version: '33' },
          certainty: '7.2',
          histology: null,
          cTnm: {
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
          },
          pTnm: null,
          metastasisSites: [],
          performance: '1',
        },
      },
      expect.objectContaining({
        messageId: 'RD-2',
        report: {
          kind: 'SYST',
          occasion: 'behandlungsende',
          intention: 'P',
          relationToSurgery: 'O',
          therapyType: 'CI',
          start: { value: '2024-04-02', accuracy: 'E' },
          substances: ['L01XC18'],
          end: '2024-08-20',
          endReason: 'E',
        },
      }),
    ]);
    // The clinical part carries no identity: neither names nor the birth date nor the hospital's patient number.
    const clinical = JSON.stringify(file.patients.map((p) => p.messages));
    for (const word of ['Obdsreader', 'Ilse', '1958', 'Köln', 'P1', 'A123456780']) expect(clinical).not.toContain(word);
  });

  it('reads a pathology report without its sender', () => {
    const file = readObdsFile(
      encode(
        obdsFile([
          {
            person,
            messages: [
              obdsMessage(
                'RP-1',
                tumourAssignment('C34.1', '2024-03-05'),
                pathologyReport({ morphology: '8070/3', grading: '3', t: '1b', n: '0', uicc: 'IA2' }),
              ),
            ],
          },
        ]),
      ),
    );
    if (!file.ok) throw new Error(JSON.stringify(file.errors));
    expect(file.patients[0]?.messages[0]?.report).toEqual({
      kind: 'Pathologie',
      topography: { code: 'C34.1', version: '33' },
      certainty: '7.2',
      histology: { morphology: { code: '8070/3', version: '33' }, grading: '3' },
      cTnm: null,
      pTnm: expect.objectContaining({ prefixT: 'p', t: '1b', n: '0', m: '0', uicc: 'IA2' }),
      metastasisSites: [],
    });
    expect(JSON.stringify(file.patients[0]?.messages)).not.toContain('Institut für Pathologie');
  });

  it('reads a follow-up, a death and a tumour board report, and of surgery only its kind', () => {
    const tumour = tumourAssignment('C34.1', '2024-03-05');
    const surgery =
      '<OP><Intention>K</Intention><Datum>2024-04-10</Datum><Menge_OPS><OPS><Code>5-324.a1</Code><Version>2024</Version></OPS></Menge_OPS><Komplikationen><Komplikation_nein_oder_unbekannt>N</Komplikation_nein_oder_unbekannt></Komplikationen></OP>';
    const file = readObdsFile(
      encode(
        obdsFile([
          {
            person,
            messages: [
              obdsMessage('RV-1', tumour, progressionReport({ date: '2024-09-12', overall: 'P', m: '1b', site: 'HEP', ecog: '2' })),
              obdsMessage('RT-1', tumour, deathReport({ date: '2025-01-20', tumourRelated: 'J', causes: ['C34.1', 'J18.9'] })),
              obdsMessage('RK-1', tumour, tumourBoardReport({ date: '2024-03-12', type: 'praeth', recommendations: ['CI', 'ST'] })),
              obdsMessage('RO-1', tumour, surgery),
            ],
          },
        ]),
      ),
    );
    if (!file.ok) throw new Error(JSON.stringify(file.errors));
    expect(file.patients[0]?.messages.map((m) => m.report)).toEqual([
      {
        kind: 'Verlauf',
        occasion: 'statusaenderung',
        examinationDate: '2024-09-12',
        overall: 'P',
        localStatus: 'T',
        lymphNodeStatus: null,
        metastasisStatus: null,
        tnm: {
          date: null,
          version: '8',
          ySymbol: false,
          prefixT: null,
          t: '2a',
          prefixN: null,
          n: '1',
          prefixM: null,
          m: '1b',
          uicc: null,
        },
        metastasisSites: ['HEP'],
        performance: '2',
      },
      { kind: 'Tod', deathDate: '2025-01-20', tumourRelated: 'J', causes: ['C34.1', 'J18.9'] },
      {
        kind: 'Tumorkonferenz',
        occasion: 'diagnose',
        date: { value: '2024-03-12', accuracy: 'E' },
        boardType: 'praeth',
        recommendations: ['CI', 'ST'],
        patientDeviation: 'N',
      },
      { kind: 'OP' },
    ]);
  });

  it('refuses a file the schema does not take, in German words with line and element', () => {
    const missing = readObdsFile(encode(lungFile.replace('<Eigene_Leistung>J</Eigene_Leistung>', '')));
    expect(missing.ok ? [] : missing.errors.map(schemaErrorText)).toEqual([
      'Zeile 6, Element „Tumorzuordnung“: Das Element ist hier nicht erlaubt; erwartet wird „Einwilligung_nicht_meldepflichtig“, „Zertifizierung“, „Eigene_Leistung“.',
    ]);
    const pattern = readObdsFile(encode(lungFile.replace('<T>2a</T>', '<T>zz</T>')));
    expect(pattern.ok ? [] : pattern.errors.map(schemaErrorText)).toEqual([
      'Zeile 6, Element „T“: Der Wert „zz“ hat nicht das vorgeschriebene Format ((is.*)|([a01234X].*)).',
    ]);
  });

  it('refuses a value outside the schema’s set and a file that is no XML', () => {
    const wrongCode = readObdsFile(encode(lungFile.replace('<Therapieart>CI</Therapieart>', '<Therapieart>QQ</Therapieart>')));
    expect(wrongCode.ok ? [] : wrongCode.errors.map(schemaErrorText)).toEqual([
      expect.stringMatching(/Element „Therapieart“: Der Wert „QQ“ ist nicht zulässig; erlaubt sind 'CH', 'HO'/),
    ]);
    const broken = readObdsFile(encode('<oBDS><Absender></oBDS>'));
    expect(broken).toEqual({
      ok: false,
      errors: [{ line: 1, element: null, message: 'Das Element „Absender“ wird mit „oBDS“ geschlossen.' }],
    });
  });
});
