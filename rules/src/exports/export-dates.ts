/**
 * The date rules of exports (ecrf-calls.md §9): the screening export starts at 04:30 Berlin time on the
 * current day; the recruitment-status export compares now with a date 7 days earlier.
 */
import { registryDayStart, registryToday } from '../dates/registry-day.js';

/** Minutes after the registry day's start at which the screening export's default window opens. */
export const SCREENING_EXPORT_START_MINUTES = 4 * 60 + 30;
export const RECRUITMENT_STATUS_PERIOD_DAYS = 7;

/** 04:30 in Europe/Berlin on the registry day of `now`, as ISO 8601 in UTC. */
export function screeningExportDefaultFrom(now: Date): string {
  const dayStart = new Date(registryDayStart(registryToday(now)));
  return new Date(dayStart.getTime() + SCREENING_EXPORT_START_MINUTES * 60_000).toISOString();
}

/** The two instants the recruitment-status export compares: now and 7 days earlier. */
export function recruitmentStatusDates(now: Date): { fromDate: string; previousFromDate: string } {
  const previous = new Date(now.getTime() - RECRUITMENT_STATUS_PERIOD_DAYS * 24 * 60 * 60_000);
  return { fromDate: now.toISOString(), previousFromDate: previous.toISOString() };
}
