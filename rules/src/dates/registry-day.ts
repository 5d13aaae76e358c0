/**
 * The registry's calendar day (ecrf-core.md §3 dates, §4 locks and "today" in rules): the day in
 * Europe/Berlin, where the registry documents, whatever the time zone of the server or the browser.
 * The caller passes the instant, so the rules stay free of clock reads.
 */
/** The registry's time zone: its calendar day and the clock of export schedules. */
export const REGISTRY_TIME_ZONE = 'Europe/Berlin';
const ZONE = REGISTRY_TIME_ZONE;
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const berlinClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** yyyy-MM-dd of `now` in Europe/Berlin. */
export function registryToday(now: Date): string {
  const parts = berlinDay.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Minutes Berlin's clock is ahead of UTC at the instant. */
function berlinOffsetMinutes(instant: number): number {
  const parts = berlinClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - instant) / 60_000;
}

/**
 * The instant a time on Berlin's clock names (day yyyy-MM-dd, time HH:mm), as ISO 8601 in UTC: what a user means who
 * picks a day and a time (the audit trail's "Stand vom …"). A time the clocks skip in spring counts as the hour after.
 */
export function registryInstant(day: string, time: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wallClockUtc = Date.UTC(year, month - 1, date, hour, minute);
  const guess = wallClockUtc - berlinOffsetMinutes(wallClockUtc) * 60_000;
  return new Date(wallClockUtc - berlinOffsetMinutes(guess) * 60_000).toISOString();
}

/** The instant the registry day (yyyy-MM-dd) begins, 00:00 in Berlin, as ISO 8601 in UTC. */
export const registryDayStart = (day: string): string => registryInstant(day, '00:00');

/** The instant the registry day (yyyy-MM-dd) ends: the start of the next one (23 or 25 hours on the days the clocks change). */
export function registryDayEnd(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return registryDayStart(new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10));
}
