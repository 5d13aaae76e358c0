import { describe, expect, it } from 'vitest';
import { EXPORT_FILE_RIGHTS, SIDEBAR_ENTRIES, visibleSidebarEntries } from './sidebar';
import type { NavigationContext, RightNeed, SidebarEntry, SidebarEntryKey } from './sidebar';

function entry(key: SidebarEntryKey): SidebarEntry {
  const found = SIDEBAR_ENTRIES.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no sidebar entry ${key}`);
  return found;
}

const nobody: NavigationContext = { rights: [], roleIdentifier: 'Researcher' };
const as = (rights: string[], roleIdentifier = 'Researcher'): NavigationContext => ({ rights, roleIdentifier });

describe('sidebar table', () => {
  it('holds every entry of the spec table, in order', () => {
    expect(SIDEBAR_ENTRIES.map((e) => e.label)).toEqual([
      'Dashboard',
      'Calendar',
      'Patienten',
      'Zentrumsübersicht',
      'Query Übersicht',
      'Administration: Nutzer',
      'Administration: Zentren',
      'Konfiguration: Freitexte',
      'Konfiguration: Screening',
      'Konfiguration: Exporte',
      'Dokumente: News',
      'Dokumente: Dokumente',
      'Dokumente: Legende',
      'Dokumente: Documentation',
      'Exporte',
      'OncoBox Import',
      // Beyond the spec's table (issue 28): the oBDS import for documenting roles without the OncoBox rights.
      'oBDS-Import',
      'AuditEvents',
      'Mögliche Dubletten',
      'Abmelden',
    ]);
  });

  it('shows Dashboard and Abmelden always', () => {
    expect(entry('dashboard').isVisible(nobody)).toBe(true);
    expect(entry('logout').isVisible(nobody)).toBe(true);
  });

  it('never shows Calendar, not even with the super right', () => {
    expect(entry('calendar').isVisible(as(['SUPER_RIGHT'], 'SuperAdmin'))).toBe(false);
  });

  /** Entries shown by their rights alone, with the rights each one's screen needs. */
  const byRights: Array<[SidebarEntryKey, RightNeed[]]> = [
    ['patients', [['PatientGetAllCmd', 'PatientGetMyCmd'], 'NngmStudyPatientGetMyCmd']],
    ['institutesOverview', [['StudyInstituteGetOverviewCmd', 'StudyInstituteGetMyOverviewCmd']]],
    ['adminUsers', ['UserGetAllCmd', 'UserGetCountCmd', 'RoleGetAllCmd', 'InstituteGetAllCmd', 'StudyInstituteGetAllCmd']],
    ['adminInstitutes', ['InstituteGetAllCmd', 'StudyInstituteGetAllCmd', 'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd', 'UserGetAllCmd']],
    ['configFreetexts', ['SafetyReportGetCmd']],
    ['configScreening', ['SAFETY_SCREENING_EXPORT_GET_FILES_CMD', ['SafetyScreeningConfigurationGetCmd', 'SafetyScreeningReportGetCmd']]],
    ['configExports', ['ExportDefinitionGetCmd']],
    ['documentsNews', ['NewsDocumentGetAllCmd']],
    ['documentsDocumentation', ['DocumentationCreateCmd', 'StudyDefinitionGetAllCmd', 'LanguageGetAllCmd']],
    ['auditEvents', ['AuditEventsGetCmd']],
    ['possibleMatches', ['PossibleMatchReviewCmd', 'StudyPatientGetContextCmd']],
  ];
  const alternatives = (need: RightNeed): readonly string[] => (typeof need === 'string' ? [need] : need);

  it.each(byRights)('shows %s only with every right its screen needs (or the super right)', (key, needs) => {
    expect(entry(key).rights).toEqual(needs);
    expect(entry(key).isVisible(nobody)).toBe(false);
    expect(entry(key).isVisible(as(['SUPER_RIGHT']))).toBe(true);
    // Any one alternative of each need is enough.
    for (const pick of [0, 1]) {
      const held = needs.map((need) => alternatives(need)[pick] ?? alternatives(need)[0] ?? '');
      expect(entry(key).isVisible(as(held))).toBe(true);
    }
    // Lacking any one need hides it: its screen would be refused.
    needs.forEach((_, missing) => {
      const held = needs.filter((__, i) => i !== missing).flatMap(alternatives);
      expect(entry(key).isVisible(as(held))).toBe(false);
    });
  });

  it('shows Administration: Zentren only with the rights of its deletion check and its user lists, which the data manager lacks', () => {
    expect(entry('adminInstitutes').isVisible(as(['InstituteGetAllCmd', 'StudyInstituteGetAllCmd', 'UserGetAllCmd']))).toBe(false);
    expect(
      entry('adminInstitutes').isVisible(
        as(['InstituteGetAllCmd', 'StudyInstituteGetAllCmd', 'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd']),
      ),
    ).toBe(false);
  });

  it("shows Query Übersicht with the overview call's right and the patient context, for a location-bound role only", () => {
    const rights = ['QueryGetMyCmd', 'StudyPatientGetContextCmd'];
    expect(entry('queryOverview').isVisible(as(rights, 'CaseManager'))).toBe(true);
    expect(entry('queryOverview').isVisible(as(rights, 'Pathologist'))).toBe(true);
    expect(entry('queryOverview').isVisible(as(rights, 'PMLung'))).toBe(true);
    expect(entry('queryOverview').isVisible(as(rights, 'Researcher'))).toBe(false);
    expect(entry('queryOverview').isVisible(as(['SUPER_RIGHT'], 'SuperAdmin'))).toBe(false);
    // The overview call needs QueryGetMyCmd also for the all-queries scope.
    expect(entry('queryOverview').isVisible(as(['QueryGetAllCmd', 'StudyPatientGetContextCmd'], 'CaseManager'))).toBe(false);
  });

  it.each(['documentsDocuments', 'documentsLegend'] as const)(
    'shows %s (Dokumente and Legende) for any role that may read the documents',
    (key) => {
      expect(entry(key).isVisible(as(['NewsDocumentGetAllCmd'], 'Researcher'))).toBe(true);
      expect(entry(key).isVisible(as([], 'Researcher'))).toBe(false);
      expect(entry(key).isVisible(as(['NewsDocumentGetAllCmd'], ''))).toBe(false);
    },
  );

  it.each(EXPORT_FILE_RIGHTS)('shows Exporte with %s', (right) => {
    expect(entry('exports').isVisible(as([right]))).toBe(true);
  });

  it('shows Exporte also with the right to start a kind or see its files beyond the eight (issue 26 item 2: the researcher)', () => {
    expect(EXPORT_FILE_RIGHTS).toHaveLength(8);
    for (const right of ['CSV_EXPORT_START_CMD', 'SAS_EXPORT_GET_FILES_CMD', 'PUBLICATION_EXPORT_START_CMD', 'REWARD_EXPORT_GET_FILES_CMD'])
      expect(entry('exports').isVisible(as([right])), right).toBe(true);
  });

  it('hides Exporte with the generic export rights alone: those run from Konfiguration: Exporte', () => {
    expect(entry('exports').isVisible(as(['ExportDefinitionGetCmd', 'ExportDefinitionRunCmd', 'ExportDefinitionGetFilesCmd']))).toBe(false);
  });

  it('shows OncoBox Import with the import right unless the role is MasterDataManager', () => {
    expect(entry('oncoBoxImport').isVisible(as(['OnkozertImportsGetCmd'], 'DataManager'))).toBe(true);
    expect(entry('oncoBoxImport').isVisible(as(['OnkozertImportsGetCmd'], 'MasterDataManager'))).toBe(false);
    expect(entry('oncoBoxImport').isVisible(as(['SUPER_RIGHT'], 'MasterDataManager'))).toBe(false);
    expect(entry('oncoBoxImport').isVisible(as([], 'DataManager'))).toBe(false);
  });

  it('has a route for every entry and no duplicate keys', () => {
    const keys = new Set(SIDEBAR_ENTRIES.map((e) => e.key));
    expect(keys.size).toBe(SIDEBAR_ENTRIES.length);
    for (const e of SIDEBAR_ENTRIES) expect(e.route.startsWith('/')).toBe(true);
  });
});

describe('visibleSidebarEntries', () => {
  it('shows oBDS-Import to documenting roles without the OncoBox rights, whose entry leads to the same screen', () => {
    expect(entry('obdsImport').route).toBe(entry('oncoBoxImport').route);
    expect(entry('obdsImport').isVisible(as(['InstrumentUpdateCmd'], 'Physician'))).toBe(true);
    expect(entry('obdsImport').isVisible(as(['InstrumentUpdateCmd', 'OnkozertImportsGetCmd'], 'DataManager'))).toBe(false);
    expect(entry('obdsImport').isVisible(as(['InstrumentGetCmd'], 'Researcher'))).toBe(false);
  });

  it('offers only entries whose screen exists', () => {
    const superAdmin = as(['SUPER_RIGHT'], 'SuperAdmin');
    const existing = SIDEBAR_ENTRIES.filter((e) => e.screenExists).map((e) => e.key);
    expect(existing).toEqual(expect.arrayContaining(['dashboard', 'documentsDocumentation', 'logout']));
    // Administration screens of issue 3.
    expect(existing).toEqual(expect.arrayContaining(['institutesOverview', 'adminUsers', 'adminInstitutes', 'auditEvents']));
    // The query overview of issue 11, for location-bound roles only (ecrf-core.md §6).
    expect(existing).toContain('queryOverview');
    // /calendar works (issue 13) but its entry stays hidden: "currently never" (ecrf-core.md §2).
    expect(existing).toContain('calendar');
    expect(visibleSidebarEntries(superAdmin).map((e) => e.key)).toEqual(
      existing.filter((key) => key !== 'queryOverview' && key !== 'calendar' && key !== 'obdsImport'),
    );
    expect(visibleSidebarEntries(as(['QueryGetMyCmd', 'StudyPatientGetContextCmd'], 'DataManager')).map((e) => e.key)).toContain(
      'queryOverview',
    );
  });

  it('shows an existing screen only when its rights are held', () => {
    const table: SidebarEntry[] = [
      { ...entry('configFreetexts'), screenExists: true },
      { ...entry('auditEvents'), screenExists: false },
    ];
    expect(visibleSidebarEntries(as(['SafetyReportGetCmd', 'AuditEventsGetCmd']), table).map((e) => e.key)).toEqual(['configFreetexts']);
    expect(visibleSidebarEntries(nobody, table)).toEqual([]);
  });
});
