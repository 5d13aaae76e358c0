/**
 * Issue 26 item 7: WCAG 2.1 AA (BITV 2.0). axe-core finds no serious or critical violation on any route of
 * ecrf-core.md §2, in the main dialogs, or in a documentation form in each of its states.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import {
  ADMINISTRATION_SCREENS,
  documentationScreens,
  ONCOBOX_SCREENS,
  PUBLIC_PAGES,
  shows,
  signIn,
  type Screen,
} from './pages/all-routes.js';
import { seriousViolations } from './pages/axe.js';
import { GraphQLTraffic } from './pages/graphql-traffic.js';

const browser = useBrowser();

/**
 * Where a required mark stands wrongly: an accessible name holding the visible '*', or a field marked '*' whose input
 * does not carry aria-required="true". A group (date parts, radio buttons) is told by aria-required on each of its text
 * inputs, or, where its parts are not each required, by '(Pflichtfeld)' in its name.
 */
async function requiredMarkProblems(root: Locator): Promise<{ marks: number; problems: string[] }> {
  const starred = (await root.ariaSnapshot()).split('\n').filter((line) => /"[^"]*\*[^"]*"/.test(line));
  const { marks, unmarked } = await root.evaluate((element) => {
    const problems: string[] = [];
    let count = 0;
    for (const mark of Array.from(element.querySelectorAll('[aria-hidden="true"]'))) {
      if (mark.textContent?.trim() !== '*') continue;
      count += 1;
      const label = mark.closest('label');
      const legend = mark.closest('legend');
      if (label) {
        const control = label.control;
        if (control && control.getAttribute('aria-required') !== 'true') problems.push(`label ${label.textContent}`);
      } else if (legend?.parentElement) {
        const inputs = Array.from(
          legend.parentElement.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]), select, textarea'),
        );
        const told = inputs.length > 0 && inputs.every((input) => input.getAttribute('aria-required') === 'true');
        if (!told && !legend.textContent?.includes('(Pflichtfeld)')) problems.push(`group ${legend.textContent}`);
      }
    }
    return { marks: count, unmarked: problems };
  });
  return { marks, problems: [...starred.map((line) => `name ${line.trim()}`), ...unmarked] };
}

/** Opens each screen and collects its violations: one failure lists every screen that has any. */
async function violationsOf(page: Page, screens: Screen[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(`${inject('baseUrl')}${screen.path}`);
    await shows(page, screen);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[screen.path] = violations;
  }
  return found;
}

