/**
 * Variable and table names every writer can use: SAS names (letters, digits and _, not starting with a
 * digit, at most 32 characters, unique regardless of case), which CSV headers, XLSX sheets and ODM accept too.
 */
export const SAS_NAME_MAX_LENGTH = 32;

/** A namer that turns identifiers into SAS names unique among the names it has given (a suffix _2, _3, … on clashes). */
export function sasNamer(): (raw: string) => string {
  const taken = new Set<string>();
  return (raw) => {
    const cleaned = raw.replace(/[^A-Za-z0-9_]/g, '_');
    const base = (/^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`).slice(0, SAS_NAME_MAX_LENGTH);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      const suffix = `_${n}`;
      name = base.slice(0, SAS_NAME_MAX_LENGTH - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  };
}
