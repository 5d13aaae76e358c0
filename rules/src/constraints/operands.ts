/**
 * Parsing of constraint operands (ecrf-core.md §5): quoted lists (`"A","B"`) and numbers with a decimal
 * comma (`3,5`).
 */

/** Entries of a quoted list; an operand without quotes is read as a comma-separated list. */
export function parseQuotedList(operand: string | null | undefined): string[] {
  if (operand === null || operand === undefined) return [];
  const quoted = [...operand.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
  if (quoted.length > 0) return quoted;
  return operand
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A number written with a decimal point or a decimal comma; null when not a number. */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const normalised = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}
