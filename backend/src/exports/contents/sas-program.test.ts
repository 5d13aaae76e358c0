import { describe, expect, it } from 'vitest';
import { sasProgram } from './sas-program.js';
import { sasNamer } from './sas-names.js';

const patients = {
  name: 'patients',
  columns: [
    { key: 'patient_id', label: 'Patienten-ID', type: 'string' },
    { key: 'registration_date', label: 'Registrierungsdatum', type: 'date' },
    { key: 'created_at', label: 'Angelegt am', type: 'datetime' },
    { key: 'pack_years', label: 'Packungsjahre "PY"', type: 'number' },
    { key: 'is_diginet', label: 'DigiNet-Standort', type: 'boolean' },
  ],
} as const;

describe('SAS program of the SAS export', () => {
  it('reads each CSV with INFILE and INPUT, informats and formats by type and the labels', () => {
    const program = sasProgram([patients]);
    expect(program).toContain('%let path = .;');
    expect(program).toContain(
      `DATA patients;\n  INFILE "&path/patients.csv" DLM=';' DSD MISSOVER FIRSTOBS=2 LRECL=1000000 ENCODING='utf-8' TERMSTR=CRLF;`,
    );
    expect(program).toContain(
      '  INFORMAT\n    patient_id $char2000.\n    registration_date yymmdd10.\n    created_at e8601dt23.3\n    pack_years best32.\n    is_diginet $char5.;',
    );
    expect(program).toContain('  FORMAT\n    patient_id $char2000.\n    registration_date yymmdd10.\n    created_at e8601dt23.3');
    expect(program).toContain('  INPUT\n    patient_id\n    registration_date\n    created_at\n    pack_years\n    is_diginet;');
    expect(program).toContain('    pack_years = "Packungsjahre ""PY"""\n    is_diginet = "DigiNet-Standort";');
    expect(program).toContain(`_ecrf_text{_ecrf_i} = PRXCHANGE("s/^'(?='*[=+\\-@\\t\\r])//", 1, _ecrf_text{_ecrf_i});`);
    expect(program.trimEnd().endsWith('RUN;')).toBe(true);
  });

  it('makes each text variable as wide as its longest text when written after the data, at most 32767 bytes', () => {
    const widths = new Map([
      ['patients', new Map([['patient_id', 12]])],
      ['visits', new Map([['visit', 40_000]])],
      ['empty', new Map<string, number>()],
    ]);
    const long = { name: 'visits', columns: [{ key: 'visit', label: 'Visite', type: 'string' as const }] };
    const program = sasProgram([patients, long, { ...long, name: 'empty' }], widths);
    expect(program).toContain('  INFORMAT\n    patient_id $char12.\n');
    expect(program).toContain('  FORMAT\n    visit $char32767.;');
    expect(program).toContain('  INFORMAT\n    visit $char1.;');
    expect(program).toContain(`INFILE "&path/visits.csv" DLM=';' DSD MISSOVER FIRSTOBS=2 LRECL=1000000`);
  });

  it('writes one DATA step per table with columns, in order, and cuts labels to 256 characters', () => {
    const long = { name: 'visits', columns: [{ key: 'visit', label: 'x'.repeat(300), type: 'string' as const }] };
    const program = sasProgram([patients, { name: 'empty', columns: [] }, long]);
    expect(program.match(/^DATA /gm)).toHaveLength(2);
    expect(program.indexOf('DATA patients;')).toBeLessThan(program.indexOf('DATA visits;'));
    expect(program).toContain(`    visit = "${'x'.repeat(256)}";`);
  });
});

describe('SAS names', () => {
  it('keeps letters, digits and _, at most 32 characters, unique regardless of case', () => {
    const name = sasNamer();
    expect(name('tnm.t')).toBe('tnm_t');
    expect(name('1st-line')).toBe('_1st_line');
    expect(name('TNM_T')).toBe('TNM_T_2');
    const long = 'systemic_therapy_therapy_lines_line_no';
    expect(name(long)).toBe(long.slice(0, 32));
    expect(name(long)).toBe(`${long.slice(0, 30)}_2`);
  });
});
