import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  alertText,
  germanServerText,
  SessionExpiredError,
  formatDateTime,
  interpretSignInResult,
  isUnauthenticated,
  passwordChangeOutcome,
  reportForException,
  reportForGraphQLErrors,
  signInExceptionMessage,
} from './errorCatalogue';

describe('GraphQL error reports', () => {
  it('only logs NOT_FOUND', () => {
    expect(reportForGraphQLErrors([{ message: 'missing', extensions: { code: 'NOT_FOUND' } }])).toEqual({
      kind: 'warn',
      message: 'missing',
    });
  });

  it('alerts refusals and outages in German, never with the backend text', () => {
    const report = reportForGraphQLErrors([
      { message: 'nope', extensions: { code: 'NOT_FOUND' } },
      { message: 'missing right UserGetAllCmd', extensions: { code: 'FORBIDDEN' } },
      { message: 'missing right InstituteGetAllCmd', extensions: { code: 'FORBIDDEN' } },
    ]);
    expect(report).toEqual({ kind: 'alert', message: 'Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.' });
    expect(
      reportForGraphQLErrors([{ message: 'backend unreachable: ECONNREFUSED', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }]).message,
    ).toBe('Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.');
    expect(reportForGraphQLErrors([{ message: 'Internal gateway error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]).message).toBe(
      'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    );
  });

  it('keeps the German validation message of input and conflict errors', () => {
    expect(reportForGraphQLErrors([{ message: 'Die Visite wurde inzwischen geändert.', extensions: { code: 'CONFLICT' } }]).message).toBe(
      'Die Visite wurde inzwischen geändert.',
    );
  });

  it('recognises UNAUTHENTICATED', () => {
    expect(isUnauthenticated([{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }])).toBe(true);
    expect(isUnauthenticated([{ message: 'x' }])).toBe(false);
    expect(isUnauthenticated(undefined)).toBe(false);
  });
});

describe('exception reports', () => {
  it('maps a network failure to the connection text', () => {
    expect(reportForException(new NetworkError(new TypeError('Failed to fetch'))).message).toBe(
      'Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.',
    );
  });

  it('maps an expired session to the login text', () => {
    expect(reportForException(new SessionExpiredError()).message).toBe('Ihr Login ist abgelaufen. Bitte melden Sie sich erneut an.');
  });

  it('shows an Error message and serialises unknown values', () => {
    expect(reportForException(new Error('kaputt')).message).toBe('kaputt');
    expect(reportForException({ status: 500 }).message).toBe('{"status":500}');
    expect(reportForException('text').message).toBe('text');
  });
});

describe('sign-in results', () => {
  it('signs in with a session', () => {
    expect(interpretSignInResult({ session: { token: 't', refreshToken: 'r' }, errors: [] })).toEqual({
      kind: 'signedIn',
      token: 't',
      refreshToken: 'r',
    });
  });

  it('says "Kein Token erhalten." without session and errors', () => {
    expect(interpretSignInResult({ session: null, errors: [] })).toEqual({ kind: 'failed', message: 'Kein Token erhalten.' });
  });

  it('maps the user error codes', () => {
    expect(interpretSignInResult({ session: null, errors: [{ code: 'INVALID_CREDENTIALS', message: 'x' }] })).toEqual({
      kind: 'failed',
      message: 'Benutzername oder Passwort ist falsch.',
    });
    expect(interpretSignInResult({ session: null, errors: [{ code: 'ACCOUNT_DEACTIVATED', message: 'x' }] }).kind).toBe('failed');
    const locked = interpretSignInResult({
      session: null,
      errors: [{ code: 'ACCOUNT_LOCKED', message: 'x' }],
      lockedUntil: new Date(2026, 2, 7, 9, 5).toISOString(),
    });
    expect(locked).toEqual({
      kind: 'failed',
      message: 'Ihr Konto ist wegen zu vieler fehlgeschlagener Anmeldeversuche bis 07.03.2026 09:05 gesperrt.',
    });
  });

  it('prefixes a login exception', () => {
    expect(signInExceptionMessage(new Error('timeout'))).toBe('Fehler beim Login aufgetreten: timeout');
  });

  it('formats dates as dd.MM.yyyy HH:mm', () => {
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('31.12.2025 23:59');
    expect(formatDateTime('not a date')).toBeNull();
  });
});

describe('password change outcome', () => {
  it('reports success and appends the sync failure', () => {
    expect(passwordChangeOutcome({ passwordChanged: true, passwordSynchronized: true, errors: [] })).toEqual({
      variant: 'success',
      title: 'Passwortänderung erfolgreich',
      detail: 'Das neue Passwort gilt ab der nächsten Anmeldung.',
    });
    expect(passwordChangeOutcome({ passwordChanged: true, passwordSynchronized: false, errors: [] }).detail).toBe(
      'Das neue Passwort gilt ab der nächsten Anmeldung. Synchronisierung des Passworts nicht erfolgreich.',
    );
  });

  it('reports failure for errors or an exception', () => {
    const failed = {
      variant: 'critical',
      title: 'Passwortänderung fehlgeschlagen',
      detail: 'Bitte überprüfen Sie Ihr eingegebens Passwort.',
    };
    expect(
      passwordChangeOutcome({ passwordChanged: false, passwordSynchronized: false, errors: [{ code: 'WRONG_PASSWORD', message: 'x' }] }),
    ).toEqual(failed);
    expect(passwordChangeOutcome(null)).toEqual(failed);
  });
});

describe('German texts of the server refusals (issue 26 items 3 and 4)', () => {
  it('names the field and the limit of a request validation in German', () => {
    const bad = (message: string) => reportForGraphQLErrors([{ message, extensions: { code: 'BAD_USER_INPUT' } }]).message;
    expect(bad('body/reasonForChange must NOT have more than 2000 characters')).toBe('Grund der Änderung: höchstens 2000 Zeichen');
    expect(bad("body must have required property 'title'")).toBe('Titel: Angabe fehlt');
    expect(bad('body/items must NOT have fewer than 1 items')).toBe('Datenelemente: mindestens 1 Einträge');
    expect(bad('body/unknownThing must NOT have more than 5 characters')).toBe('Eine Angabe: höchstens 5 Zeichen');
  });

  it('keeps the German messages of the server and replaces English and technical ones', () => {
    const conflict = (message: string) => germanServerText(message);
    expect(conflict('Die Visite „Baseline“ ist höchstens 1-mal erlaubt.')).toBe('Die Visite „Baseline“ ist höchstens 1-mal erlaubt.');
    expect(conflict('the visit already has this instrument')).toBe('Diese Visite hat das Instrument bereits.');
    expect(conflict('invalid input syntax for type uuid')).toBe(
      'Die Eingabe wurde nicht angenommen. Bitte prüfen Sie sie und versuchen Sie es erneut.',
    );
  });

  it("adds no alert for Relay's error about a response without data: the network layer has reported it", () => {
    expect(alertText('No data returned for operation `UpdateInstrumentMutation`, got error(s): …')).toBeNull();
    expect(alertText('Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.')).toBe(
      'Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.',
    );
  });
});
