import { givenReason, TEXT_LIMITS } from '@ecrf/rules';
import { useState } from 'react';
import { FormControl, Textarea } from '@primer/react';
import type { PossibleMatchDecision } from '../__generated__/DecidePossibleMatchMutation.graphql';
import { FormDialog } from '../administration/FormDialog';
import { useFeedback } from '../feedback/feedbackContext';
import { useDecidePossibleMatchMutation } from '../mutations/DecidePossibleMatchMutation';
import { texts } from '../texts';
import type { Merged } from './MergedNotice';
import { removePair } from './removePair';

const t = texts.possibleMatches;
type Props = {
  tentativeId: string;
  tentativePseudonym: string;
  decision: PossibleMatchDecision;
  onClose: () => void;
  /** "Dieselbe Person" joined the pair: the screen names the survivor. */
  onMerged: (merged: Merged) => void;
};

/**
 * A decision on a possible match asks for its reason (Begründung); the audit trail keeps it, never IDAT (issue 17).
 * A refusal (e.g. a conflict that keeps the two patients from being joined) stays in the open dialog with the reason.
 */
export function DecidePossibleMatchDialog({ tentativeId, tentativePseudonym, decision, onClose, onMerged }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [decide, deciding] = useDecidePossibleMatchMutation();
  const feedback = useFeedback();
  const submit = () => {
    const reasonForChange = givenReason(reason);
    if (reasonForChange === null) {
      setError(t.reasonRequired);
      return;
    }
    decide({
      variables: { input: { tentativeId, decision, reasonForChange } },
      updater: (store, answer) => {
        if (answer?.decidePossibleMatch.tentative) removePair(store, tentativeId);
      },
      onCompleted: ({ decidePossibleMatch }) => {
        const { errors, survivor } = decidePossibleMatch;
        // Conflict messages are whole sentences.
        if (errors.length > 0) setError(errors.map((e) => e.message).join(' '));
        else {
          if (survivor) onMerged({ tentative: tentativePseudonym, survivorId: survivor.id, survivor: survivor.pseudonym });
          feedback.showSnackbar(t.decided);
          onClose();
        }
      },
      onError: () => setError(t.failed),
    });
  };
  return (
    <FormDialog title={t.decisionTitle[decision]} busy={deciding} submitLabel={t.confirm} onSubmit={submit} onCancel={onClose}>
      <p>{t.decisionHint[decision]}</p>
      <FormControl required>
        <FormControl.Label>{t.reason}</FormControl.Label>
        <Textarea block maxLength={TEXT_LIMITS.reasonForChange} value={reason} onChange={(event) => setReason(event.target.value)} />
        <FormControl.Caption>{t.reasonCaption}</FormControl.Caption>
        {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
      </FormControl>
    </FormDialog>
  );
}
