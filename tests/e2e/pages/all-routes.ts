/**
 * The routes of ecrf-core.md §2 (and the registry's /possible-matches) with what each screen shows: the browser tests
 * that open every screen (one operation per screen, accessibility) share them.
 */
import type { Page } from 'playwright-core';
import { AppShell } from './app-shell.js';
import type { GraphQLTraffic } from './graphql-traffic.js';
import { LocationDialog } from './location-dialog.js';
import { LoginPage } from './login-page.js';

/** A route, the operation its screen loads with, and the heading that shows the screen's content. */
export type Screen = { path: string; operation: string; heading: string | RegExp };

export async function signIn(page: Page, userName: string, location?: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  if (location !== undefined) await new LocationDialog(page).choose(location);
  await page.waitForURL('**/home');
}

export async function shows(page: Page, screen: Screen): Promise<void> {
  const name = typeof screen.heading === 'string' ? screen.heading : screen.heading.source;
  await page
    .getByRole('main')
    .getByRole('heading', { level: 1, name: screen.heading, exact: typeof screen.heading === 'string' })
    .waitFor({ timeout: 30_000 })
    .catch((error: unknown) => {
      throw new Error(`${screen.path} did not show '${name}': ${String(error)}`);
    });
  await new AppShell(page).sidebar.waitFor();
}

type Existing = { id: string; definition: { id: string } | null }[];

type DemoPatient = {
  id: string;
  visits: { id: string; definition: { identifier: string }; instruments: Existing }[];
  standaloneInstruments: Existing;
  definitionVersion: {
    visits: { id: string; identifier: string; instruments: { id: string; identifier: string }[] }[];
    standaloneInstruments: { id: string; identifier: string }[];
  };
};

const PATIENT_QUERY = `query ($studyId: ID!, $pseudonym: String!) {
  studyPatients(studyId: $studyId, filter: { search: $pseudonym }) {
    edges { node { id visits { id definition { identifier } instruments { id definition { id } } }
      standaloneInstruments { id definition { id } }
      definitionVersion { visits { id identifier instruments { id identifier } } standaloneInstruments { id identifier } } } }
  }
}`;
const CREATE_INSTRUMENT = `mutation ($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id } errors { message } } }`;

