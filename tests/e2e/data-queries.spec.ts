/**
 * Queries and verification flags across two browser contexts (issue 11): a physician raises a field query,
 * a data manager sees it appear live in the query overview and on the dashboard, the query is answered and
 * accepted with every step in its thread; the follow-up restriction refuses a MasterDataManager in the
 * screen and at the server; a verified field whose value changes shows its flag broken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';
import { QueryDialog, QueryOverviewPage } from './pages/data-query-pages.js';
import { GraphQLTraffic } from './pages/graphql-traffic.js';

const browser = useBrowser();
// A patient no other browser test documents: its instruments and visits are this file's own.
const ESSEN = '2002 - Klinikum Essen';
const PATIENT = 'DEMO-2002-2';
const INSTRUMENT = 'Allgemeinzustand (ECOG)';
const ECOG = 'ECOG-Performance-Status';
const TITLE = 'ECOG-Datum fehlt';

async function signIn(userName: string): Promise<Page> {
  const page = await browser.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  await new LocationDialog(page).choose(ESSEN);
  await page.waitForURL('**/home');
  return page;
}

/** Opens the patient's baseline and the performance instrument (creating it with ECOG 1 the first time). */
async function openPerformance(page: Page): Promise<void> {
  const patients = new PatientPages(page);
  await patients.openPatient(PATIENT);
  await patients.visitCard('Baseline').getByRole('link', { name: 'Baseline', exact: true }).click();
  await page.getByRole('heading', { name: 'Baseline', level: 1 }).waitFor();
  const card = patients.instrumentCard(INSTRUMENT);
  const create = card.getByRole('link', { name: `Anlegen: ${INSTRUMENT}` });
  if ((await create.count()) > 0) {
    await create.click();
    await patients.choose(ECOG, '1 Eingeschränkte körperliche Aktivität');
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline', level: 1 }).waitFor();
  }
  await card.getByRole('link', { name: new RegExp(`^(Bearbeiten|Anzeigen): ${INSTRUMENT.replace(/[()]/g, '\\$&')}$`) }).click();
  await page.getByRole('heading', { name: INSTRUMENT, level: 1 }).waitFor();
}

let physician: Page;
let overview: Page;
let dashboard: Page;

beforeAll(async () => {
  [physician, overview, dashboard] = await Promise.all([signIn('physician'), signIn('datamanager'), signIn('datamanager')]);
});

