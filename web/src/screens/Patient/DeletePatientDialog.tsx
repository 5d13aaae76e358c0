import { givenReason, TEXT_LIMITS } from '@ecrf/rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormControl, Textarea } from '@primer/react';
import { FormDialog } from '../../administration/FormDialog';
import { useFeedback } from '../../feedback/feedbackContext';
import { useDeleteStudyPatientMutation } from '../../mutations/DeleteStudyPatientMutation';
import { texts } from '../../texts';

const t = texts.patient;
type Props = { studyPatientId: string; pseudonym: string; onClose: () => void };

/**
 * Deleting a study patient asks for the reason for change, as deleting a visit does (/deleteVisit); the audit
 * trail keeps it (issue 15). A blank reason counts as none.
 */
export function DeletePatientDialog({ studyPatientId, pseudonym, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useDeleteStudyPatientMutation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const submit = () => {
    const reasonForChange = givenReason(reason);
    if (reasonForChange === null) {
      setError(texts.visit.reasonRequired);
      return;
    }
    remove({
      variables: { input: { id: studyPatientId, reasonForChange } },
      onCompleted: ({ deleteStudyPatient }) => {
        if (deleteStudyPatient.errors.length > 0) setError(deleteStudyPatient.errors.map((e) => e.message).join(', '));
        else {
          feedback.showSnackbar(t.deleted);
          navigate('/patients');
        }
      },
    });
  };
  return (
    <FormDialog title={t.delete} busy={removing} submitLabel={texts.visit.deleteSubmit} onSubmit={submit} onCancel={onClose}>
      <p>{t.deleteConfirm(pseudonym)}</p>
      <FormControl required>
        <FormControl.Label>{texts.visit.reasonForChange}</FormControl.Label>
        <Textarea block maxLength={TEXT_LIMITS.reasonForChange} value={reason} onChange={(event) => setReason(event.target.value)} />
        {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
      </FormControl>
    </FormDialog>
  );
}
