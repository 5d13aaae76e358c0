/**
 * Versions never corrupt data entered under an earlier one (docs/definitions.md "Versions"): a new
 * version must have a higher number and keep every visit, instrument and field of the previous one
 * (with its id, type, parent and value type; retire them with `deleted: true`) and every enum code. Labels,
 * rules, constraints, orders and new parts may change freely: they are read at the time of evaluation.
 */
import type { DataFieldDefinition, StudyDefinition } from '@ecrf/rules';
import { indexStudyDefinition } from '@ecrf/rules';
import type { DefinitionProblem } from './compile-context.js';

function fieldPlaces(study: StudyDefinition): Map<string, string> {
  const places = new Map<string, string>();
  const add = (prefix: string, fields: readonly DataFieldDefinition[]) => {
    const byId = new Map(fields.map((f) => [f.id, f]));
    const path = (f: DataFieldDefinition): string => {
      const parent = f.parentFieldDefinitionId ? byId.get(f.parentFieldDefinitionId) : undefined;
      return parent ? `${path(parent)}.children[${f.identifier}]` : `${prefix}.fields[${f.identifier}]`;
    };
    for (const f of fields) places.set(f.id, path(f));
  };
  add('patient', study.patient.fields);
  for (const i of [...study.instruments, ...study.standaloneInstruments]) add(`instruments[${i.identifier}]`, i.fields);
  for (const v of study.visits) {
    add(`visits[${v.identifier}]`, v.fields);
    for (const i of v.instruments) add(`visits[${v.identifier}].instruments[${i.identifier}]`, i.fields);
  }
  return places;
}

export function compatibilityProblems(
  previous: { version: number; definition: StudyDefinition },
  next: { version: number; definition: StudyDefinition },
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (next.version <= previous.version) {
    problems.push({ place: 'version', message: `must be higher than the loaded version ${previous.version}` });
    return problems;
  }
  const before = indexStudyDefinition(previous.definition);
  const after = indexStudyDefinition(next.definition);
  const places = fieldPlaces(previous.definition);
  for (const [id, visit] of before.visitById) {
    if (!after.visitById.has(id))
      problems.push({ place: `visits[${visit.identifier}]`, message: 'was removed; keep it with "deleted": true' });
  }
  for (const [id, instrument] of before.instrumentById) {
    if (!after.instrumentById.has(id))
      problems.push({ place: `instruments[${instrument.identifier}]`, message: 'was removed; keep it with "deleted": true' });
  }
  for (const [id, field] of before.fieldById) {
    const place = places.get(id) ?? field.identifier;
    const now = after.fieldById.get(id);
    if (!now) {
      problems.push({ place, message: 'was removed; data may exist for it: keep it with "deleted": true' });
      continue;
    }
    if (now.definitionType !== field.definitionType)
      problems.push({ place, message: `type changed from ${field.definitionType} to ${now.definitionType}; add a new field instead` });
    if ((now.definition?.valueType ?? null) !== (field.definition?.valueType ?? null)) {
      problems.push({
        place,
        message: `value type changed from ${field.definition?.valueType ?? 'none'} to ${now.definition?.valueType ?? 'none'}; add a new field instead`,
      });
    }
    if ((now.definition?.enumValueSetIdentifier ?? null) !== (field.definition?.enumValueSetIdentifier ?? null)) {
      problems.push({ place, message: 'enum value set changed; add a new field instead' });
    }
  }
  const nextSets = new Map(next.definition.enumValueSets.map((s) => [s.identifier, new Set(s.values.map((v) => v.code))]));
  for (const set of previous.definition.enumValueSets) {
    const codes = nextSets.get(set.identifier);
    for (const value of set.values) {
      if (!codes?.has(value.code))
        problems.push({
          place: `enumValueSets[${set.identifier}][${value.code}]`,
          message: 'was removed; stored values may use this code',
        });
    }
  }
  return problems;
}
