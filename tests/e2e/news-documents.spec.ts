/**
 * News and documents (issue 13): after the network office publishes release notes, a physician is forwarded to
 * the news on signing in (after choosing the location, once); an editor uploads a new version of the
 * documentation guide and a physician downloads exactly the file that was uploaded.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { demoDocumentFile, readDemoNews } from '../support/demo-news.js';
import { AppShell } from './pages/app-shell.js';
import { GraphQLTraffic } from './pages/graphql-traffic.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { NewsDocumentsPage, NewsRedirectDialog } from './pages/news-documents-page.js';

const browser = useBrowser();
const COLOGNE = '1001 - Universitätsklinikum Köln';
let releaseNotes: Buffer;

beforeAll(async () => {
  releaseNotes = await demoDocumentFile(inject('backendUrl'), 'release-1.30.6');
});
// The news published here are unread for every demo user: the files that follow start on the dashboard again.
afterAll(() => readDemoNews(inject('backendUrl')));

async function signIn(userName: string, location?: string): Promise<Page> {
  const page = await browser.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  if (location) await new LocationDialog(page).choose(location);
  await page.waitForURL('**/home');
  return page;
}

async function openFromSidebar(page: Page, entry: string, heading: string): Promise<NewsDocumentsPage> {
  await new AppShell(page).sidebar.getByRole('link', { name: entry }).click();
  const documents = new NewsDocumentsPage(page);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return documents;
}

describe('After an update the news come first', () => {
  it('forwards a physician to the news once after signing in, after the location is chosen', async () => {
    // Given the network office publishes the release notes of the next version
    const office = await signIn('adminnngm');
    const news = await openFromSidebar(office, 'Dokumente: News', 'News');
    const title = 'eCRF-Version 1.30.7: Was ist neu?';
    await news.upload(
      'News hochladen',
      { title, identifier: 'release-1.30.7', description: 'Versionshinweise zum Update.', tags: 'Release, Version 1.30.7' },
      { name: 'Versionshinweise-eCRF-1.30.7.pdf', mimeType: 'application/pdf', buffer: releaseNotes },
    );
    await news.row(title).waitFor();

    // When the physician signs in, the location comes first
    const page = await browser.newPage();
    const login = new LoginPage(page);
    const location = new LocationDialog(page);
    const redirect = new NewsRedirectDialog(page);
    await login.open();
    await login.signIn('physician');
    await location.dialog.waitFor();
    expect(await redirect.dialog.count()).toBe(0);
    await location.choose(COLOGNE);

    // Then I am told the eCRF was updated and, on OK, I read the news
    await redirect.dialog.waitFor();
    expect(await redirect.dialog.innerText()).toContain('Das eCRF wurde aktualisiert. Mit OK werden Sie zum Bereich News weitergeleitet');
    await redirect.confirm();
    await page.waitForURL('**/newsDocuments');
    const list = new NewsDocumentsPage(page);
    await list.row(title).waitFor();
    expect(await list.row(title).innerText()).toContain('Version 1');

    // And when I sign in again, the news are read and the dashboard stays mine
    await new AppShell(page).signOut();
    const traffic = new GraphQLTraffic(page);
    await login.signIn('physician');
    await location.choose(COLOGNE);
    await page.waitForURL('**/home');
    await expect.poll(async () => (await traffic.sentOperations()).includes('NewsRedirectDialogQuery')).toBe(true);
    expect(await redirect.dialog.count()).toBe(0);
  });
});

describe('Documents keep their versions', () => {
  it('an editor uploads a new edition of the guide and a physician downloads exactly that file', async () => {
    const guide = 'Leitfaden zur Dokumentation im nNGM-Lungenkrebsregister';
    const edition = Buffer.concat([releaseNotes, Buffer.from('\n% Leitfaden, 2. Auflage\n')]);

    // Given the editor opens the documents and finds the guide in its first version
    const editor = await signIn('adminnngm');
    const documents = await openFromSidebar(editor, 'Dokumente: Dokumente', 'Dokumente');
    expect(await documents.row(guide).innerText()).toContain('Version 1');

    // When the editor uploads the second edition as a new version
    await documents.uploadNewVersion(guide, { name: 'Leitfaden-2-Auflage.pdf', mimeType: 'application/pdf', buffer: edition });

    // Then the guide shows version 2
    await editor.getByText(`Version 2 von „${guide}“ hochgeladen`).waitFor();
    await expect.poll(() => documents.row(guide).innerText()).toContain('Version 2');

    // When a physician downloads the guide, the file is the one uploaded
    const reader = await signIn('physician', COLOGNE);
    const readerDocuments = await openFromSidebar(reader, 'Dokumente: Dokumente', 'Dokumente');
    const file = await readerDocuments.download(guide);
    expect(file.fileName).toBe('Leitfaden-2-Auflage.pdf');
    expect(file.content.equals(edition)).toBe(true);
  });
});
