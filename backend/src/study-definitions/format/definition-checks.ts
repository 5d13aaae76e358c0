/**
 * Cross-reference checks of a compiled definition (docs/definitions.md "Checks on load"): a rule whose
 * constraint reads a field that does not exist, and cycles between fields whose visibility or value
 * depends on each other (an invisible field yields empty values, ecrf-core.md §4, so such a cycle has no
 * stable answer).
 */
import type { ConstraintDefinition, DataFieldDefinition } from '@ecrf/rules';
import type { CompileContext } from './compile-context.js';
import type { RuleUse } from './compile-fields.js';

export type FormIndex = {
  /** formKey → the fields of the form (nested ones included). */
  fields: ReadonlyMap<string, readonly DataFieldDefinition[]>;
  /** visit identifier → form keys of the visit and its instruments. */
  visitForms: ReadonlyMap<string, readonly string[]>;
  /** instrument identifier → form keys of the instrument. */
  instrumentForms: ReadonlyMap<string, readonly string[]>;
};

/** Field ids in `forms` whose identifier chain ends with the segments of `path` (e.g. `stage.m`). */
function resolvePath(index: FormIndex, forms: readonly string[], path: string): string[] {
  const segments = path.split('.');
  const matches: string[] = [];
  for (const form of forms) {
    const fields = index.fields.get(form) ?? [];
    const byId = new Map(fields.map((f) => [f.id, f]));
    for (const field of fields) {
      let current: DataFieldDefinition | undefined = field;
      let i = segments.length - 1;
      while (current && i >= 0 && current.identifier === segments[i]) {
        current = current.parentFieldDefinitionId ? byId.get(current.parentFieldDefinitionId) : undefined;
        i -= 1;
      }
      if (i < 0) matches.push(field.id);
    }
  }
  return matches;
}

function formsRead(
  index: FormIndex,
  constraint: ConstraintDefinition,
  ruleForm: string,
): { forms: readonly string[]; where: string } | null {
  switch (constraint.type) {
    case 'SimpleFieldValue':
    case 'SimpleDateValue':
      return { forms: [ruleForm], where: 'the form of the rule' };
    case 'PatientDataValue':
      return { forms: ['patient'], where: 'the patient definition' };
    case 'VisitDataValue':
      return constraint.visit ? { forms: index.visitForms.get(constraint.visit) ?? [], where: `visit '${constraint.visit}'` } : null;
    case 'InstrumentDataValue':
      return constraint.instrument
        ? { forms: index.instrumentForms.get(constraint.instrument) ?? [], where: `instrument '${constraint.instrument}'` }
        : null;
    default:
      return null;
  }
}

export function checkFieldReferences(
  ctx: CompileContext,
  index: FormIndex,
  constraints: ReadonlyMap<string, ConstraintDefinition>,
  uses: readonly RuleUse[],
): void {
  const edges = new Map<string, Set<string>>();
  const fieldPlace = new Map<string, string>();
  for (const use of uses) {
    if (use.fieldId) fieldPlace.set(use.fieldId, use.place.replace(/\.rules\[\d+\]$/, ''));
    for (const identifier of use.constraints) {
      const constraint = constraints.get(identifier);
      if (!constraint?.fieldPath) continue;
      const read = formsRead(index, constraint, use.formKey);
      if (!read) continue;
      const targets = resolvePath(index, read.forms, constraint.fieldPath);
      if (targets.length === 0) {
        ctx.problem(use.place, `constraint '${identifier}' reads field '${constraint.fieldPath}', which does not exist in ${read.where}`);
        continue;
      }
      if (use.fieldId && (use.kind === 'Visibility' || use.kind === 'Population')) {
        const set = edges.get(use.fieldId) ?? new Set<string>();
        targets.forEach((t) => set.add(t));
        edges.set(use.fieldId, set);
      }
    }
  }
  reportCycles(ctx, edges, fieldPlace);
}

function reportCycles(ctx: CompileContext, edges: ReadonlyMap<string, ReadonlySet<string>>, fieldPlace: ReadonlyMap<string, string>): void {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next].map((id) => fieldPlace.get(id) ?? id);
        ctx.problem(cycle[0] ?? next, `cycle of Visibility/Population rules: ${cycle.join(' → ')}`);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
}
