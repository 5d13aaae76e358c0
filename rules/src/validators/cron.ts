/**
 * Cron expression syntax (ecrf-calls.md §5, validator 'Cron Syntax'): five fields - minute, hour, day of
 * month, month, day of week - each `*` or a comma list of values and ranges, optionally with a `/step`.
 * Months accept JAN-DEC, weekdays SUN-SAT (case-insensitive); weekday 7 is Sunday as well.
 */

type CronField = { min: number; max: number; names?: readonly string[] };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const FIELDS: readonly CronField[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 7, names: WEEKDAYS },
];

function valueOf(text: string, field: CronField): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const number = Number(text);
    return number >= field.min && number <= field.max ? number : null;
  }
  const position = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (position < 0) return null;
  return field.names === MONTHS ? position + 1 : position;
}

function validItem(item: string, field: CronField): boolean {
  const [range, step, ...rest] = item.split('/');
  if (range === undefined || rest.length > 0) return false;
  if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) >= 1)) return false;
  if (range === '*') return true;
  const [from, to, ...more] = range.split('-');
  if (from === undefined || more.length > 0) return false;
  const start = valueOf(from, field);
  if (start === null) return false;
  if (to === undefined) return true;
  const end = valueOf(to, field);
  return end !== null && start <= end;
}

export function isValidCronExpression(expression: string): boolean {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) return false;
  return parts.every((part, i) => {
    const field = FIELDS[i];
    return field !== undefined && part.split(',').every((item) => validItem(item, field));
  });
}
