import { Label } from '@primer/react';
import { texts } from '../texts';

export type DocumentationState = 'NEW' | 'MISSING_DATA' | 'COMPLETE' | '%future added value';

const variants = { NEW: 'secondary', MISSING_DATA: 'attention', COMPLETE: 'success' } as const;

/** The state of a visit or instrument (ecrf-core.md §3) as a coloured German label. */
export function StateLabel({ state }: { state: DocumentationState }) {
  if (state === '%future added value') return null;
  return <Label variant={variants[state]}>{texts.states[state]}</Label>;
}
