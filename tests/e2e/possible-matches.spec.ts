/**
 * The clerical review list of possible matches (issue 17 item 6): a near-duplicate registered tentatively shows
 * beside the stored patient for the data manager, who keeps the two apart with a reason, and the pair leaves the
 * list. The e2e services use the default matcher (Fellegi–Sunter); the pair below is one it rates a possible match.
 */
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { GraphQLTraffic } from './pages/graphql-traffic.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PossibleMatchesPage } from './pages/possible-matches-page.js';

const browser = useBrowser();

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
// A fresh person per run: the service keeps every registered identity.
const martha = {
  lastName: `Kessler${word(6)}`,
  firstName: `Martha${word(3)}`,
  birthDate: '1961-05-12',
  gender: 'FEMALE',
  street: 'Huyssenallee 5',
  zip: '45127',
  city: 'Essen',
  insuranceStatus: 'NONE',
};
// Same names, day and month of birth, another birth year and another city: a possible match, not a definite one.
const marthaInBerlin = { ...martha, birthDate: '1968-05-12', street: 'Chausseestraße 9', zip: '10115', city: 'Berlin' };

const REGISTER = `mutation ($input: RegisterPatientInput!) {
  registerPatient(input: $input) { studyPatient { pseudonym } errors { code } }
}`;
type Registered = { registerPatient: { studyPatient: { pseudonym: string } | null; errors: { code: string }[] } };

/** Registers through the graph with the page's session, as an integrator would. */
async function register(traffic: GraphQLTraffic, identity: typeof martha, confirmNewPatient: boolean) {
  const { viewer } = await traffic.graph<{ viewer: { locations: { id: string; study: { id: string } }[] } }>(
    '{ viewer { locations { id study { id } } } }',
  );
  const location = viewer.locations[0];
  const input = { studyId: location?.study.id, locationId: location?.id, identity, confirmNewPatient };
  return (await traffic.graph<Registered>(REGISTER, { input })).registerPatient;
}

describe('A data manager reviews the possible matches (issue 17)', () => {
  let page: Page;
  let original = '';
  let tentative = '';

  beforeAll(async () => {
    page = await browser.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('datamanager');
    await new LocationDialog(page).choose('3003 - Thoraxklinik Heidelberg');
    await page.waitForURL('**/home');
    const traffic = new GraphQLTraffic(page);
    original = (await register(traffic, martha, false)).studyPatient?.pseudonym ?? '';
    // The service calls the second registration a possible match; confirmed, it is stored tentatively.
    expect((await register(traffic, marthaInBerlin, false)).errors.map((error) => error.code)).toEqual(['MAINZELLISTE_UNSURE_MATCH']);
    tentative = (await register(traffic, marthaInBerlin, true)).studyPatient?.pseudonym ?? '';
    expect([original, tentative]).not.toContain('');
  });

  it('sees both identities side by side and keeps the two people apart with a reason', async () => {
    // When I open "Mögliche Dubletten" from the sidebar
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Mögliche Dubletten' }).click();
    const review = new PossibleMatchesPage(page);
    await review.heading.waitFor();

    // Then I see the new patient beside the stored one
    const pair = review.pair(tentative, original);
    await pair.waitFor();
    expect(await review.row(pair, 'Nachname')).toEqual([martha.lastName, martha.lastName]);
    expect(await review.row(pair, 'Vorname')).toEqual([martha.firstName, martha.firstName]);
    expect(await review.row(pair, 'Geburtsdatum')).toEqual(['12.05.1968', '12.05.1961']);
    expect(await review.row(pair, 'Geschlecht')).toEqual(['weiblich', 'weiblich']);
    expect(await review.row(pair, 'Pseudonym')).toEqual([tentative, original]);

    // When I decide they are different people, giving the reason
    await review.decide(pair, 'Verschiedene Personen', 'Andere Geburtsdaten, Auskunft der Station');

    // Then the pair leaves the list, also when the screen is loaded again
    await pair.waitFor({ state: 'detached' });
    await review.open();
    await page
      .getByRole('main')
      .getByText(/mögliche Dublette|Keine möglichen Dubletten zu prüfen\./)
      .first()
      .waitFor();
    expect(await review.pair(tentative, original).count()).toBe(0);
  });
});
