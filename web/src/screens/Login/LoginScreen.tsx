import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { Banner, Button, Link, Stack } from '@primer/react';
import { TextField } from '../../components/TextField';
import { PublicLayout } from '../../layout/PublicLayout';
import { useSignInMutation } from '../../mutations/SignInMutation';
import { interpretSignInResult, signInExceptionMessage } from '../../errors/errorCatalogue';
import { markNewsCheckDue, storeSession } from '../../session/sessionStore';
import { useIsSignedIn, useLogoutNotice } from '../../session/useSessionState';
import { texts } from '../../texts';
import styles from './LoginScreen.module.css';

/** '/' (ecrf-core.md §2). The Standortauswahl follows in the signed-in shell when the role needs it. */
export function LoginScreen() {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const notice = useLogoutNotice();
  const [commitSignIn, signingIn] = useSignInMutation();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (signedIn) return <Navigate to="/home" replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (userName.trim() === '' || password === '') {
      setFailure(texts.login.missingInput);
      return;
    }
    setFailure(null);
    commitSignIn({
      variables: { input: { userName: userName.trim(), password } },
      onCompleted: (response) => {
        const outcome = interpretSignInResult(response.signIn);
        if (outcome.kind === 'failed') {
          setFailure(outcome.message);
          return;
        }
        storeSession({ token: outcome.token, refreshToken: outcome.refreshToken });
        markNewsCheckDue();
        navigate('/home', { replace: true });
      },
      onError: (error) => setFailure(signInExceptionMessage(error)),
    });
  }

  return (
    <PublicLayout title={texts.login.heading}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={texts.login.heading}>
        <Stack gap="normal">
          {notice !== null && (
            <Banner
              variant="info"
              title={texts.login.heading}
              hideTitle
              description={notice === 'autoLogout' ? texts.errors.autoLogout : texts.errors.sessionExpired}
            />
          )}
          <p className={styles.intro}>{texts.login.intro}</p>
          <TextField
            label={texts.login.userName}
            name="username"
            autoComplete="username"
            required
            value={userName}
            onChange={setUserName}
          />
          <TextField
            label={texts.login.password}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          {failure !== null && <Banner variant="critical" title={texts.login.failedTitle} description={failure} role="alert" />}
          <Button type="submit" variant="primary" block loading={signingIn}>
            {texts.login.submit}
          </Button>
          <Link as={RouterLink} to="/passwordrecovery" className={styles.forgot}>
            {texts.login.forgotPassword}
          </Link>
        </Stack>
      </form>
    </PublicLayout>
  );
}
