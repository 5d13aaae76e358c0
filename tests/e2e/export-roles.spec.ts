/**
 * Issue 26 item 2: every role reaches every export the server lets it start. For each demo role the graph says
 * which kinds it may start (`exportKinds` canStart); where it may, the sidebar shows the entry, and the screen
 * starts the export, follows it to completion and downloads its file. Roles without a location (researcher,
 * evaluation) choose the study on the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { downloadWhenCompleted, graph, sessionToken, startedFileName } from './pages/export-files.js';
import { demoPassword } from './pages/login-page.js';
import { DEMO_ROLES, signInAs } from './pages/sign-in.js';

const browser = useBrowser();
const DEFINITION = `Rollenexport ${Date.now()}`;

type Kind = { kind: string; canStart: boolean; canSeeFiles: boolean };

/** The parameters a kind cannot start without (the changes export's first day). */
const REQUIRED_DATES: Record<string, Record<string, string>> = { CHANGES_EXPORT: { Von: '2025-01-01' } };

/** A generic export definition for the roles that run them (made by project management, as on its screen). */
beforeAll(async () => {
  const signIn = await graph<{ signIn: { session: { token: string } } }>(
    null,
    'mutation ($input: SignInInput!) { signIn(input: $input) { session { token } } }',
    { input: { userName: 'pmnngm', password: demoPassword } },
  );
  const token = signIn.signIn.session.token;
  const { instituteOverview } = await graph<{ instituteOverview: { edges: { node: { location: { study: { id: string } } } }[] } }>(
    token,
    '{ instituteOverview(first: 1) { edges { node { location { study { id } } } } } }',
  );
  const studyId = instituteOverview.edges[0]?.node.location.study.id;
  const { genericExportDataProviderItems: items } = await graph<{ genericExportDataProviderItems: { key: string }[] }>(
    token,
    'query ($studyId: ID!) { genericExportDataProviderItems(studyId: $studyId) { key } }',
    { studyId },
  );
  await graph(
    token,
    'mutation ($input: CreateGenericExportDefinitionInput!) { createGenericExportDefinition(input: $input) { errors { message } } }',
    { input: { studyId, name: DEFINITION, items: items.slice(0, 2).map((item) => item.key), outputFormat: 'CSV' } },
  );
});

async function startEach(page: Page, kinds: string[]): Promise<void> {
  const files = page.getByRole('table', { name: 'Exportdateien' });
  for (const kind of kinds) {
    const fileName = await startedFileName(page, async () => {
      await page.getByLabel('Exportart').selectOption(kind);
      for (const [label, day] of Object.entries(REQUIRED_DATES[kind] ?? {})) await page.getByLabel(new RegExp(`^${label}\\b`)).fill(day);
      await page.getByRole('button', { name: 'Export starten' }).click();
    });
    const file = await downloadWhenCompleted(page, files, fileName);
    expect(file.name, kind).toBe(fileName);
    expect(file.content.length, kind).toBeGreaterThan(0);
  }
}

async function runDefinition(page: Page): Promise<void> {
  const definitions = page.getByRole('table', { name: 'Konfiguration: Exporte' });
  await definitions.getByRole('button', { name: new RegExp(`^(Bearbeiten|Anzeigen): ${DEFINITION}$`) }).click();
  const fileName = await startedFileName(page, () =>
    page.getByRole('button', { name: `Exportdefinition „${DEFINITION}“ jetzt ausführen` }).click(),
  );
  const runs = page.getByRole('region', { name: `Ausführungen von „${DEFINITION}“` });
  const file = await downloadWhenCompleted(page, runs.getByRole('table'), fileName);
  expect(file.name).toBe(fileName);
}

describe('Every role reaches every export the server allows it (issue 26 item 2)', () => {
  it.each(DEMO_ROLES)('%s', { timeout: 600_000 }, async (role) => {
    const page = await browser.newPage();
    await signInAs(page, role.toLowerCase());
    const { exportKinds } = await graph<{ exportKinds: Kind[] }>(await sessionToken(page), '{ exportKinds { kind canStart canSeeFiles } }');
    const startable = exportKinds.filter((kind) => kind.canStart && kind.kind !== 'GENERIC_EXPORT').map((kind) => kind.kind);
    const runsGeneric = exportKinds.some((kind) => kind.canStart && kind.kind === 'GENERIC_EXPORT');
    const seesFiles = exportKinds.some((kind) => kind.canSeeFiles && kind.kind !== 'GENERIC_EXPORT');
    const shell = new AppShell(page);
    const entries = await shell.sidebarEntries();

    expect(entries.includes('Exporte'), 'Exporte').toBe(startable.length > 0 || seesFiles);
    if (startable.length > 0) {
      await shell.sidebar.getByRole('link', { name: 'Exporte', exact: true }).click();
      await page.getByRole('heading', { name: 'Exporte', level: 1 }).waitFor();
      const offered = await page
        .getByLabel('Exportart')
        .locator('option:not([disabled])')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(offered.sort()).toEqual([...startable].sort());
      await startEach(page, startable);
    }
    if (runsGeneric) {
      expect(entries).toContain('Konfiguration: Exporte');
      await shell.sidebar.getByRole('link', { name: 'Konfiguration: Exporte' }).click();
      await page.getByRole('heading', { name: 'Konfiguration: Exporte', level: 1 }).waitFor();
      await runDefinition(page);
    }
    expect(await page.locator('body').innerText()).not.toMatch(/Es ist noch keine Studie gewählt|kein Standort mit einer Studie/);
    await page.context().close();
  });
});
