/**
 * The permission model of Mainzelliste 1.9 (docs/mainzelliste.md "Permissions"): a server holds permission names
 * (createSession, tt_addPatient, readAllPatientIds, getPatientCount, …). A token type may be refined with the
 * values a server may ask for, as in `servers.N.permissions`:
 *
 *   tt_readPatients{data.searchIds.idType:pid&data.searchIds.idString:*|data.resultFields:vorname&nachname}
 *
 * Alternatives are separated by `|`; within one, `path:value` pairs by `&`, and a bare `&value` adds a value to the
 * path before it; `*` allows any value. Paths and values compare case-insensitively (Mainzelliste's default).
 * A token request passes when every value it sends is allowed by some alternative; the elements of a list of
 * objects (searchIds) are checked as a whole, so `pid` and `1` must be allowed together.
 */
import { messages } from '../errors/errors.js';

/** One alternative: path → allowed values. */
export type RefinedRule = ReadonlyMap<string, ReadonlySet<string>>;

export type Permissions = {
  /** Every permission name held, refined ones by their name (`tt_readPatients`). */
  names: ReadonlySet<string>;
  /** Token types held only with refinements: tt_<type> → alternatives. */
  refined: ReadonlyMap<string, readonly RefinedRule[]>;
};

function parseRule(text: string): RefinedRule {
  const rule = new Map<string, Set<string>>();
  let path: string | null = null;
  for (const item of text.split('&')) {
    const colon = item.indexOf(':');
    if (colon >= 0) path = item.slice(0, colon).trim().toLowerCase();
    if (path === null || path === '') throw new Error(`refined permission '${text}' has a value without a path`);
    const values = rule.get(path) ?? new Set<string>();
    values.add((colon >= 0 ? item.slice(colon + 1) : item).trim().toLowerCase());
    rule.set(path, values);
  }
  return rule;
}

export function parsePermissions(entries: readonly string[]): Permissions {
  const names = new Set<string>();
  const refined = new Map<string, RefinedRule[]>();
  for (const entry of entries) {
    const match = /^([^{]+)\{(.*)\}$/.exec(entry.trim());
    const name = (match?.[1] ?? entry).trim();
    names.add(name);
    if (match) refined.set(name, (match[2] ?? '').split('|').map(parseRule));
  }
  // A plain entry of the same name (tt_addPatient next to tt_addPatient{…}) grants everything.
  for (const entry of entries) if (!entry.includes('{')) refined.delete(entry.trim());
  return { names, refined };
}

type Pair = [path: string, value: string];

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Groups of path/value pairs that one alternative must allow together. */
function groupsOf(value: unknown, path: string, into: Pair[][]): void {
  if (isScalar(value)) into.push([[path, String(value).toLowerCase()]]);
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (isScalar(item) || Array.isArray(item)) groupsOf(item, path, into);
      else {
        const pairs: Pair[][] = [];
        groupsOf(item, path, pairs);
        into.push(pairs.flat());
      }
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value))
      groupsOf(inner, path === '' ? key.toLowerCase() : `${path}.${key.toLowerCase()}`, into);
  }
}

const allows = (rule: RefinedRule, [path, value]: Pair): boolean => {
  const values = rule.get(path);
  return values !== undefined && (values.has('*') || values.has(value));
};

/** The refusal text for a token request the refinements do not allow, or null when they allow it. */
export function refinedRefusal(rules: readonly RefinedRule[], request: Readonly<Record<string, unknown>>): string | null {
  const groups: Pair[][] = [];
  groupsOf(request, '', groups);
  for (const group of groups.map((pairs) => pairs.filter(([path]) => path !== 'type'))) {
    if (group.length === 0 || rules.some((rule) => group.every((pair) => allows(rule, pair)))) continue;
    const refused = group.find((pair) => !rules.some((rule) => allows(rule, pair))) ?? group[0];
    return refused ? `${refused[0]}:${refused[1]} is not allowed to request!` : messages.permissionDenied;
  }
  return null;
}
