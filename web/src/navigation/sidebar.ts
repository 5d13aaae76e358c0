/**
 * The sidebar table of ecrf-core.md §2 in one place: every entry with its route, whether its screen
 * exists in this build, and a pure visibility predicate. Entries without a screen are never shown, so
 * the menu has no dead links; the dashboard reads the same table for its cards.
 */
import { texts } from '../texts';
import { hasAnyRight, hasRight, type RightName } from '@ecrf/rules';
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
  | 'auditEvents'
  | 'logout';

export type SidebarEntry = {
  key: SidebarEntryKey;
  label: string;
  /** `link` navigates to `route`; `logout` signs out. */
  kind: 'link' | 'logout';
  route: string;
  /** False while the screen behind the route is not built yet: the entry stays hidden. */
  screenExists: boolean;
  isVisible: (context: NavigationContext) => boolean;
};

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

const always = (): boolean => true;
const never = (): boolean => false;
const withRight =
  (right: RightName) =>
  ({ rights }: NavigationContext): boolean =>
    hasRight(rights, right);
/** Every right the screen's query needs: an entry whose screen would be refused is not offered. */
const withEveryRight =
  (wanted: readonly RightName[]) =>
  ({ rights }: NavigationContext): boolean =>
    wanted.every((right) => hasRight(rights, right));
const withAnyRight =
  (wanted: readonly RightName[]) =>
  ({ rights }: NavigationContext): boolean =>
    hasAnyRight(rights, wanted);

const t = texts.sidebar;

export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { key: 'dashboard', label: t.dashboard, kind: 'link', route: '/home', screenExists: true, isVisible: always },
  // "currently never" (ecrf-core.md §2)
  { key: 'calendar', label: t.calendar, kind: 'link', route: '/calendar', screenExists: true, isVisible: never },
  {
    key: 'patients',
    label: t.patients,
    kind: 'link',
    route: '/patients',
    screenExists: true,
    isVisible: withAnyRight(['PatientGetAllCmd', 'PatientGetMyCmd']),
  },
  {
    key: 'institutesOverview',
    label: t.institutesOverview,
    kind: 'link',
    route: '/institutesoverview',
    screenExists: true,
    isVisible: withAnyRight(['StudyInstituteGetOverviewCmd', 'StudyInstituteGetMyOverviewCmd']),
  },
  {
    key: 'queryOverview',
    label: t.queryOverview,
    kind: 'link',
    route: '/query-overview',
    screenExists: true,
    // all-queries or own-queries right and a location-bound role (ecrf-core.md §6)
    isVisible: (context) => hasAnyRight(context.rights, ['QueryGetAllCmd', 'QueryGetMyCmd']) && isLocationBoundRole(context.roleIdentifier),
  },
  {
    key: 'adminUsers',
    label: t.adminUsers,
    kind: 'link',
    route: '/admin/usersadmin',
    screenExists: true,
    isVisible: withRight('UserGetAllCmd'),
  },
  {
    key: 'adminInstitutes',
    label: t.adminInstitutes,
    kind: 'link',
    route: '/institutes',
    screenExists: true,
    // the screen lists the users of each location as well
    isVisible: withEveryRight(['InstituteGetAllCmd', 'UserGetAllCmd']),
  },
  {
    key: 'configFreetexts',
    label: t.configFreetexts,
    kind: 'link',
    route: '/safety/freetextreport',
    screenExists: true,
    isVisible: withRight('SafetyReportGetCmd'),
  },
  {
    key: 'configScreening',
    label: t.configScreening,
    kind: 'link',
    route: '/safety/report',
    screenExists: true,
    isVisible: withRight('SAFETY_SCREENING_EXPORT_GET_FILES_CMD'),
  },
  {
    key: 'configExports',
    label: t.configExports,
    kind: 'link',
    route: '/safety/generic-exports',
    screenExists: true,
    isVisible: withRight('ExportDefinitionGetCmd'),
  },
  {
    key: 'documentsNews',
    label: t.documentsNews,
    kind: 'link',
    route: '/newsDocuments',
    screenExists: true,
    isVisible: withRight('NewsDocumentGetAllCmd'),
  },
  // "Dokumente: Dokumente and Legende | any role" (ecrf-core.md §2): two entries, one per route.
  {
    key: 'documentsDocuments',
    label: t.documentsDocuments,
    kind: 'link',
    route: '/documents',
    screenExists: true,
    // "any role": every signed-in user has one
    isVisible: ({ roleIdentifier }) => roleIdentifier !== '',
  },
  {
    key: 'documentsLegend',
    label: t.documentsLegend,
    kind: 'link',
    route: '/legendDocuments',
    screenExists: true,
    isVisible: ({ roleIdentifier }) => roleIdentifier !== '',
  },
  {
    key: 'documentsDocumentation',
    label: t.documentsDocumentation,
    kind: 'link',
    route: '/documentation',
    screenExists: true,
    isVisible: withRight('DocumentationCreateCmd'),
  },
  {
    key: 'exports',
    label: t.exports,
    kind: 'link',
    route: '/exports',
    screenExists: true,
    isVisible: withAnyRight(EXPORT_FILE_RIGHTS),
  },
  {
    key: 'oncoBoxImport',
    label: t.oncoBoxImport,
    kind: 'link',
    route: '/imports',
    screenExists: true,
    isVisible: (context) => hasRight(context.rights, 'OnkozertImportsGetCmd') && context.roleIdentifier !== 'MasterDataManager',
  },
  {
    key: 'auditEvents',
    label: t.auditEvents,
    kind: 'link',
    route: '/auditLog',
    screenExists: true,
    isVisible: withRight('AuditEventsGetCmd'),
  },
  { key: 'logout', label: t.logout, kind: 'logout', route: '/', screenExists: true, isVisible: always },
];

/** The entries this user may open now: visible by the table and backed by an existing screen. */
export function visibleSidebarEntries(context: NavigationContext, entries: readonly SidebarEntry[] = SIDEBAR_ENTRIES): SidebarEntry[] {
  return entries.filter((entry) => entry.screenExists && entry.isVisible(context));
}