/** The seeded patient DEMO-3003-1 with its baseline visit, and one visit-bound and one standalone instrument created for it. */
export async function documentationScreens(traffic: GraphQLTraffic): Promise<Screen[]> {
  const { viewer } = await traffic.graph<{ viewer: { locations: { study: { id: string } }[] } }>(
    '{ viewer { locations { study { id } } } }',
  );
  const { studyPatients } = await traffic.graph<{ studyPatients: { edges: { node: DemoPatient }[] } }>(PATIENT_QUERY, {
    studyId: viewer.locations[0]?.study.id,
    pseudonym: 'DEMO-3003-1',
  });
  const patient = studyPatients.edges[0]?.node;
  const baseline = patient?.visits.find((visit) => visit.definition.identifier === 'baseline');
  const definitions = patient?.definitionVersion;
  const baselineInstruments = definitions?.visits.find((visit) => visit.identifier === 'baseline')?.instruments ?? [];
  const followUp = definitions?.visits.find((visit) => visit.identifier === 'fu');
  const performance = baselineInstruments.find((instrument) => instrument.identifier === 'performance');
  const smoking = baselineInstruments.find((instrument) => instrument.identifier === 'smoking_history');
  const tumourBoard = definitions?.standaloneInstruments.find((instrument) => instrument.identifier === 'tumour_board');
  if (!patient || !baseline || !followUp || !performance || !smoking || !tumourBoard) throw new Error('the demo seed changed');
  // Created once per database: the test files share it, and a visit holds an instrument of a kind once.
  const create = async (input: { visitId?: string; definitionId: string }) => {
    const existing = (input.visitId ? baseline.instruments : patient.standaloneInstruments).find(
      (instrument) => instrument.definition?.id === input.definitionId,
    );
    if (existing) return existing.id;
    const { createInstrument } = await traffic.graph<{ createInstrument: { instrument: { id: string } | null } }>(CREATE_INSTRUMENT, {
      input: { studyPatientId: patient.id, ...input },
    });
    if (!createInstrument.instrument) throw new Error('instrument not created');
    return createInstrument.instrument.id;
  };
  const visitInstrument = await create({ visitId: baseline.id, definitionId: performance.id });
  const standaloneInstrument = await create({ definitionId: tumourBoard.id });

  const id = encodeURIComponent;
  const p = `/patient/${id(patient.id)}`;
  const v = `${p}/visit/${id(baseline.id)}`;
  return [
    { path: '/home', operation: 'HomeScreenQuery', heading: /^Willkommen, Dora Daten/ },
    { path: '/patients', operation: 'PatientsScreenQuery', heading: 'Patienten' },
    { path: '/query-overview', operation: 'QueryOverviewScreenQuery', heading: 'Query Übersicht' },
    { path: '/safety/generic-exports', operation: 'GenericExportsScreenQuery', heading: 'Konfiguration: Exporte' },
    { path: '/exports', operation: 'ExportsScreenQuery', heading: 'Exporte' },
    { path: '/patientCreate', operation: 'PatientCreateScreenQuery', heading: 'Patient anlegen' },
    { path: '/documentation', operation: 'DocumentationScreenQuery', heading: 'Dokumentation' },
    { path: '/institutesoverview', operation: 'InstitutesOverviewScreenQuery', heading: 'Zentrumsübersicht' },
    { path: '/admin/audittrail', operation: 'AuditTrailScreenQuery', heading: 'Audit Trail' },
    { path: '/possible-matches', operation: 'PossibleMatchesScreenQuery', heading: 'Mögliche Dubletten' },
    { path: p, operation: 'PatientScreenQuery', heading: 'Patient DEMO-3003-1' },
    { path: `/patient/edit/${id(patient.id)}`, operation: 'PatientEditScreenQuery', heading: 'Stammdaten von DEMO-3003-1' },
    { path: `${p}/visit/${id(followUp.id)}/new`, operation: 'VisitFormScreenQuery', heading: 'Neue Visite: Follow-up' },
    { path: `${v}/edit`, operation: 'VisitFormScreenQuery', heading: 'Baseline bearbeiten' },
    { path: v, operation: 'VisitScreenQuery', heading: 'Baseline' },
    { path: `${v}/instrument/${id(visitInstrument)}/edit`, operation: 'InstrumentScreenQuery', heading: 'Allgemeinzustand (ECOG)' },
    { path: `${v}/instrument/${id(smoking.id)}/new`, operation: 'InstrumentScreenQuery', heading: 'Neues Instrument: Raucheranamnese' },
    { path: `${p}/instrument/${id(standaloneInstrument)}/edit`, operation: 'InstrumentScreenQuery', heading: 'Tumorkonferenz' },
    { path: `${p}/instrument/${id(tumourBoard.id)}/new`, operation: 'InstrumentScreenQuery', heading: 'Neues Instrument: Tumorkonferenz' },
    { path: `/deleteVisit/${id(baseline.id)}`, operation: 'DeleteVisitScreenQuery', heading: 'Visite löschen: Baseline' },
    { path: `${v}/print`, operation: 'PrintVisitScreenQuery', heading: 'Baseline – Patient DEMO-3003-1' },
    {
      path: `${v}/printDiagnosticRequirement`,
      operation: 'PrintVisitScreenQuery',
      heading: 'Anforderung molekularpathologische Diagnostik',
    },
    { path: `${p}/printOverviewSheet`, operation: 'PrintOverviewSheetScreenQuery', heading: 'Übersichtsblatt Patient DEMO-3003-1' },
    { path: `${p}/projects`, operation: 'ProjectsScreenQuery', heading: 'Projekte von Patient DEMO-3003-1' },
    { path: `${v}/caseprogress`, operation: 'CaseProgressScreenQuery', heading: 'Fallverlauf: Baseline' },
    { path: `${v}/caseprogresstable`, operation: 'CaseProgressTableScreenQuery', heading: 'Fallverlauf (Tabelle): Baseline' },
    { path: '/safety/freetextreport', operation: 'SafetyFreetextReportScreenQuery', heading: 'Konfiguration: Freitexte' },
    { path: '/safety/report', operation: 'SafetyScreeningScreenQuery', heading: 'Konfiguration: Screening' },
    { path: '/support', operation: 'SupportScreenQuery', heading: 'Support' },
    { path: '/calendar', operation: 'CalendarScreenQuery', heading: 'Kalender' },
    { path: '/newsDocuments', operation: 'NewsDocumentsScreenQuery', heading: 'News' },
    { path: '/documents', operation: 'DocumentsScreenQuery', heading: 'Dokumente' },
    { path: '/legendDocuments', operation: 'LegendDocumentsScreenQuery', heading: 'Legende' },
    // An unknown address still shows the shell, which then loads alone.
    { path: '/gibtsnicht', operation: 'AppShellQuery', heading: 'Seite nicht gefunden' },
  ];
}

/** Administration, seen by the network administrator. */
export const ADMINISTRATION_SCREENS: Screen[] = [
  { path: '/admin/usersadmin', operation: 'UsersAdminScreenQuery', heading: 'Administration: Nutzer' },
  { path: '/institutes', operation: 'InstitutesScreenQuery', heading: 'Administration: Zentren' },
  { path: '/auditLog', operation: 'AuditLogScreenQuery', heading: 'AuditEvents' },
];

/** The OncoBox screens, seen by the certification office. */
export const ONCOBOX_SCREENS: Screen[] = [
  { path: '/imports', operation: 'ImportsScreenQuery', heading: 'OncoBox Import' },
  { path: '/onkozertexport', operation: 'OnkozertExportScreenQuery', heading: 'OncoBox Export' },
];

/** The public pages with the operations each sends (the legal notice reads the operator from the client configuration). */
export const PUBLIC_PAGES: { path: string; heading: string; operations: string[] }[] = [
  { path: '/', heading: 'Anmeldung', operations: [] },
  { path: '/impressum', heading: 'Impressum', operations: ['ImpressumScreenQuery'] },
  { path: '/passwordrecovery', heading: 'Passwort vergessen', operations: [] },
  { path: '/passwordreset/u-1?challenge=abc', heading: 'Neues Passwort festlegen', operations: [] },
];
