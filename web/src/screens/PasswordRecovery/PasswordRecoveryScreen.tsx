import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Banner, Button, Link, Stack } from '@primer/react';
import { TextField } from '../../components/TextField';
import { PublicLayout } from '../../layout/PublicLayout';
import { useRequestPasswordRecoveryMutation } from '../../mutations/RequestPasswordRecoveryMutation';
import { texts } from '../../texts';
import { TEXT_LIMITS } from '@ecrf/rules';

/**
 * /passwordrecovery: asks for the account's mail address. The answer is the same whether or not the
 * address exists (and also when the request fails), so the page reveals nothing about accounts.
 */
export function PasswordRecoveryScreen() {
  const [commit, sending] = useRequestPasswordRecoveryMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const invalid = email.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    commit({
      variables: { input: { emailAddress: email.trim() } },
      onCompleted: () => setSent(true),
      onError: () => setSent(true),
    });
  }

  return (
    <PublicLayout title={texts.recovery.heading}>
      <Stack gap="normal">
        {sent ? (
          <Banner variant="success" title={texts.recovery.heading} hideTitle description={texts.recovery.confirmation} />
        ) : (
          <form onSubmit={submit} noValidate aria-label={texts.recovery.heading}>
            <Stack gap="normal">
              <p>{texts.recovery.intro}</p>
              <TextField
                label={texts.recovery.email}
                type="email"
                autoComplete="email"
                required
                maxLength={TEXT_LIMITS.emailAddress}
                value={email}
                onChange={setEmail}
                onBlur={() => setTouched(true)}
                errors={touched && invalid ? [texts.recovery.emailRequired] : []}
              />
              <Button type="submit" variant="primary" block loading={sending}>
                {texts.recovery.submit}
              </Button>
            </Stack>
          </form>
        )}
        <Link as={RouterLink} to="/">
          {texts.recovery.backToLogin}
        </Link>
      </Stack>
    </PublicLayout>
  );
}
