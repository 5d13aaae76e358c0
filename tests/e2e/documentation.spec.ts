import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { DocumentationPage } from './pages/documentation-page.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
});

describe('An administrator downloads the documentation of the demo registry (ecrf-calls.md "Documentation")', () => {
  it('generates the functional design and the eCRF as PDFs in German', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('adminmedsyn');
    await page.waitForURL('**/home');

    // When I open "Dokumente: Documentation" in the sidebar
    const shell = new AppShell(page);
    await shell.sidebar.getByRole('link', { name: 'Dokumente: Documentation' }).click();
    await page.waitForURL('**/documentation');
    const documentation = new DocumentationPage(page);
    await documentation.heading.waitFor();

    // Then the demo registry and its German language are chosen
    expect(await documentation.definitionSelect().locator('option:checked').innerText()).toBe('nNGM Lungenkrebsregister (Version 2)');
    expect(await documentation.languageSelect().locator('option:checked').innerText()).toBe('Deutsch');

    // When I generate the functional design, a PDF is downloaded
    const design = await documentation.generate('Funktionale Spezifikation');
    expect(design.fileName).toBe('nngm_lung-v2-funcionalDesign-de.pdf');
    expect(design.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => page.locator('body').innerText()).toContain('Funktionale Spezifikation wurde erzeugt');

    // When I generate the eCRF, it is listed with the functional design for downloading again
    const form = await documentation.generate('eCRF');
    expect(form.fileName).toBe('nngm_lung-v2-ecrf-de.pdf');
    expect(await documentation.generatedLinks().allInnerTexts()).toEqual([
      'nngm_lung-v2-ecrf-de.pdf',
      'nngm_lung-v2-funcionalDesign-de.pdf',
    ]);
  });

  it('is not offered to a physician', async () => {
    const other = await browser.newPage();
    const login = new LoginPage(other);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(other).choose('1001 - Universitätsklinikum Köln');
    await other.waitForURL('**/home');
    expect(await new AppShell(other).sidebarEntries()).not.toContain('Dokumente: Documentation');
  });
});
