import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Banner, Button, Link, Stack } from '@primer/react';
import { TextField } from '../../components/TextField';
import { passwordMessages, passwordStrengthErrors } from '@ecrf/rules';
import { PublicLayout } from '../../layout/PublicLayout';
import { useResetPasswordMutation } from '../../mutations/ResetPasswordMutation';
import { texts } from '../../texts';

type Result = { kind: 'success' } | { kind: 'failure'; message: string };

/** /passwordreset/:userId?challenge=… : sets a new password under the account rules (ecrf-core.md §5). */
export function PasswordResetScreen() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const challenge = params.get('challenge') ?? '';
  const [commit, saving] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState({ password: false, repeat: false });
  const [result, setResult] = useState<Result | null>(null);

  const passwordErrors = password === '' ? [passwordMessages.required] : passwordStrengthErrors(password, 'account');
  const repeatErrors = repeat !== password ? [passwordMessages.mustMatch] : [];
  const valid = passwordErrors.length === 0 && repeatErrors.length === 0;
  const linkComplete = userId !== '' && challenge !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ password: true, repeat: true });
    if (!valid || !linkComplete) return;
    commit({
      variables: { input: { userId, challenge, newPassword: password } },
      onCompleted: (response) => {
        const { passwordReset, errors } = response.resetPassword;
        if (passwordReset && errors.length === 0) setResult({ kind: 'success' });
        else {
          const weak = errors.find((error) => error.code === 'WEAK_PASSWORD');
          setResult({ kind: 'failure', message: weak?.message ?? texts.reset.failure });
        }
      },
      onError: () => setResult({ kind: 'failure', message: texts.reset.failure }),
    });
  }

  return (
    <PublicLayout title={texts.reset.heading}>
      <Stack gap="normal">
        {!linkComplete && <Banner variant="critical" title={texts.reset.heading} hideTitle description={texts.reset.missingChallenge} />}
        {result?.kind === 'success' && <Banner variant="success" title={texts.reset.heading} hideTitle description={texts.reset.success} />}
        {result?.kind === 'failure' && (
          <Banner variant="critical" title={texts.reset.heading} hideTitle description={result.message} role="alert" />
        )}
        {linkComplete && result?.kind !== 'success' && (
          <form onSubmit={submit} noValidate aria-label={texts.reset.heading}>
            <Stack gap="normal">
              <p>{texts.password.hint}</p>
              <TextField
                label={texts.password.newPassword}
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={setPassword}
                onBlur={() => setTouched((current) => ({ ...current, password: true }))}
                errors={touched.password ? passwordErrors : []}
              />
              <TextField
                label={texts.password.repeatPassword}
                type="password"
                autoComplete="new-password"
                required
                value={repeat}
                onChange={setRepeat}
                onBlur={() => setTouched((current) => ({ ...current, repeat: true }))}
                errors={touched.repeat ? repeatErrors : []}
              />
              <Button type="submit" variant="primary" block disabled={!valid} loading={saving}>
                {texts.reset.submit}
              </Button>
            </Stack>
          </form>
        )}
        {result?.kind === 'failure' && (
          <Link as={RouterLink} to="/passwordrecovery">
            {texts.reset.requestNewLink}
          </Link>
        )}
        <Link as={RouterLink} to="/">
          {texts.recovery.backToLogin}
        </Link>
      </Stack>
    </PublicLayout>
  );
}
