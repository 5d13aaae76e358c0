import { useState } from 'react';
import { Checkbox, FormControl, Label } from '@primer/react';
import { verificationFlagAfterToggle, type VerificationFlagState } from '@ecrf/rules';
import { useSetVerificationFlagMutation } from '../mutations/SetVerificationFlagMutation';
import { commitMutationAsync } from '../relay/commitMutationAsync';
import { formatDateTime } from '../errors/errorCatalogue';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import type { FieldFlag } from './fieldVerification';
import styles from '../dataQueries/DataQueries.module.css';

const t = texts.verification;
const variants = { NOT_SET: 'secondary', SET: 'success', BROKEN: 'danger', OBSOLETE: 'secondary' } as const;

type Props = {
  fieldId: string;
  fieldLabel: string;
  flags: readonly FieldFlag[];
  flagTypes: readonly { identifier: string; displayKey: string }[];
  text: (displayKey: string) => string;
};

/** The state of a flag as the monitor reads it; a field never verified has no flag yet: NOT_SET. */
export function flagState(flag: FieldFlag | undefined): VerificationFlagState {
  const state = flag?.state;
  return state === 'SET' || state === 'BROKEN' || state === 'OBSOLETE' ? state : 'NOT_SET';
}

/**
 * One toggle per flag type of the definition beside a stored field, for monitoring roles
 * (StudyPatientCapabilities.verifyFields): ticked while verified; a broken flag is unticked and says so,
 * ticking it verifies the new value; an obsolete flag's field is gone and cannot be verified.
 */
export function VerificationToggles({ fieldId, fieldLabel, flags, flagTypes, text }: Props) {
  const [commit, saving] = useSetVerificationFlagMutation();
  const [error, setError] = useState<string | null>(null);
  const feedback = useFeedback();
  const toggle = async (flagTypeIdentifier: string, flag: FieldFlag | undefined, verified: boolean) => {
    try {
      const { setVerificationFlag } = await commitMutationAsync(commit, {
        input: { dataFieldId: fieldId, flagTypeIdentifier, verified, version: flag?.version ?? null },
      });
      const refused = setVerificationFlag.errors[0];
      setError(refused?.message ?? null);
      if (!refused) feedback.showSnackbar(t.saved(t.states[verified ? 'SET' : 'NOT_SET']));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <span className={styles.flags}>
      {flagTypes.map((type) => {
        const flag = flags.find((candidate) => candidate.flagType.identifier === type.identifier);
        const state = flagState(flag);
        const typeLabel = text(type.displayKey);
        return (
          <span key={type.identifier} className={styles.flag}>
            <FormControl disabled={saving || verificationFlagAfterToggle(state, true) === null}>
              <Checkbox
                checked={state === 'SET'}
                aria-label={t.toggle(typeLabel, fieldLabel)}
                onChange={(event) => void toggle(type.identifier, flag, event.target.checked)}
              />
              <FormControl.Label>{typeLabel}</FormControl.Label>
            </FormControl>
            <Label
              variant={variants[state]}
              title={flag ? t.changedBy(flag.changedBy, formatDateTime(flag.changedAt) ?? flag.changedAt) : undefined}
            >
              {t.states[state]}
            </Label>
          </span>
        );
      })}
      {error !== null && (
        <span role="alert" className={styles.refusal}>
          {error}
        </span>
      )}
    </span>
  );
}
