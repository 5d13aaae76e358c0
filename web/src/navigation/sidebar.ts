/**
 * The sidebar table of ecrf-core.md §2 in one place: every entry with its route, whether its screen
 * exists in this build, every right its screen needs and any further condition. An entry is shown only
 * when all hold and its screen exists, so the menu has neither dead links nor screens that would be
 * refused; the dashboard reads the same table for its cards, and docs/web.md's table is rendered from it
 * (sidebarDoc.ts).
 */
import { texts } from '../texts';
import { EXPORT_KIND_RIGHTS, hasAnyRight, hasRight, type RightName } from '@ecrf/rules';
import { isLocationBoundRole } from '../session/roles';

export type NavigationContext = { rights: readonly string[]; roleIdentifier: string };

export type SidebarEntryKey =
  | 'dashboard'
  | 'calendar'
  | 'patients'
  | 'institutesOverview'
  | 'queryOverview'
  | 'adminUsers'
  | 'adminInstitutes'
  | 'configFreetexts'
  | 'configScreening'
  | 'configExports'
  | 'documentsNews'
  | 'documentsDocuments'
  | 'documentsLegend'
  | 'documentsDocumentation'
  | 'exports'
  | 'oncoBoxImport'
  | 'obdsImport'
  | 'auditEvents'
  | 'possibleMatches'
  | 'logout';

/** A right, or rights of which any one is enough. */
export type RightNeed = RightName | readonly RightName[];

/** A condition of an entry beyond the rights (ecrf-core.md §2, §6), with its wording for docs/web.md. */
export type EntryCondition = { description: string; holds: (context: NavigationContext) => boolean };

type SidebarEntrySpec = {
  key: SidebarEntryKey;
  label: string;
  /** `link` navigates to `route`; `logout` signs out. */
  kind: 'link' | 'logout';
  route: string;
  /** False while the screen behind the route is not built yet: the entry stays hidden. */
  screenExists: boolean;
  /**
   * Every right the screen needs (issue 18, defect 3): the spec's condition of the entry and the rights of
   * the calls its query makes, beside the shell's own (SHELL_RIGHTS). Parts of a screen that a right only
   * adds (a column, a button) are asked for only with that right and are not listed.
   */
  rights: readonly RightNeed[];
  condition?: EntryCondition;
};

export type SidebarEntry = SidebarEntrySpec & {
  /** The rights are held and the condition holds. */
  isVisible: (context: NavigationContext) => boolean;
};

/** What every signed-in screen reads for its frame (user, rights, locations); every role holds these. */
export const SHELL_RIGHTS: readonly RightName[] = ['UserGetCurrentCmd', 'RightGetCurrentUserCmd', 'StudyInstituteGetMyCmd'];

/** The eight export-file rights that open the exports area (ecrf-calls.md §2). */
export const EXPORT_FILE_RIGHTS = [
  'CHANGES_EXPORT_GET_FILES_CMD',
  'SAFETY_SCREENING_EXPORT_GET_FILES_CMD',
  'SYN_QUEST_EXPORT_GET_FILES_CMD',
  'RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'NO_ARCHIVE_CODES_EXPORT_GET_FILES_CMD',
  'DIGI_NET_RECRUITMENT_STATUS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONDITIONS_EXPORT_GET_FILES_CMD',
  'DIGI_NET_CONSENTS_EXPORT_GET_FILES_CMD',
] as const;

/**
 * The exports area opens with the spec's eight export-file rights and, beyond them, with the right to start an
 * export kind or to see its files (issue 26 item 2: the researcher starts CSV, SAS, ODM and publication exports
 * but holds none of the eight). Generic exports run from "Konfiguration: Exporte".
 */
export const EXPORT_AREA_RIGHTS: readonly RightName[] = [
  ...new Set([
    ...EXPORT_FILE_RIGHTS,
    ...Object.values(EXPORT_KIND_RIGHTS)
      .filter((kind) => kind.family !== 'generic')
      .flatMap((kind) => [kind.start, kind.files]),
  ]),
];

const holdsNeed = (rights: readonly string[], need: RightNeed): boolean =>
  typeof need === 'string' ? hasRight(rights, need) : hasAnyRight(rights, need);

function entry(spec: SidebarEntrySpec): SidebarEntry {
  return {
    ...spec,
    isVisible: (context) => spec.rights.every((need) => holdsNeed(context.rights, need)) && (spec.condition?.holds(context) ?? true),
  };
}

const never: EntryCondition = { description: 'never ("currently never", ecrf-core.md §2)', holds: () => false };
const locationBoundRole: EntryCondition = {
  description: 'a location-bound role (ecrf-core.md §6)',
  holds: ({ roleIdentifier }) => isLocationBoundRole(roleIdentifier),
};
const t = texts.sidebar;

