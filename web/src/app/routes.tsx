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
import { PatientsScreen } from '../screens/Patients/PatientsScreen';
import { PatientScreen } from '../screens/Patient/PatientScreen';
import { PatientCreateScreen } from '../screens/PatientCreate/PatientCreateScreen';
import { VisitScreen } from '../screens/Visit/VisitScreen';
import { DeleteVisitScreen } from '../screens/DeleteVisit/DeleteVisitScreen';
import { InstrumentScreen } from '../screens/Instrument/InstrumentScreen';
import { VisitFormScreen } from '../screens/VisitForm/VisitFormScreen';
import { PatientEditScreen } from '../screens/PatientEdit/PatientEditScreen';
import { PrintVisitScreen } from '../screens/PrintVisit/PrintVisitScreen';
import { PrintOverviewSheetScreen } from '../screens/PrintOverviewSheet/PrintOverviewSheetScreen';
import { CaseProgressScreen } from '../screens/CaseProgress/CaseProgressScreen';
import { CaseProgressTableScreen } from '../screens/CaseProgressTable/CaseProgressTableScreen';

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
          { path: '/patients', element: <PatientsScreen /> },
          { path: '/patientCreate', element: <PatientCreateScreen /> },
          { path: '/patient/:patientId', element: <PatientScreen /> },
          { path: '/patient/edit/:patientId', element: <PatientEditScreen /> },
          { path: '/patient/:patientId/visit/:visitDefinitionId/new', element: <VisitFormScreen mode="new" /> },
          { path: '/patient/:patientId/visit/:visitId/edit', element: <VisitFormScreen mode="edit" /> },
          { path: '/patient/:patientId/visit/:visitId', element: <VisitScreen /> },
          { path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/edit', element: <InstrumentScreen mode="edit" /> },
          { path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/new', element: <InstrumentScreen mode="new" /> },
          { path: '/patient/:patientId/instrument/:instrumentId/edit', element: <InstrumentScreen mode="edit" /> },
          { path: '/patient/:patientId/instrument/:instrumentId/new', element: <InstrumentScreen mode="new" /> },
          { path: '/deleteVisit/:visitId', element: <DeleteVisitScreen /> },
          { path: '/patient/:patientId/visit/:visitId/print', element: <PrintVisitScreen kind="visit" /> },
          { path: '/patient/:patientId/visit/:visitId/printDiagnosticRequirement', element: <PrintVisitScreen kind="diagnosticRequirement" /> },
          { path: '/patient/:patientId/printOverviewSheet', element: <PrintOverviewSheetScreen /> },
          { path: '/patient/:patientId/visit/:visitId/caseprogress', element: <CaseProgressScreen /> },
          { path: '/patient/:patientId/visit/:visitId/caseprogresstable', element: <CaseProgressTableScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];
