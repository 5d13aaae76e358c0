import type { RouteObject } from 'react-router';
import type { ScreenOperation, ScreenQuery } from '../layout/screenQuery';
import { AppRoot } from './AppRoot';
import { AppShell, appShellQuery } from '../layout/AppShell';
import { PageSpinner } from '../components/PageSpinner';
import type { RelaySession } from '../relay/relaySession';
import { screenLoader } from './screenLoader';
import { LoginScreen } from '../screens/Login/LoginScreen';
import { ExternalRedirectScreen } from '../screens/ExternalRedirect/ExternalRedirectScreen';
import { ImpressumScreen } from '../screens/Impressum/ImpressumScreen';
import { PasswordRecoveryScreen } from '../screens/PasswordRecovery/PasswordRecoveryScreen';
import { PasswordResetScreen } from '../screens/PasswordReset/PasswordResetScreen';
import { HomeScreen, homeScreenQuery } from '../screens/Home/HomeScreen';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';
import { UsersAdminScreen, usersAdminScreenQuery } from '../screens/UsersAdmin/UsersAdminScreen';
import { AuditTrailScreen, auditTrailScreenQuery } from '../screens/AuditTrail/AuditTrailScreen';
import { InstitutesScreen, institutesScreenQuery } from '../screens/Institutes/InstitutesScreen';
import { InstitutesOverviewScreen, institutesOverviewScreenQuery } from '../screens/InstitutesOverview/InstitutesOverviewScreen';
import { AuditLogScreen, auditLogScreenQuery } from '../screens/AuditLog/AuditLogScreen';
import { DocumentationScreen, documentationScreenQuery } from '../screens/Documentation/DocumentationScreen';
import { PatientsScreen, patientsScreenQuery } from '../screens/Patients/PatientsScreen';
import { PatientScreen, patientScreenQuery } from '../screens/Patient/PatientScreen';
import { PatientCreateScreen, patientCreateScreenQuery } from '../screens/PatientCreate/PatientCreateScreen';
import { VisitScreen, visitScreenQuery } from '../screens/Visit/VisitScreen';
import { DeleteVisitScreen, deleteVisitScreenQuery } from '../screens/DeleteVisit/DeleteVisitScreen';
import { InstrumentScreen, instrumentScreenQuery } from '../screens/Instrument/InstrumentScreen';
import { VisitFormScreen, visitFormScreenQuery } from '../screens/VisitForm/VisitFormScreen';
import { PatientEditScreen, patientEditScreenQuery } from '../screens/PatientEdit/PatientEditScreen';
import { PrintVisitScreen, printVisitScreenQuery } from '../screens/PrintVisit/PrintVisitScreen';
import { PrintOverviewSheetScreen, printOverviewSheetScreenQuery } from '../screens/PrintOverviewSheet/PrintOverviewSheetScreen';
import { CaseProgressScreen, caseProgressScreenQuery } from '../screens/CaseProgress/CaseProgressScreen';
import { CaseProgressTableScreen, caseProgressTableScreenQuery } from '../screens/CaseProgressTable/CaseProgressTableScreen';
import { QueryOverviewScreen, queryOverviewScreenQuery } from '../screens/QueryOverview/QueryOverviewScreen';
import { ImportsScreen, importsScreenQuery } from '../screens/Imports/ImportsScreen';
import { OnkozertExportScreen, onkozertExportScreenQuery } from '../screens/OnkozertExport/OnkozertExportScreen';
import { ExportsScreen, exportsScreenQuery } from '../screens/Exports/ExportsScreen';
import { SafetyFreetextReportScreen, safetyFreetextReportScreenQuery } from '../screens/SafetyFreetextReport/SafetyFreetextReportScreen';
import { SafetyScreeningScreen, safetyScreeningScreenQuery } from '../screens/SafetyScreening/SafetyScreeningScreen';
import { GenericExportsScreen, genericExportsScreenQuery } from '../screens/GenericExports/GenericExportsScreen';
import { ProjectsScreen, projectsScreenQuery } from '../screens/Projects/ProjectsScreen';
import { SupportScreen, supportScreenQuery } from '../screens/Support/SupportScreen';
import { CalendarScreen, calendarScreenQuery } from '../screens/Calendar/CalendarScreen';
import { ElearningScreen, elearningScreenQuery } from '../screens/Elearning/ElearningScreen';
import { NewsDocumentsScreen, newsDocumentsScreenQuery } from '../screens/NewsDocuments/NewsDocumentsScreen';
import { DocumentsScreen, documentsScreenQuery } from '../screens/Documents/DocumentsScreen';
import { LegendDocumentsScreen, legendDocumentsScreenQuery } from '../screens/LegendDocuments/LegendDocumentsScreen';
import { PatientQuestionnaireScreen } from '../screens/PatientQuestionnaire/PatientQuestionnaireScreen';

/**
 * The routes of ecrf-core.md §2 that have a screen in this build. Everything unknown falls into the
 * signed-in shell, which sends signed-out users to '/' and shows "Seite nicht gefunden" otherwise.
 * Each signed-in route preloads its screen's query (docs/web.md "Loading").
 */