export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  entry({ key: 'dashboard', label: t.dashboard, kind: 'link', route: '/home', screenExists: true, rights: [] }),
  entry({
    key: 'calendar',
    label: t.calendar,
    kind: 'link',
    route: '/calendar',
    screenExists: true,
    rights: [['StudyPatientGetAllCmd', 'StudyPatientGetMyCmd']],
    condition: never,
  }),
  entry({
    key: 'patients',
    label: t.patients,
    kind: 'link',
    route: '/patients',
    screenExists: true,
    // "may list all patients or own patients"; the table itself is the NngmStudyPatient list
    rights: [['PatientGetAllCmd', 'PatientGetMyCmd'], 'NngmStudyPatientGetMyCmd'],
  }),
  entry({
    key: 'institutesOverview',
    label: t.institutesOverview,
    kind: 'link',
    route: '/institutesoverview',
    screenExists: true,
    rights: [['StudyInstituteGetOverviewCmd', 'StudyInstituteGetMyOverviewCmd']],
  }),
  entry({
    key: 'queryOverview',
    label: t.queryOverview,
    kind: 'link',
    route: '/query-overview',
    screenExists: true,
    // The overview call needs QueryGetMyCmd, also for the all-queries scope; each query opens with its patient's context.
    rights: ['QueryGetMyCmd', 'StudyPatientGetContextCmd'],
    condition: locationBoundRole,
  }),
  entry({
    key: 'adminUsers',
    label: t.adminUsers,
    kind: 'link',
    route: '/admin/usersadmin',
    screenExists: true,
    // the table with its count, and the roles and locations the user form offers
    rights: ['UserGetAllCmd', 'UserGetCountCmd', 'RoleGetAllCmd', 'InstituteGetAllCmd', 'StudyInstituteGetAllCmd'],
  }),
  entry({
    key: 'adminInstitutes',
    label: t.adminInstitutes,
    kind: 'link',
    route: '/institutes',
    screenExists: true,
    // each institute with its locations, its deletion check and the users of each location
    rights: ['InstituteGetAllCmd', 'StudyInstituteGetAllCmd', 'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd', 'UserGetAllCmd'],
  }),
  entry({
    key: 'configFreetexts',
    label: t.configFreetexts,
    kind: 'link',
    route: '/safety/freetextreport',
    screenExists: true,
    rights: ['SafetyReportGetCmd'],
  }),
  entry({
    key: 'configScreening',
    label: t.configScreening,
    kind: 'link',
    route: '/safety/report',
    screenExists: true,
    // the screen shows the configuration, the report, or both
    rights: ['SAFETY_SCREENING_EXPORT_GET_FILES_CMD', ['SafetyScreeningConfigurationGetCmd', 'SafetyScreeningReportGetCmd']],
  }),
  entry({
    key: 'configExports',
    label: t.configExports,
    kind: 'link',
    route: '/safety/generic-exports',
    screenExists: true,
    rights: ['ExportDefinitionGetCmd'],
  }),
  entry({
    key: 'documentsNews',
    label: t.documentsNews,
    kind: 'link',
    route: '/newsDocuments',
    screenExists: true,
    rights: ['NewsDocumentGetAllCmd'],
  }),
  // "Dokumente: Dokumente and Legende | any role" (ecrf-core.md §2): two entries, one per route; every role reads documents.
  entry({
    key: 'documentsDocuments',
    label: t.documentsDocuments,
    kind: 'link',
    route: '/documents',
    screenExists: true,
    rights: ['NewsDocumentGetAllCmd'],
    condition: { description: 'any role', holds: ({ roleIdentifier }) => roleIdentifier !== '' },
  }),
  entry({
    key: 'documentsLegend',
    label: t.documentsLegend,
    kind: 'link',
    route: '/legendDocuments',
    screenExists: true,
    rights: ['NewsDocumentGetAllCmd'],
    condition: { description: 'any role', holds: ({ roleIdentifier }) => roleIdentifier !== '' },
  }),
  entry({
    key: 'documentsDocumentation',
    label: t.documentsDocumentation,
    kind: 'link',
    route: '/documentation',
    screenExists: true,
    // the study definitions and their languages to download
    rights: ['DocumentationCreateCmd', 'StudyDefinitionGetAllCmd', 'LanguageGetAllCmd'],
  }),
  entry({
    key: 'exports',
    label: t.exports,
    kind: 'link',
    route: '/exports',
    screenExists: true,
    rights: [EXPORT_AREA_RIGHTS],
  }),
  entry({
    key: 'oncoBoxImport',
    label: t.oncoBoxImport,
    kind: 'link',
    route: '/imports',
    screenExists: true,
    rights: ['OnkozertImportsGetCmd'],
    condition: {
      description: 'role not MasterDataManager (ecrf-core.md §2)',
      holds: ({ roleIdentifier }) => roleIdentifier !== 'MasterDataManager',
    },
  }),
  entry({
    key: 'obdsImport',
    label: t.obdsImport,
    kind: 'link',
    route: '/imports',
    screenExists: true,
    rights: ['InstrumentUpdateCmd'],
    condition: {
      description: 'without OnkozertImportsGetCmd (else OncoBox Import opens the same screen, with the oBDS import)',
      holds: ({ rights }) => !holdsNeed(rights, 'OnkozertImportsGetCmd'),
    },
  }),
  entry({
    key: 'auditEvents',
    label: t.auditEvents,
    kind: 'link',
    route: '/auditLog',
    screenExists: true,
    rights: ['AuditEventsGetCmd'],
  }),
  entry({
    key: 'possibleMatches',
    label: t.possibleMatches,
    kind: 'link',
    route: '/possible-matches',
    screenExists: true,
    // A registry extension (issue 17): the review list and each pair's patients; their identities only add to it.
    rights: ['PossibleMatchReviewCmd', 'StudyPatientGetContextCmd'],
  }),
  entry({ key: 'logout', label: t.logout, kind: 'logout', route: '/', screenExists: true, rights: [] }),
];

/** The entries this user may open now: visible by the table and backed by an existing screen. */
export function visibleSidebarEntries(context: NavigationContext, entries: readonly SidebarEntry[] = SIDEBAR_ENTRIES): SidebarEntry[] {
  return entries.filter((entry) => entry.screenExists && entry.isVisible(context));
}
