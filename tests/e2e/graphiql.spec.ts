/**
 * GraphiQL for integrators (issue 27 item 5): a signed-in user opens /graphiql, loads one of the web's persisted
 * operations from the explorer's list and runs it. The browser suite's gateway takes only persisted operations from
 * browsers (PERSISTED_OPERATIONS_ONLY_FOR_WEB, tests/support/global-setup.ts): the operation goes by its id and
 * answers with the user's data, while a document typed by hand is refused with PERSISTED_OPERATION_REQUIRED.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();

/** The text of GraphiQL's response pane (its first lines: Monaco renders what is in view), spaces made plain. */
const responseOf = async (page: Page) => (await page.locator('.graphiql-response').innerText()).replace(/\s+/gu, ' ');

describe('GraphiQL', () => {
  it('runs a persisted operation of the web in the user’s session, and refuses a document typed by hand', async () => {
    const page = await browser.newPage();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST') posted.push(request.postData() ?? '');
    });

    // Given a signed-in super administrator
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('superadmin');
    await page.waitForURL((url) => url.pathname !== '/');

    // When they open the explorer and choose the shell's operation from the persisted operations
    await page.goto(`${inject('baseUrl')}/graphiql`);
    await page.getByRole('heading', { name: 'GraphQL-Explorer' }).waitFor();
    await page.getByRole('button', { name: /Gespeicherte Operationen/ }).click();
    await page.getByRole('searchbox', { name: 'Filtern' }).fill('AppShell');
    await page.getByRole('button', { name: 'AppShellQuery', exact: true }).click();
    await page.getByRole('button', { name: /Execute query/ }).click();

    // Then it is sent by its id and answers the shell's data (the pane shows its first lines)
    await expect.poll(() => responseOf(page)).toContain('{ "data": { "viewer": {');
    const sent = JSON.parse(posted.at(-1) ?? '{}') as { doc_id?: string; query?: string };
    expect(sent.doc_id).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.query).toBeUndefined();

    // And a document typed by hand is refused by a gateway that takes only persisted operations from browsers
    await page.locator('.graphiql-query-editor .monaco-editor').first().click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('{ viewer { id } }');
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect.poll(() => responseOf(page)).toContain('PERSISTED_OPERATION_REQUIRED');
    await page.screenshot({ path: 'test-results/graphiql-1280.png' });
    await page.setViewportSize({ width: 800, height: 800 });
    await page.screenshot({ path: 'test-results/graphiql-800.png' });
  });
});
