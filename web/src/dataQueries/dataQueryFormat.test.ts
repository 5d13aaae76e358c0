import { describe, expect, it } from 'vitest';
import { allowedActions, countQueries, refusalMessage, refusalNotes, subjectText, type ViewerCan } from './dataQueryFormat';

const no = (reason: string) => ({ allowed: false, reason });
const viewerCan: ViewerCan = {
  answer: { allowed: true, reason: null },
  accept: no('ROLE_NOT_ALLOWED'),
  edit: no('FOLLOW_UP_RESTRICTION'),
  solve: no('WRONG_STATUS'),
  defer: no('MISSING_RIGHT'),
  revoke: no('WRONG_STATUS'),
};

describe('query format', () => {
  it('counts the queries still needing someone: open, pending and deferred', () => {
    expect(
      countQueries([
        { status: 'OPEN' },
        { status: 'PENDING' },
        { status: 'INVISIBLE' },
        { status: 'CLOSED' },
        { status: 'NO_LONGER_RELEVANT' },
      ]),
    ).toEqual({
      unresolved: 3,
      total: 5,
    });
  });

  it('lists the allowed actions', () => {
    expect(allowedActions(viewerCan)).toEqual(['answer']);
  });

  it('groups the refusals a user could act on by reason, in German', () => {
    expect(refusalNotes(viewerCan)).toEqual([
      { actions: 'Ändern', message: refusalMessage('FOLLOW_UP_RESTRICTION') },
      { actions: 'Lösen, Zurückziehen', message: 'Im aktuellen Status des Queries ist diese Aktion nicht möglich.' },
    ]);
    expect(refusalMessage('FOLLOW_UP_RESTRICTION')).toContain('01.05.2025');
    expect(refusalMessage('SOMETHING_NEW')).toBeNull();
  });
});

describe('the subject of a query by name', () => {
  it('names a field with its form, a form and a visit, and the kind without a name', () => {
    expect(subjectText('DATA_FIELD', 'ECOG-Performance-Status', 'Allgemeinzustand (ECOG)')).toBe(
      'ECOG-Performance-Status in Allgemeinzustand (ECOG)',
    );
    expect(subjectText('DATA_FIELD', 'Geschlecht', null)).toBe('Geschlecht');
    expect(subjectText('INSTRUMENT', null, 'TNM und UICC-Stadium')).toBe('TNM und UICC-Stadium');
    expect(subjectText('VISIT', null, 'Baseline')).toBe('Visite Baseline');
    expect(subjectText('DATA_FIELD', null, null)).toBe('Feld');
    expect(subjectText('LOCATION', null, null)).toBe('Standort');
  });
});
