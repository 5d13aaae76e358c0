/**
 * Cron expression syntax (ecrf-calls.md §5, validator 'Cron Syntax'): the schedules of generic exports. An
 * expression is valid when croner, which runs the schedules (backend generic-exports), accepts it with five
 * fields - minute, hour, day of month, month, day of week - and it names a time that exists (not 31 February).
 * croner is pure (no I/O, no dependencies), so the browser checks as the user types what the server checks.
 */
import { Cron } from 'croner';

const FIELD_COUNT = 5;
/** Any fixed instant: a five-field pattern that matches at all matches within a few years of it. */
const SEARCH_FROM = new Date(Date.UTC(2000, 0, 1));

/** The stored form of an optional expression: trimmed, single spaces; null when blank (no schedule). */
export function normalizeCronExpression(value: string | null | undefined): string | null {
  const parts = (value ?? '')
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '');
  return parts.length === 0 ? null : parts.join(' ');
}

export function isValidCronExpression(expression: string): boolean {
  const normalized = normalizeCronExpression(expression);
  // Six or seven fields (seconds, years) are croner's extensions: a schedule to the second is no export schedule.
  if (normalized === null || normalized.split(' ').length !== FIELD_COUNT) return false;
  try {
    // paused and without a function: nothing is scheduled, the pattern is only parsed.
    return new Cron(normalized, { paused: true }).nextRun(SEARCH_FROM) !== null;
  } catch {
    return false;
  }
}
