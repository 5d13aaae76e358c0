import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { ScreenOperation, ScreenQuery } from '../layout/screenQuery';
import { AppRoot } from './AppRoot';
import { AppShell, appShellQuery } from '../layout/AppShell';
import { PageSpinner } from '../components/PageSpinner';
import type { RelaySession } from '../relay/relaySession';
import { screenLoader } from './screenLoader';
import { LoginScreen } from '../screens/Login/LoginScreen';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen';

/**
 * The routes of ecrf-core.md §2 that have a screen in this build. Everything unknown falls into the
 * signed-in shell, which sends signed-out users to '/' and shows "Seite nicht gefunden" otherwise.
 * Each signed-in route preloads its screen's query (docs/web.md "Loading"). Every screen but the sign-in and
 * "Seite nicht gefunden" is its own chunk, loaded with its route (docs/web.md "Delivery"): the sign-in screen
 * loads no form renderer, patient screens or charts.
 */
export function createAppRoutes(session: RelaySession): RouteObject[] {
  const load = <T extends ScreenOperation>(screenQuery: ScreenQuery<T>) => screenLoader(session, screenQuery);
  /** A signed-in screen, once its chunk is there: its loader preloads its query. */
  const screen = <T extends ScreenOperation>(screenQuery: ScreenQuery<T>, element: ReactNode) => ({ loader: load(screenQuery), element });
  return [
    {
      element: <AppRoot session={session} />,
      children: [
        { path: '/', element: <LoginScreen /> },
        {
          path: '/externalredirect',
          lazy: () => import('../screens/ExternalRedirect/ExternalRedirectScreen').then((m) => ({ element: <m.ExternalRedirectScreen /> })),
        },
        {
          path: '/impressum',
          lazy: () => import('../screens/Impressum/ImpressumScreen').then((m) => ({ element: <m.ImpressumScreen /> })),
        },
        // GraphiQL for integrators (issue 27 item 5): signed in, outside the shell; the gateway answers 404 where it is off.
        {
          path: '/graphiql',
          lazy: () => import('../graphiql/GraphiQLScreen').then((m) => ({ element: <m.GraphiQLScreen /> })),
        },
        {
          path: '/passwordrecovery',
          lazy: () => import('../screens/PasswordRecovery/PasswordRecoveryScreen').then((m) => ({ element: <m.PasswordRecoveryScreen /> })),
        },
        {
          path: '/passwordreset/:userId',
          lazy: () => import('../screens/PasswordReset/PasswordResetScreen').then((m) => ({ element: <m.PasswordResetScreen /> })),
        },
        // A patient's questionnaire (an addition to core §2's public routes, docs/web.md): the code is the credential.
        {
          path: '/fragebogen',
          lazy: () =>
            import('../screens/PatientQuestionnaire/PatientQuestionnaireScreen').then((m) => ({
              element: <m.PatientQuestionnaireScreen />,
            })),
        },
        {
          path: '/fragebogen/:accessCode',
          lazy: () =>
            import('../screens/PatientQuestionnaire/PatientQuestionnaireScreen').then((m) => ({
              element: <m.PatientQuestionnaireScreen />,
            })),
        },
        {
          element: <AppShell />,
          // Shown until the first page load's loader has started the screen's query, as while it answers.
          hydrateFallbackElement: <PageSpinner />,
          children: [
            {
              path: '/home',
              lazy: () => import('../screens/Home/HomeScreen').then((m) => screen(m.homeScreenQuery, <m.HomeScreen />)),
            },
            {
              path: '/admin/usersadmin',
              lazy: () =>
                import('../screens/UsersAdmin/UsersAdminScreen').then((m) => screen(m.usersAdminScreenQuery, <m.UsersAdminScreen />)),
            },
            {
              path: '/admin/audittrail',
              lazy: () =>
                import('../screens/AuditTrail/AuditTrailScreen').then((m) => screen(m.auditTrailScreenQuery, <m.AuditTrailScreen />)),
            },
            {
              path: '/institutes',
              lazy: () =>
                import('../screens/Institutes/InstitutesScreen').then((m) => screen(m.institutesScreenQuery, <m.InstitutesScreen />)),
            },
            {
              path: '/institutesoverview',
              lazy: () =>
                import('../screens/InstitutesOverview/InstitutesOverviewScreen').then((m) =>
                  screen(m.institutesOverviewScreenQuery, <m.InstitutesOverviewScreen />),
                ),
            },
            {
              path: '/possible-matches',
              lazy: () =>
                import('../screens/PossibleMatches/PossibleMatchesScreen').then((m) =>
                  screen(m.possibleMatchesScreenQuery, <m.PossibleMatchesScreen />),
                ),
            },
            {
              path: '/auditLog',
              lazy: () => import('../screens/AuditLog/AuditLogScreen').then((m) => screen(m.auditLogScreenQuery, <m.AuditLogScreen />)),
            },
            {
              path: '/documentation',
              lazy: () =>
                import('../screens/Documentation/DocumentationScreen').then((m) =>
                  screen(m.documentationScreenQuery, <m.DocumentationScreen />),
                ),
            },
            {
              path: '/elearning',
              lazy: () => import('../screens/Elearning/ElearningScreen').then((m) => screen(m.elearningScreenQuery, <m.ElearningScreen />)),
            },
            {
              path: '/newsDocuments',
              lazy: () =>
                import('../screens/NewsDocuments/NewsDocumentsScreen').then((m) =>
                  screen(m.newsDocumentsScreenQuery, <m.NewsDocumentsScreen />),
                ),
            },
            {
              path: '/documents',
              lazy: () => import('../screens/Documents/DocumentsScreen').then((m) => screen(m.documentsScreenQuery, <m.DocumentsScreen />)),
            },
            {
              path: '/legendDocuments',
              lazy: () =>
                import('../screens/LegendDocuments/LegendDocumentsScreen').then((m) =>
                  screen(m.legendDocumentsScreenQuery, <m.LegendDocumentsScreen />),
                ),
            },
            {
              path: '/patients',
              lazy: () => import('../screens/Patients/PatientsScreen').then((m) => screen(m.patientsScreenQuery, <m.PatientsScreen />)),
            },
            {
              path: '/query-overview',
              lazy: () =>
                import('../screens/QueryOverview/QueryOverviewScreen').then((m) =>
                  screen(m.queryOverviewScreenQuery, <m.QueryOverviewScreen />),
                ),
            },
            {
              path: '/imports',
              lazy: () => import('../screens/Imports/ImportsScreen').then((m) => screen(m.importsScreenQuery, <m.ImportsScreen />)),
            },
            {
              path: '/onkozertexport',
              lazy: () =>
                import('../screens/OnkozertExport/OnkozertExportScreen').then((m) =>
                  screen(m.onkozertExportScreenQuery, <m.OnkozertExportScreen />),
                ),
            },
            {
              path: '/exports',
              lazy: () => import('../screens/Exports/ExportsScreen').then((m) => screen(m.exportsScreenQuery, <m.ExportsScreen />)),
            },
            {
              path: '/safety/freetextreport',
              lazy: () =>
                import('../screens/SafetyFreetextReport/SafetyFreetextReportScreen').then((m) =>
                  screen(m.safetyFreetextReportScreenQuery, <m.SafetyFreetextReportScreen />),
                ),
            },
            {
              path: '/safety/report',
              lazy: () =>
                import('../screens/SafetyScreening/SafetyScreeningScreen').then((m) =>
                  screen(m.safetyScreeningScreenQuery, <m.SafetyScreeningScreen />),
                ),
            },
            {
              path: '/safety/generic-exports',
              lazy: () =>
                import('../screens/GenericExports/GenericExportsScreen').then((m) =>
                  screen(m.genericExportsScreenQuery, <m.GenericExportsScreen />),
                ),
            },
            {
              path: '/support',
              lazy: () => import('../screens/Support/SupportScreen').then((m) => screen(m.supportScreenQuery, <m.SupportScreen />)),
            },
            {
              path: '/calendar',
              lazy: () => import('../screens/Calendar/CalendarScreen').then((m) => screen(m.calendarScreenQuery, <m.CalendarScreen />)),
            },
            {
              path: '/patientCreate',
              lazy: () =>
                import('../screens/PatientCreate/PatientCreateScreen').then((m) =>
                  screen(m.patientCreateScreenQuery, <m.PatientCreateScreen />),
                ),
            },
            {
              path: '/patient/:patientId',
              lazy: () => import('../screens/Patient/PatientScreen').then((m) => screen(m.patientScreenQuery, <m.PatientScreen />)),
            },
            {
              path: '/patient/edit/:patientId',
              lazy: () =>
                import('../screens/PatientEdit/PatientEditScreen').then((m) => screen(m.patientEditScreenQuery, <m.PatientEditScreen />)),
            },
            {
              path: '/patient/:patientId/visit/:visitDefinitionId/new',
              lazy: () =>
                import('../screens/VisitForm/VisitFormScreen').then((m) =>
                  screen(m.visitFormScreenQuery, <m.VisitFormScreen mode="new" />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId/edit',
              lazy: () =>
                import('../screens/VisitForm/VisitFormScreen').then((m) =>
                  screen(m.visitFormScreenQuery, <m.VisitFormScreen mode="edit" />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId',
              lazy: () => import('../screens/Visit/VisitScreen').then((m) => screen(m.visitScreenQuery, <m.VisitScreen />)),
            },
            {
              path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/edit',
              lazy: () =>
                import('../screens/Instrument/InstrumentScreen').then((m) =>
                  screen(m.instrumentScreenQuery, <m.InstrumentScreen mode="edit" />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId/instrument/:instrumentId/new',
              lazy: () =>
                import('../screens/Instrument/InstrumentScreen').then((m) =>
                  screen(m.instrumentScreenQuery, <m.InstrumentScreen mode="new" />),
                ),
            },
            {
              path: '/patient/:patientId/instrument/:instrumentId/edit',
              lazy: () =>
                import('../screens/Instrument/InstrumentScreen').then((m) =>
                  screen(m.instrumentScreenQuery, <m.InstrumentScreen mode="edit" />),
                ),
            },
            {
              path: '/patient/:patientId/instrument/:instrumentId/new',
              lazy: () =>
                import('../screens/Instrument/InstrumentScreen').then((m) =>
                  screen(m.instrumentScreenQuery, <m.InstrumentScreen mode="new" />),
                ),
            },
            {
              path: '/deleteVisit/:visitId',
              lazy: () =>
                import('../screens/DeleteVisit/DeleteVisitScreen').then((m) => screen(m.deleteVisitScreenQuery, <m.DeleteVisitScreen />)),
            },
            {
              path: '/patient/:patientId/visit/:visitId/print',
              lazy: () =>
                import('../screens/PrintVisit/PrintVisitScreen').then((m) =>
                  screen(m.printVisitScreenQuery, <m.PrintVisitScreen kind="visit" />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId/printDiagnosticRequirement',
              lazy: () =>
                import('../screens/PrintVisit/PrintVisitScreen').then((m) =>
                  screen(m.printVisitScreenQuery, <m.PrintVisitScreen kind="diagnosticRequirement" />),
                ),
            },
            {
              path: '/patient/:patientId/projects',
              lazy: () => import('../screens/Projects/ProjectsScreen').then((m) => screen(m.projectsScreenQuery, <m.ProjectsScreen />)),
            },
            {
              path: '/patient/:patientId/printOverviewSheet',
              lazy: () =>
                import('../screens/PrintOverviewSheet/PrintOverviewSheetScreen').then((m) =>
                  screen(m.printOverviewSheetScreenQuery, <m.PrintOverviewSheetScreen />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId/caseprogress',
              lazy: () =>
                import('../screens/CaseProgress/CaseProgressScreen').then((m) =>
                  screen(m.caseProgressScreenQuery, <m.CaseProgressScreen />),
                ),
            },
            {
              path: '/patient/:patientId/visit/:visitId/caseprogresstable',
              lazy: () =>
                import('../screens/CaseProgressTable/CaseProgressTableScreen').then((m) =>
                  screen(m.caseProgressTableScreenQuery, <m.CaseProgressTableScreen />),
                ),
            },
            { path: '*', loader: load(appShellQuery), element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}
