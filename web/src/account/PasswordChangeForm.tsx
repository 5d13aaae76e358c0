import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Checkbox, FormControl, Heading, Stack } from '@primer/react';
import { TextField } from '../components/TextField';
import { validatePasswordChange } from '@ecrf/rules';
import { useChangePasswordMutation } from '../mutations/ChangePasswordMutation';
import { passwordChangeOutcome } from '../errors/errorCatalogue';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import styles from './PasswordChangeForm.module.css';

type Field = 'oldPassword' | 'newPassword' | 'repeatPassword';
const untouched: Record<Field, boolean> = { oldPassword: false, newPassword: false, repeatPassword: false };

/** The password change of the account popup, every rule of ecrf-core.md §5 via @ecrf/rules. */
export function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const [commit, saving] = useChangePasswordMutation();
  const { showSnackbar } = useFeedback();
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '', repeatPassword: '' });
  const [touched, setTouched] = useState(untouched);
  const [showInClear, setShowInClear] = useState(false);
  const { errors, canSubmit } = validatePasswordChange({ ...values, showInClear });

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  }

  function touch(field: Field) {
    setTouched((current) => ({ ...current, [field]: true }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || saving) return;
    commit({
      variables: { input: { oldPassword: values.oldPassword, newPassword: values.newPassword } },
      onCompleted: (response) => {
        const outcome = passwordChangeOutcome(response.changePassword);
        showSnackbar(outcome.title, { detail: outcome.detail, variant: outcome.variant });
        if (outcome.variant === 'success') onChanged();
      },
      onError: () => {
        const outcome = passwordChangeOutcome(null);
        showSnackbar(outcome.title, { detail: outcome.detail, variant: outcome.variant });
      },
    });
  }

  const shownErrors = (field: Field) => (touched[field] ? errors[field] : []);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-change-heading" className={styles.form}>
      <Heading as="h3" id="password-change-heading" className={styles.heading}>
        {texts.password.heading}
      </Heading>
      <Stack gap="normal">
        <TextField
          label={texts.password.oldPassword}
          type="password"
          autoComplete="current-password"
          required
          value={values.oldPassword}
          onChange={(value) => change('oldPassword', value)}
          onBlur={() => touch('oldPassword')}
          errors={shownErrors('oldPassword')}
        />
        <TextField
          label={texts.password.newPassword}
          type={showInClear ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={(value) => change('newPassword', value)}
          onBlur={() => touch('newPassword')}
          caption={texts.password.hint}
          errors={shownErrors('newPassword')}
        />
        {!showInClear && (
          <TextField
            label={texts.password.repeatPassword}
            type="password"
            autoComplete="new-password"
            required
            value={values.repeatPassword}
            onChange={(value) => change('repeatPassword', value)}
            onBlur={() => touch('repeatPassword')}
            errors={shownErrors('repeatPassword')}
          />
        )}
        <FormControl>
          <Checkbox checked={showInClear} onChange={(event) => setShowInClear(event.target.checked)} />
          <FormControl.Label>{texts.password.showInClear}</FormControl.Label>
        </FormControl>
        <Button type="submit" variant="primary" disabled={!canSubmit} loading={saving}>
          {texts.password.submit}
        </Button>
      </Stack>
    </form>
  );
}