describe('Queries between a physician and a data manager', () => {
  it('a field query raised by the physician appears live for the data manager, is answered and accepted, and its thread shows each step', async () => {
    // Given the data manager watches the query overview and the dashboard
    const queries = new QueryOverviewPage(overview);
    await queries.open();
    await dashboard.getByRole('heading', { name: 'Meine letzten Queries' }).waitFor();

    // When the physician raises a query on the ECOG field of the performance instrument
    await openPerformance(physician);
    await physician.getByRole('button', { name: `Query stellen zu ${ECOG}` }).click();
    const fieldDialog = new QueryDialog(physician);
    await physician.getByRole('dialog', { name: `Queries: Feld ${ECOG}` }).waitFor();
    await fieldDialog.raise({ type: 'Fehlende Angabe', title: TITLE, text: 'Bitte das Datum der Erhebung ergänzen.' });
    await fieldDialog.card(TITLE).waitFor();
    await fieldDialog.close();
    await physician.getByRole('button', { name: `Queries zu ${ECOG}: 1 offen, 1 insgesamt` }).waitFor();

    // Then the data manager sees it in the overview and on the dashboard without reloading
    await queries.queryButton(TITLE).waitFor();
    await dashboard
      .getByRole('region', { name: 'Meine letzten Queries' })
      .getByRole('button', { name: `Query öffnen: ${TITLE}` })
      .waitFor();

    // When the physician answers it
    await physician.getByRole('button', { name: `Queries zu ${ECOG}: 1 offen, 1 insgesamt` }).click();
    await fieldDialog.act(TITLE, 'Beantworten', 'Erhebung am 02.11.2026, Datum wird nachgetragen.');
    await expect.poll(() => fieldDialog.card(TITLE).innerText()).toContain('In Prüfung');

    // And the data manager accepts the answer from the overview
    await queries.queryButton(TITLE).click();
    const overviewDialog = overview.getByRole('dialog', { name: `Queries: ${TITLE}` });
    await overviewDialog.getByRole('button', { name: `Akzeptieren: ${TITLE}` }).waitFor();
    await new QueryDialog(overview).act(TITLE, 'Akzeptieren');

    // Then the thread shows each step with who, in which role, the text and the status it left
    const thread = () => new QueryDialog(overview).thread(TITLE);
    await expect.poll(async () => (await thread()).length).toBe(3);
    const steps = await thread();
    // People by display name, then the role they acted in (issue 26)
    expect(steps[0]).toMatch(/^Gestellt Dr\. Paul Arzt \(Arzt\), Rolle Arzt, /);
    expect(steps[0]).toContain('Bitte das Datum der Erhebung ergänzen.');
    expect(steps[0]).toContain('Status danach: Offen');
    expect(steps[1]).toMatch(/^Beantwortet Dr\. Paul Arzt \(Arzt\), Rolle Arzt, /);
    expect(steps[1]).toContain('Erhebung am 02.11.2026, Datum wird nachgetragen.');
    expect(steps[1]).toContain('Status danach: In Prüfung');
    expect(steps[2]).toMatch(/^Akzeptiert Dora Daten \(Datenmanager\), Rolle Datenmanager, /);
    expect(await new QueryDialog(overview).card(TITLE).innerText()).toContain('Gestellt von Dr. Paul Arzt (Arzt) am ');
    expect(steps[2]).toContain('Status danach: Geschlossen');
    // And the physician's dialog follows live: the query is closed there too
    await expect.poll(() => fieldDialog.thread(TITLE)).toHaveLength(3);
    expect(await fieldDialog.card(TITLE).innerText()).toContain('Geschlossen');
  });

  it('names the field and its instrument in the overview and opens the form at the field from there (issue 26)', async () => {
    // Given the accepted query of the first test in the data manager's overview
    const queries = new QueryOverviewPage(overview);
    await queries.open();
    const subject = `${ECOG} in ${INSTRUMENT}`;
    const row = overview.getByRole('row').filter({ has: queries.queryButton(TITLE) });
    // Then its subject names the field in its instrument, in the card too
    const link = row.getByRole('link', { name: subject });
    await link.waitFor();
    for (const width of [1280, 800]) {
      await overview.setViewportSize({ width, height: 900 });
      await overview.screenshot({ path: `test-results/query-overview-subject-${width}.png`, fullPage: true, animations: 'disabled' });
    }
    await queries.queryButton(TITLE).click();
    const dialog = overview.getByRole('dialog', { name: `Queries: ${TITLE}` });
    await dialog.getByText(`Bezug: ${subject}`).waitFor();
    await overview.screenshot({ path: 'test-results/query-dialog-subject-800.png', animations: 'disabled' });
    await overview.setViewportSize({ width: 1280, height: 900 });
    await overview.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // When the data manager follows the link
    await link.click();

    // Then the instrument's form opens with the focus in the ECOG field
    await overview.getByRole('heading', { name: INSTRUMENT, level: 1 }).waitFor();
    expect(new URL(overview.url()).searchParams.get('field')).toBeTruthy();
    await expect.poll(() => overview.evaluate(() => document.activeElement?.closest('[data-field-id]')?.textContent ?? '')).toContain(ECOG);
  });

  it('holds the query texts to the server’s limits while typing', async () => {
    await openPerformance(physician);
    await physician.getByRole('button', { name: new RegExp(`^Queries zu ${ECOG}: `) }).click();
    const form = physician.getByRole('dialog', { name: /^Queries: / }).getByRole('form', { name: 'Neue Query' });
    expect(await form.getByLabel('Titel').getAttribute('maxlength')).toBe('200');
    const text = form.getByLabel('Text');
    expect(await text.getAttribute('maxlength')).toBe('4000');
    await text.fill('x'.repeat(4100));
    expect((await text.inputValue()).length).toBe(4000);
    await new QueryDialog(physician).close();
  });

  it('after 2025-05-01 a MasterDataManager is refused a plausibility query on a follow-up visit, in the screen and by the server', async () => {
    // Given a follow-up visit of a patient with a baseline
    const patients = new PatientPages(physician);
    await patients.openPatient(PATIENT);
    await patients.newVisit('Follow-up');
    await physician.getByRole('heading', { name: 'Neue Visite: Follow-up' }).waitFor();
    await patients.fillDate('Datum der Follow-up-Visite', { day: '20', month: '11', year: '2026' });
    await patients.save();
    await physician.getByRole('heading', { name: 'Follow-up', level: 1, exact: true }).waitFor();
    const followUpPath = new URL(physician.url()).pathname;

    // When the MasterDataManager opens its queries
    const master = await signIn('masterdatamanager');
    await master.goto(new URL(followUpPath, physician.url()).toString());
    await master.getByRole('heading', { name: 'Follow-up', level: 1, exact: true }).waitFor();
    await master.getByRole('button', { name: 'Queries', exact: true }).click();
    const dialog = new QueryDialog(master);
    await dialog.dialog.waitFor();

    // Then the screen says why, in German, and does not offer to send
    const form = dialog.dialog.getByRole('form', { name: 'Neue Query' });
    expect(await form.getByLabel('Query-Typ').locator('option:checked').innerText()).toBe('Plausibilitätsprüfung');
    expect(await form.getByRole('alert').innerText()).toContain('Seit dem 01.05.2025');
    expect(await form.getByRole('button', { name: 'Query stellen' }).isDisabled()).toBe(true);

    // And the server refuses the same query sent directly
    const visitId = decodeURIComponent(followUpPath.split('/').at(-1) ?? '');
    const answer = await new GraphQLTraffic(master).graph<{
      createDataQuery: { dataQuery: unknown; errors: { code: string; message: string }[] };
    }>(`mutation ($input: CreateDataQueryInput!) { createDataQuery(input: $input) { dataQuery { id } errors { code message } } }`, {
      input: { subjectId: visitId, queryTypeIdentifier: 'plausibility', title: 'Plausibilität', text: 'Bitte prüfen.' },
    });
    expect(answer.createDataQuery.dataQuery).toBeNull();
    expect(answer.createDataQuery.errors[0]?.code).toBe('QUERY_ACTION_REFUSED');
    expect(answer.createDataQuery.errors[0]?.message).toContain('01.05.2025');
  });

  it('a verified field whose value changes shows its flag as broken', async () => {
    // Given the data manager verifies the ECOG value at the source
    await openPerformance(overview);
    const toggle = overview.getByRole('checkbox', { name: `Quelldaten verifiziert: ${ECOG}` });
    // The box follows the stored flag: it is ticked once the server has saved it.
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const flags = overview.getByRole('main');
    await expect.poll(() => flags.innerText()).toContain('Verifiziert');

    // When the physician changes the value
    await openPerformance(physician);
    const patients = new PatientPages(physician);
    await patients.choose(ECOG, '2 Selbstversorgung, nicht arbeitsfähig');
    const reason = physician.getByLabel('Grund der Änderung');
    if ((await reason.count()) > 0) await reason.fill('Neue Erhebung');
    await patients.save();
    await physician.getByRole('heading', { name: 'Baseline', level: 1 }).waitFor();

    // Then the data manager's open form shows the flag broken, without reloading
    await expect.poll(() => flags.innerText()).toContain('Verifizierung gebrochen');
    expect(await toggle.isChecked()).toBe(false);
  });
});