describe('Accessibility (issue 26 item 7)', () => {
  it('the public pages have no serious or critical violation', async () => {
    const page = await browser.newPage();
    const found: Record<string, string[]> = {};
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(`${inject('baseUrl')}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  it('the screens of documentation and data management, and their main dialogs, have none', { timeout: 300_000 }, async () => {
    const page = await browser.newPage();
    await signIn(page, 'datamanager', '3003 - Thoraxklinik Heidelberg');
    const screens = await documentationScreens(new GraphQLTraffic(page));
    const found = await violationsOf(page, screens);

    // The main dialogs: location, account, the queries of a patient
    const patient = screens.find((screen) => screen.operation === 'PatientScreenQuery');
    if (!patient) throw new Error('no patient screen');
    await page.goto(`${inject('baseUrl')}${patient.path}`);
    await shows(page, patient);
    const dialogs: [opener: RegExp, name: RegExp][] = [
      [/^Standort: .* Standortauswahl öffnen$/, /^Standortauswahl$/],
      [/^Benutzerkonto von .* öffnen$/, /^Benutzerkonto$/],
      [/^Queries/, /^Queries: Patient/],
    ];
    for (const [opener, name] of dialogs) {
      await page.getByRole('button', { name: opener }).first().click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[`dialog ${name.source}`] = violations;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(found).toEqual({});
  });

  it('the administration and OncoBox screens have none', { timeout: 120_000 }, async () => {
    const admin = await browser.newPage();
    await signIn(admin, 'adminnngm');
    const oncobox = await browser.newPage();
    await signIn(oncobox, 'adminmedsyn');
    expect({ ...(await violationsOf(admin, ADMINISTRATION_SCREENS)), ...(await violationsOf(oncobox, ONCOBOX_SCREENS)) }).toEqual({});
  });

  it(
    'documents an instrument by keyboard alone; the form has no violation when new, with an error, or saved',
    { timeout: 120_000 },
    async () => {
      const page = await browser.newPage();
      await signIn(page, 'datamanager', '3003 - Thoraxklinik Heidelberg');
      const screens = await documentationScreens(new GraphQLTraffic(page));
      const form = screens.find((screen) => screen.heading === 'Neues Instrument: Tumorkonferenz');
      const saved = screens.find((screen) => screen.heading === 'Tumorkonferenz');
      if (!form || !saved) throw new Error('no tumour board');
      const found: Record<string, string[]> = {};
      const check = async (state: string) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[state] = violations;
      };
      await page.goto(`${inject('baseUrl')}${form.path}`);
      await shows(page, form);
      await check('new');

      // Keyboard only: Tab to the first field of the form, type, Tab on, save with Enter.
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
      const tabTo = async (isTarget: () => Promise<boolean>) => {
        for (let presses = 0; presses < 60 && !(await isTarget()); presses += 1) await page.keyboard.press('Tab');
        expect(await isTarget()).toBe(true);
      };
      const day = page.getByRole('textbox', { name: 'Tag', exact: true });
      await tabTo(() => day.evaluate((input) => input === document.activeElement));
      await page.keyboard.type('45');
      await page.keyboard.press('Tab');
      // The rules' refusal of the date, at the field (rules/src/validators/messages.ts)
      await page
        .getByText(/kein gültiges Datum|gibt es nicht|übergeordneter Teil/)
        .first()
        .waitFor();
      await check('with an error');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('12');
      await page.keyboard.press('Tab');
      await page.keyboard.type('03');
      await page.keyboard.press('Tab');
      await page.keyboard.type('2025');
      const recommendation = page.getByRole('textbox', { name: 'Empfehlung' });
      await tabTo(() => recommendation.evaluate((input) => input === document.activeElement));
      await page.keyboard.type('Operation nach Induktion');
      await tabTo(async () => (await focused()).trim() === 'Speichern');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .getByText(/Gespeichert/)
        .waitFor();
      await page.getByRole('heading', { level: 1, name: 'Patient DEMO-3003-1' }).waitFor();

      await page.goto(`${inject('baseUrl')}${saved.path}`);
      await shows(page, saved);
      await check('saved');
      expect(found).toEqual({});
    },
  );

  it('keeps the required mark out of every accessible name and marks required inputs aria-required', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await signIn(page, 'casemanager', '1001 - Universitätsklinikum Köln');
    // The registration (the patient's master data)
    await page.goto(`${inject('baseUrl')}/patientCreate`);
    const registration = page.getByRole('form', { name: 'Patient anlegen' });
    await registration.waitFor();
    const found: Record<string, string[]> = {};
    const registrationMarks = await requiredMarkProblems(registration);
    expect(registrationMarks.marks).toBeGreaterThan(5);
    if (registrationMarks.problems.length > 0) found['/patientCreate'] = registrationMarks.problems;
    let formMarks = 0;
    expect(await registration.getByRole('textbox', { name: 'Nachname', exact: true }).getAttribute('aria-required')).toBe('true');

    // The documentation forms: the patient's, a visit's, an instrument's
    const documenting = await browser.newPage();
    await signIn(documenting, 'datamanager', '3003 - Thoraxklinik Heidelberg');
    const screens = await documentationScreens(new GraphQLTraffic(documenting));
    const forms = screens.filter(
      (screen) => typeof screen.heading === 'string' && /^(Neues Instrument|Neue Visite|Stammdaten)/.test(screen.heading),
    );
    expect(forms.length).toBeGreaterThan(3);
    for (const form of forms) {
      await documenting.goto(`${inject('baseUrl')}${form.path}`);
      await shows(documenting, form);
      const { marks, problems } = await requiredMarkProblems(documenting.getByRole('main'));
      formMarks += marks;
      if (problems.length > 0) found[form.path] = problems;
    }
    expect(formMarks).toBeGreaterThan(3);
    expect(found).toEqual({});
  });
});
