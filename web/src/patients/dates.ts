import { formatDisplayDate, parsePartialDate } from '@ecrf/rules';

/** A stored day (yyyy-MM-dd, or a partial date) as German users read it: dd.MM.yyyy. */
export function formatDay(stored: string | null | undefined): string {
  if (!stored) return '–';
  const date = parsePartialDate(stored);
  return date ? formatDisplayDate(date) : stored;
}
