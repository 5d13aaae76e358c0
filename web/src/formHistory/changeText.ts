/**
 * How a form's history shows a change (issue 25 item 5): times as dd.MM.yyyy HH:mm on the registry's clock, a
 * field's values as the form and the print show them (fieldValueText: enum labels, dates, units), the record's own
 * columns (state, visit date, signature) in German, and entries from before per-field auditing as their raw JSON.
 */
import { REGISTRY_TIME_ZONE, sortedEnumValues, type DataFieldDefinition, type FieldValue, type StudyDefinition } from '@ecrf/rules';
import { formatAuditValue } from '../audit/auditFormat';
import { fieldValueText, type ValueTextSources } from '../forms/fieldText';
import type { NetworkDirectory } from '../forms/formContext';
import { dateText } from '../patients/dates';
import { documentedState } from '../patients/StateLabel';
import { texts } from '../texts';

const t = texts.formHistory;

const dayAndMinute = {
  timeZone: REGISTRY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;
const clock = new Intl.DateTimeFormat('de-DE', dayAndMinute);
const clockWithSeconds = new Intl.DateTimeFormat('de-DE', { ...dayAndMinute, second: '2-digit' });

/** dd.MM.yyyy HH:mm in Berlin, whatever the browser's time zone. */
export const historyTime = (iso: string): string => clock.format(new Date(iso)).replace(',', '');

/** dd.MM.yyyy HH:mm:ss in Berlin: the moment a past state shows, to the second (changes a minute apart stay apart). */
export const historyMoment = (iso: string): string => clockWithSeconds.format(new Date(iso)).replace(',', '');

/** The sources of value texts: the definition's display texts and value sets, the network's names. */
export function valueSources(
  definition: StudyDefinition,
  text: (displayKey: string) => string,
  network: NetworkDirectory,
): ValueTextSources {
  const sets = new Map(definition.enumValueSets.map((set) => [set.identifier, sortedEnumValues(set)]));
  return {
    text,
    enumValues: (identifier) => (identifier ? (sets.get(identifier) ?? []) : []),
    organizationName: (id) => network.organizations.find((organization) => organization.id === id)?.displayName ?? null,
    person: (id) => network.persons.find((person) => person.id === id) ?? null,
  };
}

export type ChangeSide = {
  readonly values: readonly FieldValue[] | null | undefined;
  readonly isDeleted: boolean | null | undefined;
  readonly lockedManually: boolean | null | undefined;
  readonly json: string | null | undefined;
};

export type ChangeSubject = { readonly key: string; readonly kind: string; readonly definition: DataFieldDefinition | undefined };

type Signature = { displayName?: string | null; userName?: string; signedAt?: string };
type Withdrawal = { withdrawnAt?: string; withdrawnBy?: { userName?: string } };

/** A column of the record as a reader expects it. */
function columnText(key: string, json: string): string {
  const value: unknown = JSON.parse(json);
  if (key === 'state' && (value === 'new' || value === 'missing_data' || value === 'complete')) return texts.states[documentedState(value)];
  if (key === 'visitDate' && typeof value === 'string') return dateText(value);
  if (key === 'signatureData' && value !== null && typeof value === 'object') {
    const signature = value as Signature;
    return t.signedBy(signature.displayName ?? signature.userName ?? '', signature.signedAt ? historyTime(signature.signedAt) : '');
  }
  if (key === 'signatureWithdrawal' && value !== null && typeof value === 'object') {
    const withdrawal = value as Withdrawal;
    return t.withdrawnBy(withdrawal.withdrawnBy?.userName ?? '', withdrawal.withdrawnAt ? historyTime(withdrawal.withdrawnAt) : '');
  }
  return formatAuditValue(json);
}

/** One side of a change as text; a dash where there was no value. */
export function changeText(subject: ChangeSubject, side: ChangeSide | null | undefined, sources: ValueTextSources): string {
  if (!side) return t.noValue;
  if (subject.kind !== 'FIELD') return side.json ? (subject.kind === 'COLUMN' ? columnText(subject.key, side.json) : side.json) : t.noValue;
  if (side.isDeleted) return t.fieldDeleted;
  const values = side.values ?? [];
  const shown = subject.definition
    ? fieldValueText(subject.definition, values, sources)
    : values.map((value) => value.value ?? '').join(', ') || null;
  const text = shown ?? t.noValue;
  return side.lockedManually ? `${text} (${t.fieldLocked})` : text;
}
