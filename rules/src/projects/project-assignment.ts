/**
 * Project assignments (ecrf-calls.md §3 "Project assignment", §7 "Projects"): a study patient belongs to a
 * research project for a period of registry days; an open end means the assignment still holds.
 */
export type AssignmentPeriod = { assignedFrom: string; assignedUntil: string | null };

export const PROJECT_ASSIGNMENT_MESSAGES = {
  invalidDay: 'Bitte ein gültiges Datum angeben.',
  untilBeforeFrom: 'Das Ende der Zuordnung darf nicht vor ihrem Beginn liegen.',
} as const;

/** A real calendar day as yyyy-MM-dd (2025-02-30 is not). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The field errors of a period, by field name (empty when valid). */
export function assignmentPeriodErrors(period: AssignmentPeriod): { field: keyof AssignmentPeriod; message: string }[] {
  const errors: { field: keyof AssignmentPeriod; message: string }[] = [];
  if (!isCalendarDay(period.assignedFrom)) errors.push({ field: 'assignedFrom', message: PROJECT_ASSIGNMENT_MESSAGES.invalidDay });
  if (period.assignedUntil !== null && !isCalendarDay(period.assignedUntil))
    errors.push({ field: 'assignedUntil', message: PROJECT_ASSIGNMENT_MESSAGES.invalidDay });
  if (errors.length === 0 && period.assignedUntil !== null && period.assignedUntil < period.assignedFrom)
    errors.push({ field: 'assignedUntil', message: PROJECT_ASSIGNMENT_MESSAGES.untilBeforeFrom });
  return errors;
}

/** Whether the assignment holds on the registry day `today` (begun, and not ended before it). */
export function isCurrentAssignment(period: AssignmentPeriod, today: string): boolean {
  return period.assignedFrom <= today && (period.assignedUntil === null || period.assignedUntil >= today);
}

/** Whether two periods share a day (an open end reaches every later day). */
export function periodsOverlap(a: AssignmentPeriod, b: AssignmentPeriod): boolean {
  const endsBefore = (x: AssignmentPeriod, y: AssignmentPeriod) => x.assignedUntil !== null && x.assignedUntil < y.assignedFrom;
  return !endsBefore(a, b) && !endsBefore(b, a);
}
