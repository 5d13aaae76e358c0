/**
 * The date windows of the export kinds (ecrf-calls.md §7 "Exports", §9 "Screening export starts from 04:30
 * Berlin time", "Recruitment-status export uses now and a date 7 days earlier"). A parameter is either a
 * registry day (yyyy-MM-dd, Europe/Berlin) or an ISO date-time; "now" is the job's start, passed in, so a
 * retried job computes the same window.
 */
import { registryDayEnd, registryDayStart, registryToday } from '../dates/registry-day.js';

const REGISTRY_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days between the two cut-offs of the recruitment status (§9). */
export const RECRUITMENT_COMPARISON_DAYS = 7;

/** A parameter as an instant: a registry day starts at its 00:00 in Berlin (`start`) or ends at the next one (`end`). */
export function exportInstant(text: string, edge: 'start' | 'end'): Date {
  if (REGISTRY_DAY.test(text)) return new Date(edge === 'start' ? registryDayStart(text) : registryDayEnd(text));
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a date or date-time: ${text}`);
  return instant;
}

function textParameter(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A half-open window [from, to) of instants; `from` null: since the beginning. */
export type ExportPeriod = { from: Date | null; to: Date };

/** The window from `fromDate` (absent: the beginning) to `toDate` (absent: the job's start); a day as `toDate` is included. */
export function exportPeriod(parameters: Readonly<Record<string, unknown>>, startedAt: Date): ExportPeriod {
  const from = textParameter(parameters.fromDate);
  const to = textParameter(parameters.toDate);
  return { from: from === null ? null : exportInstant(from, 'start'), to: to === null ? startedAt : exportInstant(to, 'end') };
}

/** The registry days a period covers: the first (null: open) and the last one. */
export function periodDays(period: ExportPeriod): { firstDay: string | null; lastDay: string } {
  return {
    firstDay: period.from === null ? null : registryToday(period.from),
    lastDay: registryToday(new Date(period.to.getTime() - 1)),
  };
}

/**
 * The two registry days the recruitment status counts up to (inclusive): that of `fromDate` (absent: the
 * job's start) and that of `previousFromDate` (absent: 7 days before `fromDate`).
 */
export function recruitmentCutoffs(parameters: Readonly<Record<string, unknown>>, startedAt: Date): { day: string; previousDay: string } {
  const fromText = textParameter(parameters.fromDate);
  const previousText = textParameter(parameters.previousFromDate);
  const from = fromText === null ? startedAt : exportInstant(fromText, 'start');
  const previous =
    previousText === null ? new Date(from.getTime() - RECRUITMENT_COMPARISON_DAYS * 86_400_000) : exportInstant(previousText, 'start');
  return { day: registryToday(from), previousDay: registryToday(previous) };
}
