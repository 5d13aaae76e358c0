import { formatDisplayDate, parsePartialDate } from '@ecrf/rules';
import { texts } from '../texts';

/**
 * A stored date (yyyy-MM-dd or a partial date, ecrf-core.md §9) as German users read it: dd.MM.yyyy with XX/UK
 * for unknown parts, "Datum unbekannt" or "Andauernd"; a text that is no date as it is.
 */
export function dateText(stored: string): string {
  const date = parsePartialDate(stored);
  if (date === null) return stored;
  if (date.kind === 'unknown') return texts.forms.dateUnknown;
  if (date.kind === 'ongoing') return texts.forms.dateOngoing;
  return formatDisplayDate(date);
}

/** A stored day for tables and headers: its date text, or '–' when there is none. */
export function formatDay(stored: string | null | undefined): string {
  return stored ? dateText(stored) : '–';
}
