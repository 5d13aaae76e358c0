import { useState } from 'react';
import { FormDialog } from '../../administration/FormDialog';
import { TextField } from '../../components/TextField';
import { useSignVisitMutation } from '../../mutations/SignVisitMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { passwordMessages } from '@ecrf/rules';
import { texts } from '../../texts';
import adminStyles from '../../administration/AdminTable.module.css';

const t = texts.visit;

/** Signing re-enters the password and states the meaning of the signature (ecrf-core.md §4; docs/backend.md "Visits"). */
export function SignVisitDialog({ visitId: id, onClose }: { visitId: string; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<string>(t.defaultMeaning);
  const [errors, setErrors] = useState<string[]>([]);
  const [sign, signing] = useSignVisitMutation();
  const feedback = useFeedback();
  const submit = () => {
    if (password === '') {
      setErrors([passwordMessages.required]);
      return;
    }
    sign({
      variables: { input: { id, password, meaning } },
      onCompleted: ({ signVisit }) => {
        if (signVisit.success) {
          feedback.showSnackbar(t.signed);
          onClose();
        } else setErrors([signVisit.message || t.signFailed, ...signVisit.errors.map((error) => error.message)]);
      },
    });
  };
  return (
    <FormDialog
      title={t.signTitle}
      busy={signing}
      submitLabel={t.signSubmit}
      onSubmit={submit}
      onCancel={onClose}
      formErrors={errors}
      className={adminStyles.form}
    >
      <p>{t.signIntro}</p>
      <TextField label={t.signMeaning} value={meaning} onChange={setMeaning} required />
      <TextField label={t.signPassword} type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
    </FormDialog>
  );
}
