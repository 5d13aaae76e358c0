import { describe, expect, it } from 'vitest';
import { compareEventIds, isEventId, laterEventId, parseDomainEvent } from './domain-event.js';

describe('event ids: the pair (transaction id, row id)', () => {
  it('orders by the transaction first, then by the row', () => {
    expect(compareEventIds('10-1', '9-100')).toBeGreaterThan(0);
    expect(compareEventIds('9-100', '10-1')).toBeLessThan(0);
    expect(compareEventIds('7-3', '7-12')).toBeLessThan(0);
    expect(compareEventIds('7-12', '7-12')).toBe(0);
  });
  it('compares ids beyond the exact range of doubles', () => {
    expect(compareEventIds('9007199254740993-1', '9007199254740992-1')).toBeGreaterThan(0);
  });
  it('knows its own shape and refuses others', () => {
    expect(isEventId('0-0')).toBe(true);
    expect(isEventId('12')).toBe(false);
    expect(isEventId('1-2-3')).toBe(false);
    expect(() => compareEventIds('x', '1-1')).toThrow(/not an event id: x/);
  });
  it('takes the later position, null standing for before every event', () => {
    expect(laterEventId(null, '1-1')).toBe('1-1');
    expect(laterEventId('2-1', null)).toBe('2-1');
    expect(laterEventId('2-1', '1-9')).toBe('2-1');
  });
});

describe('events on the wire', () => {
  const event = {
    id: '5-8',
    type: 'DataQueryChanged',
    occurredAt: '2026-11-24T08:00:00.000Z',
    studyId: 's',
    studyPatientId: null,
    studyInstituteId: 'l',
    payload: { queryId: 'q' },
  };
  it('reads an event', () => {
    expect(parseDomainEvent(JSON.stringify(event))).toEqual(event);
  });
  it('refuses what is not one', () => {
    expect(parseDomainEvent('not json')).toBeNull();
    expect(parseDomainEvent(JSON.stringify({ ...event, id: 'abc' }))).toBeNull();
    expect(parseDomainEvent(JSON.stringify({ ...event, studyInstituteId: 3 }))).toBeNull();
    expect(parseDomainEvent(JSON.stringify({ ...event, payload: null }))).toBeNull();
  });
});
