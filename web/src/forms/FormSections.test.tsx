import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { C, evalOf, fieldDef, notOf, ruleOf } from '@ecrf/rules/test-utils';
import { renderForm } from './formTestKit';

const required = () => ruleOf('RequiredField', null);
const status = { valueType: 'enum', enumValueSetIdentifier: 'yes_no' };

/** A small CRF: plain fields, a panel of three yes/no fields with a number, and a list. */
const panelForm = [
  fieldDef('diag_date', 'TableEntry', 10, { settings: { valueType: 'date' }, rules: [required()] }),
  fieldDef('icd10', 'TableEntry', 20, { rules: [required()] }),
  fieldDef('stage', 'Table', 30),
  fieldDef('t', 'TableEntry', 10, { parent: 'stage', settings: status, rules: [required()] }),
  fieldDef('n', 'TableEntry', 20, { parent: 'stage', settings: status }),
  fieldDef('m', 'TableEntry', 30, { parent: 'stage', settings: status }),
  fieldDef('pdl1_tps', 'TableEntry', 40, { parent: 'stage', settings: { valueType: 'number', unit: '%' } }),
  fieldDef('therapy_lines', 'List', 40),
  fieldDef('therapy_line', 'ListEntry', 10, { parent: 'therapy_lines' }),
  fieldDef('line_no', 'TableEntry', 10, { parent: 'therapy_line' }),
];

// jsdom lays nothing out and has no scrolling; the browser test scrolls for real.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const navigation = () => screen.getByRole('navigation', { name: 'Abschnitte' });
const summary = () => screen.queryByRole('region', { name: 'Fehlende Pflichtfelder' });

describe('Sections, missing fields and grids of a long form (issue 18)', () => {
  it('lists the sections with their states and follows the input', async () => {
    const s = renderForm(panelForm);
    const items = () =>
      within(navigation())
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()).toEqual(['Allgemeine Angaben2 Pflichtfelder offen', 'Stadium1 Pflichtfeld offen', 'TherapielinienLeer']);
    await s.user.type(screen.getByLabelText(/^ICD-10/), 'C34.1');
    await s.user.type(within(screen.getByRole('group', { name: /^Diagnosedatum/ })).getByLabelText('Jahr'), '2024');
    await s.user.click(screen.getByRole('radio', { name: 'T: Ja' }));
    expect(items()).toEqual(['Allgemeine AngabenVollständig', 'StadiumVollständig', 'TherapielinienLeer']);
    expect(screen.getByRole('region', { name: 'Stadium' })).toBeTruthy();
  });

  it('links every missing required field and drops it once filled; the links move the focus to the field', async () => {
    const s = renderForm(panelForm);
    const links = () =>
      within(summary() ?? document.body)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links()).toEqual(['Diagnosedatum', 'ICD-10', 'T']);
    await s.user.click(within(summary() ?? document.body).getByRole('link', { name: 'ICD-10' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^ICD-10/));
    await s.user.keyboard('C34.1');
    expect(links()).toEqual(['Diagnosedatum', 'T']);
  });

  it('shows a table of three fields of one value set as a radio grid and keeps its number field', async () => {
    const s = renderForm(panelForm);
    const grid = within(screen.getByRole('region', { name: 'Stadium' })).getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ja', 'Nein', 'Keine Angabe']);
    await s.user.click(within(grid).getByRole('radio', { name: 'N: Nein' }));
    expect(s.instancesOf('f-n')[0]?.values).toEqual([{ value: 'no' }]);
    await s.user.click(within(grid).getByRole('radio', { name: 'N: Keine Angabe' }));
    expect(s.instancesOf('f-n')[0]?.values).toEqual([]);
    expect(screen.getByLabelText('PD-L1 TPS')).toBeTruthy();
  });

  it('keeps a form of plain fields in one piece, without a navigation', () => {
    renderForm(panelForm.slice(0, 2));
    expect(screen.queryByRole('navigation', { name: 'Abschnitte' })).toBeNull();
  });

  it('shows a redirect whose condition reads an instrument as a link to it', async () => {
    // One of the two holds, whether Erika's diagnosis is coded or not; both read the baseline diagnosis.
    const redirects = [
      ruleOf('Redirect', evalOf(C.diagnosisCoded), { displayKey: 'Bitte die Diagnose prüfen' }),
      ruleOf('Redirect', notOf(evalOf(C.diagnosisCoded)), { displayKey: 'Bitte die Diagnose prüfen' }),
    ];
    const s = renderForm([fieldDef('icd10', 'TableEntry', 10, { rules: redirects })], [], {
      redirectHref: (target) => `/instrument/${target.instrument}/in/${target.visit ?? ''}`,
    });
    expect(screen.queryByRole('link', { name: 'Bitte die Diagnose prüfen' })).toBeNull();
    await s.user.type(screen.getByLabelText('ICD-10'), 'C34.1');
    expect(screen.getByRole('link', { name: 'Bitte die Diagnose prüfen' }).getAttribute('href')).toBe('/instrument/diagnosis/in/baseline');
  });
});
