import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import {} from '@primer/react';
import { passwordStrengthErrors } from '@ecrf/rules';
import type { SetPasswordDialog_user$key } from '../../__generated__/SetPasswordDialog_user.graphql';
import { TextField } from '../../components/TextField';
import { useFeedback } from '../../feedback/feedbackContext';
import { useSetUserPasswordMutation } from '../../mutations/SetUserPasswordMutation';
import { texts } from '../../texts';
import { FormDialog } from '../../administration/FormDialog';

/** PUT User/{userId}/password: an administrator sets a password (administrator policy, ecrf-calls.md §5). */
export function SetPasswordDialog({ user, onClose }: { user: SetPasswordDialog_user$key; onClose: () => void }) {
  const data = useFragment(
    graphql`
      fragment SetPasswordDialog_user on User {
        id
        userName
      }
    `,
    user,
  );
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [commit, busy] = useSetUserPasswordMutation();
  const feedback = useFeedback();
  const ruleErrors = passwordStrengthErrors(password, 'administrator');

  const submit = () => {
    setTouched(true);
    if (ruleErrors.length > 0) return;
    commit({
      variables: { input: { id: data.id, newPassword: password } },
      onCompleted: (answer) => {
        const errors = answer.setUserPassword.errors;
        if (errors.length > 0) {
          setServerErrors(errors.map((error) => error.message));
          return;
        }
        feedback.showSnackbar(texts.users.passwordSet);
        onClose();
      },
    });
  };

  return (
    <FormDialog
      title={texts.users.setPasswordTitle(data.userName)}
      busy={busy}
      submitLabel={texts.users.setPassword}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField
        label={texts.users.newPassword}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setServerErrors([]);
        }}
        onBlur={() => setTouched(true)}
        required
        caption={texts.users.passwordHint}
        errors={[...(touched ? ruleErrors : []), ...serverErrors]}
      />
    </FormDialog>
  );
}
