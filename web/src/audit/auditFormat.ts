/** Display helpers of the audit screens: German date-time (ecrf-core.md §9 dd.MM.yyyy with time) and values. */
const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
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

/** The ISO instant of the local midnight that starts the given yyyy-MM-dd day. */
export function localDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1).toISOString();
}

/** Today as yyyy-MM-dd in local time (the value of a date input). */
export function todayValue(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
