import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Banner, Link, Spinner, Stack } from '@primer/react';
import { PublicLayout } from '../../layout/PublicLayout';
import { useRefreshSessionMutation } from '../../mutations/RefreshSessionMutation';
import { storeSession } from '../../session/sessionStore';
import { texts } from '../../texts';
import { safeRedirectTarget } from './safeRedirect';

/** /externalredirect?refreshToken=…&url=… : signs in with a refresh token handed over by another application. */
export function ExternalRedirectScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [commitRefresh] = useRefreshSessionMutation();
  const refreshToken = params.get('refreshToken');
  const url = params.get('url');
  const [failed, setFailed] = useState(false);
  // The refresh token is single-use: the exchange must run once, also under StrictMode's double effects.
  const started = useRef(false);

  useEffect(() => {
    if (refreshToken === null || refreshToken === '' || started.current) return;
    started.current = true;
    commitRefresh({
      variables: { input: { refreshToken } },
      onCompleted: (response) => {
        const session = response.refreshSession.session;
        storeSession({ token: session.token, refreshToken: session.refreshToken });
        navigate(safeRedirectTarget(url, window.location.origin), { replace: true });
      },
      onError: () => setFailed(true),
    });
  }, [commitRefresh, navigate, refreshToken, url]);

  const missing = refreshToken === null || refreshToken === '';
  return (
    <PublicLayout title={texts.externalRedirect.heading}>
      <Stack gap="normal">
        {missing || failed ? (
          <Banner
            variant="critical"
            title={texts.externalRedirect.heading}
            hideTitle
            description={missing ? texts.externalRedirect.missingToken : texts.externalRedirect.failed}
          />
        ) : (
          <Stack direction="horizontal" align="center">
            <Spinner size="small" />
            <span>{texts.externalRedirect.working}</span>
          </Stack>
        )}
        <Link as={RouterLink} to="/">
          {texts.recovery.backToLogin}
        </Link>
      </Stack>
    </PublicLayout>
  );
}
