import type { RouteObject } from 'react-router';
import { AppRoot } from './AppRoot';
import { AppShell } from '../layout/AppShell';
import { LoginScreen } from '../screens/Login/LoginScreen';
import { ExternalRedirectScreen } from '../screens/ExternalRedirect/ExternalRedirectScreen';
import { ImpressumScreen } from '../screens/Impressum/ImpressumScreen';
import { PasswordRecoveryScreen } from '../screens/PasswordRecovery/PasswordRecoveryScreen';
import { PasswordResetScreen } from '../screens/PasswordReset/PasswordResetScreen';
import { HomeScreen } from '../screens/Home/HomeScreen';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

/**
 * The routes of ecrf-core.md §2 that have a screen in this build. Everything unknown falls into the
 * signed-in shell, which sends signed-out users to '/' and shows "Seite nicht gefunden" otherwise.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: '/', element: <LoginScreen /> },
      { path: '/externalredirect', element: <ExternalRedirectScreen /> },
      { path: '/impressum', element: <ImpressumScreen /> },
      { path: '/passwordrecovery', element: <PasswordRecoveryScreen /> },
      { path: '/passwordreset/:userId', element: <PasswordResetScreen /> },
      {
        element: <AppShell />,
        children: [
          { path: '/home', element: <HomeScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];