export function createAppRoutes(session: RelaySession): RouteObject[] {
  const load = <T extends ScreenOperation>(screenQuery: ScreenQuery<T>) => screenLoader(session, screenQuery);
  return [
    {
      element: <AppRoot session={session} />,
      children: [
        { path: '/', element: <LoginScreen /> },
        { path: '/externalredirect', element: <ExternalRedirectScreen /> },
        { path: '/impressum', element: <ImpressumScreen /> },
        { path: '/passwordrecovery', element: <PasswordRecoveryScreen /> },
        { path: '/passwordreset/:userId', element: <PasswordResetScreen /> },
        // A patient's questionnaire (an addition to core §2's public routes, docs/web.md): the code is the credential.
        { path: '/fragebogen', element: <PatientQuestionnaireScreen /> },
        { path: '/fragebogen/:accessCode', element: <PatientQuestionnaireScreen /> },
        {
          element: <AppShell />,
          // Shown until the first page load's loader has started the screen's query, as while it answers.
          hydrateFallbackElement: <PageSpinner />,
          children: [
            { path: '/home', loader: load(homeScreenQuery), element: <HomeScreen /> },
            { path: '/admin/usersadmin', loader: load(usersAdminScreenQuery), element: <UsersAdminScreen /> },
            { path: '/admin/audittrail', loader: load(auditTrailScreenQuery), element: <AuditTrailScreen /> },
            { path: '/institutes', loader: load(institutesScreenQuery), element: <InstitutesScreen /> },
            { path: '/institutesoverview', loader: load(institutesOverviewScreenQuery), element: <InstitutesOverviewScreen /> },
            { path: '/auditLog', loader: load(auditLogScreenQuery), element: <AuditLogScreen /> },
            { path: '/documentation', loader: load(documentationScreenQuery), element: <DocumentationScreen /> },
            { path: '/elearning', loader: load(elearningScreenQuery), element: <ElearningScreen /> },
            { path: '/newsDocuments', loader: load(newsDocumentsScreenQuery), element: <NewsDocumentsScreen /> },
            { path: '/documents', loader: load(documentsScreenQuery), element: <DocumentsScreen /> },
            { path: '/legendDocuments', loader: load(legendDocumentsScreenQuery), element: <LegendDocumentsScreen /> },
            { path: '/patients', loader: load(patientsScreenQuery), element: <PatientsScreen /> },
            { path: '/query-overview', loader: load(queryOverviewScreenQuery), element: <QueryOverviewScreen /> },
            { path: '/imports', loader: load(importsScreenQuery), element: <ImportsScreen /> },
            { path: '/onkozertexport', loader: load(onkozertExportScreenQuery), element: <OnkozertExportScreen /> },
            { path: '/exports', loader: load(exportsScreenQuery), element: <ExportsScreen /> },
            { path: '/safety/freetextreport', loader: load(safetyFreetextReportScreenQuery), element: <SafetyFreetextReportScreen /> },
            { path: '/safety/report', loader: load(safetyScreeningScreenQuery), element: <SafetyScreeningScreen /> },
            { path: '/safety/generic-exports', loader: load(genericExportsScreenQuery), element: <GenericExportsScreen /> },
            { path: '/support', loader: load(supportScreenQuery), element: <SupportScreen /> },
            { path: '/calendar', loader: load(calendarScreenQuery), element: <CalendarScreen /> },
            { path: '/patientCreate', loader: load(patientCreateScreenQuery), element: <PatientCreateScreen /> },
            { path: '/patient/:patientId', loader: load(patientScreenQuery), element: <PatientScreen /> },
            { path: '/patient/edit/:patientId', loader: load(patientEditScreenQuery), element: <PatientEditScreen /> },
            {
              path: '/patient/:patientId/visit/:visitDefinitionId/new',
              loader: load(visitFormScreenQuery),
              element: <VisitFormScreen mode="new" />,
            },
            {
              path: '/patient/:patientId/visit/:visitId/edit',
              loader: load(visitFormScreenQuery),
              element: <VisitFormScreen mode="edit" />,
            },
            { path: '/patient/:patientId/visit/:visitId', loader: load(visitScreenQuery), element: <VisitScreen /> },
            {
              path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/edit',
              loader: load(instrumentScreenQuery),
              element: <InstrumentScreen mode="edit" />,
            },
            {
              path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/new',
              loader: load(instrumentScreenQuery),
              element: <InstrumentScreen mode="new" />,
            },
            {
              path: '/patient/:patientId/instrument/:instrumentId/edit',
              loader: load(instrumentScreenQuery),
              element: <InstrumentScreen mode="edit" />,
            },
            {
              path: '/patient/:patientId/instrument/:instrumentId/new',
              loader: load(instrumentScreenQuery),
              element: <InstrumentScreen mode="new" />,
            },
            { path: '/deleteVisit/:visitId', loader: load(deleteVisitScreenQuery), element: <DeleteVisitScreen /> },
            {
              path: '/patient/:patientId/visit/:visitId/print',
              loader: load(printVisitScreenQuery),
              element: <PrintVisitScreen kind="visit" />,
            },
            {
              path: '/patient/:patientId/visit/:visitId/printDiagnosticRequirement',
              loader: load(printVisitScreenQuery),
              element: <PrintVisitScreen kind="diagnosticRequirement" />,
            },
            { path: '/patient/:patientId/projects', loader: load(projectsScreenQuery), element: <ProjectsScreen /> },
            {
              path: '/patient/:patientId/printOverviewSheet',
              loader: load(printOverviewSheetScreenQuery),
              element: <PrintOverviewSheetScreen />,
            },
            {
              path: '/patient/:patientId/visit/:visitId/caseprogress',
              loader: load(caseProgressScreenQuery),
              element: <CaseProgressScreen />,
            },
            {
              path: '/patient/:patientId/visit/:visitId/caseprogresstable',
              loader: load(caseProgressTableScreenQuery),
              element: <CaseProgressTableScreen />,
            },
            { path: '*', loader: load(appShellQuery), element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}
