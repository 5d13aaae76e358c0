import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConstraintDefinition, ConstraintExpression } from '../definition/constraints.js';
import type { EvaluationContext } from './context.js';
import { evaluateExpression } from './evaluate.js';
import { andOf, evalOf, notOf, orOf } from '../__testUtils__/builders.js';
import { kitchenSinkContext } from '../__testUtils__/personas.js';

/** Leaves t0..t3 hold, f0..f3 do not (a role match against the user's role); `bad` has an unknown operator. */
function truthContext(warnings: string[] = []): EvaluationContext {
  const base = kitchenSinkContext({ logger: { warn: (m) => warnings.push(m) } });
  const definition = (id: string): ConstraintDefinition | undefined => {
    if (id === 'bad') return { id, type: 'SimpleFieldValue', operator: 'noSuchOperator', fieldPath: 'sex' };
    if (/^[tf]\d$/.test(id))
      return { id, type: 'UserDataValue', operator: 'roleIdentifierMatches', value: id.startsWith('t') ? '"CaseManager"' : '"Researcher"' };
    return undefined;
  };
  return { ...base, constraint: definition };
}

const leafIds = ['t0', 't1', 't2', 't3', 'f0', 'f1', 'f2', 'f3', 'bad'];
const expression: fc.Arbitrary<ConstraintExpression> = fc.letrec<{ e: ConstraintExpression }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leafIds).map(evalOf),
    tie('e').map(notOf),
    fc.array(tie('e'), { maxLength: 3 }).map((es) => andOf(...es)),
    fc.array(tie('e'), { maxLength: 3 }).map((es) => orOf(...es)),
  ),
})).e;

const ctx = truthContext();
const ev = (e: ConstraintExpression) => evaluateExpression(e, ctx);
const TRUE = evalOf('t0');
const FALSE = evalOf('f0');

describe('constraint expressions: algebra (ecrf-core.md §3, §5)', () => {
  it('NOT NOT e equals e', () => {
    fc.assert(fc.property(expression, (e) => ev(notOf(notOf(e))) === ev(e)));
  });
  it('De Morgan: NOT(a AND b) = NOT a OR NOT b, NOT(a OR b) = NOT a AND NOT b', () => {
    fc.assert(
      fc.property(expression, expression, (a, b) => {
        expect(ev(notOf(andOf(a, b)))).toBe(ev(orOf(notOf(a), notOf(b))));
        expect(ev(notOf(orOf(a, b)))).toBe(ev(andOf(notOf(a), notOf(b))));
      }),
    );
  });
  it('identities and annihilators of AND and OR', () => {
    fc.assert(
      fc.property(expression, (e) => {
        expect(ev(andOf(e, TRUE))).toBe(ev(e));
        expect(ev(orOf(e, FALSE))).toBe(ev(e));
        expect(ev(andOf(e, FALSE))).toBe(false);
        expect(ev(orOf(e, TRUE))).toBe(true);
        expect(ev(andOf(e))).toBe(ev(e));
        expect(ev(orOf(e))).toBe(ev(e));
      }),
    );
  });
  it('AND and OR are commutative', () => {
    fc.assert(fc.property(expression, expression, (a, b) => ev(andOf(a, b)) === ev(andOf(b, a)) && ev(orOf(a, b)) === ev(orOf(b, a))));
  });
  it('empty AND holds, empty OR does not, no expression holds', () => {
    expect(ev(andOf())).toBe(true);
    expect(ev(orOf())).toBe(false);
    expect(evaluateExpression(null, ctx)).toBe(true);
    expect(evaluateExpression(undefined, ctx)).toBe(true);
  });
  it('does not change the expression it evaluates', () => {
    fc.assert(
      fc.property(expression, (e) => {
        const copy = structuredClone(e);
        ev(e);
        expect(e).toEqual(copy);
      }),
    );
  });
});

describe('constraint expressions: unknown and malformed input is logged and false (ecrf-core.md §5)', () => {
  it('an EVAL of a constraint with an unknown operator is false and warns', () => {
    const warnings: string[] = [];
    expect(evaluateExpression(evalOf('bad'), truthContext(warnings))).toBe(false);
    expect(warnings).toEqual(["Unknown constraint operator 'noSuchOperator' in constraint bad"]);
  });
  it('any unknown combinator is false and warns, whatever its children', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !['EVAL', 'NOT', 'AND', 'OR'].includes(s)),
        fc.array(expression, { maxLength: 3 }),
        (op, es) => {
          const warnings: string[] = [];
          expect(evaluateExpression({ operator: op, expressions: es }, truthContext(warnings))).toBe(false);
          expect(warnings.at(-1)).toBe(`Unknown expression operator '${op}'`);
        },
      ),
    );
  });
  it('an unknown constraint type is false and warns before any operator is looked at', () => {
    const warnings: string[] = [];
    const context = truthContext(warnings);
    const misspelt = (operator: string): EvaluationContext => ({
      ...context,
      constraint: (id) => ({ id, type: 'InstitueDataValue', operator }),
    });
    for (const operator of ['isSelectedInstituteDigiNet', 'hasConsent4', 'roleIdentifierMatches', 'notEmpty', 'noSuchOperator']) {
      expect(evaluateExpression(evalOf('typo'), misspelt(operator))).toBe(false);
      expect(evaluateExpression(notOf(evalOf('typo')), misspelt(operator))).toBe(true);
    }
    expect(new Set(warnings)).toEqual(new Set(["Unknown constraint type 'InstitueDataValue' in constraint typo"]));
    expect(warnings).toHaveLength(10);
  });
  it('an EVAL naming a missing constraint definition is false and warns', () => {
    const warnings: string[] = [];
    expect(evaluateExpression(evalOf('nope'), truthContext(warnings))).toBe(false);
    expect(evaluateExpression({ operator: 'EVAL' }, truthContext(warnings))).toBe(false);
    expect(warnings).toHaveLength(2);
  });
  it('a NOT without exactly one sub-expression is false and warns', () => {
    const warnings: string[] = [];
    expect(evaluateExpression({ operator: 'NOT', expressions: [] }, truthContext(warnings))).toBe(false);
    expect(evaluateExpression({ operator: 'NOT', expressions: [FALSE, FALSE] }, truthContext(warnings))).toBe(false);
    expect(warnings).toHaveLength(2);
  });
  it('lowercase combinators are unknown', () => {
    expect(ev({ operator: 'and', expressions: [] })).toBe(false);
  });
});
