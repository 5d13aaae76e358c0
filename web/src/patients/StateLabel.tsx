import { Label } from '@primer/react';
import type { InstrumentState } from '@ecrf/rules';
import { texts } from '../texts';

export type DocumentationState = 'NEW' | 'MISSING_DATA' | 'COMPLETE' | '%future added value';

const variants = { NEW: 'secondary', MISSING_DATA: 'attention', COMPLETE: 'success' } as const;

/** The graph's name of a state as the rules' documents spell it. */
export const documentedState = (state: InstrumentState): Exclude<DocumentationState, '%future added value'> =>
  state === 'new' ? 'NEW' : state === 'missing_data' ? 'MISSING_DATA' : 'COMPLETE';

/** The state of a visit or instrument (ecrf-core.md §3) as a coloured German label. */
export function StateLabel({ state }: { state: DocumentationState }) {
  if (state === '%future added value') return null;
  return <Label variant={variants[state]}>{texts.states[state]}</Label>;
}
