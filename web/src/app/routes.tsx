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
import { UsersAdminScreen } from '../screens/UsersAdmin/UsersAdminScreen';
import { AuditTrailScreen } from '../screens/AuditTrail/AuditTrailScreen';
import { InstitutesScreen } from '../screens/Institutes/InstitutesScreen';
import { InstitutesOverviewScreen } from '../screens/InstitutesOverview/InstitutesOverviewScreen';
import { AuditLogScreen } from '../screens/AuditLog/AuditLogScreen';
import { DocumentationScreen } from '../screens/Documentation/DocumentationScreen';

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
          { path: '/admin/usersadmin', element: <UsersAdminScreen /> },
          { path: '/admin/audittrail', element: <AuditTrailScreen /> },
          { path: '/institutes', element: <InstitutesScreen /> },
          { path: '/institutesoverview', element: <InstitutesOverviewScreen /> },
          { path: '/auditLog', element: <AuditLogScreen /> },
          { path: '/documentation', element: <DocumentationScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];
