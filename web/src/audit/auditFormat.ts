/** Display helpers of the audit screens: German date-time (ecrf-core.md §9 dd.MM.yyyy with time) and values. */
const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A value of an audit change (JSON text) as a reader expects it: strings bare, absent as a dash. */
export function formatAuditValue(json: string | null | undefined): string {
  if (json === null || json === undefined) return '—';
  try {
    const value: unknown = JSON.parse(json);
    if (value === null) return '—';
    if (typeof value === 'string') return value === '' ? '""' : value;
    if (typeof value === 'boolean') return value ? 'ja' : 'nein';
    return JSON.stringify(value);
  } catch {
    return json;
  }
}
