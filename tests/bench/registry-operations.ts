/**
 * The operations of the registry benchmark (issue 14), each twice: as the web app sends it to the gateway
 * (the web's own Relay documents where a screen has one) and as the backend REST calls a client needs for the
 * same data. A run answers its number of upstream calls: the gateway's `extensions.upstreamCalls`, or the REST
 * calls sent.
 */
import pg from 'pg';
import { webOperation as webDocument } from '../../gateway/src/test-support/web-operations.js';

export type Operation = { name: string; gateway: (worker: number) => Promise<number>; rest: (worker: number) => Promise<number> };

const gid = (type: string, id: string): string => Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
/** The gateway's edge cursor (gateway/src/graph/connection.ts): the position, and the row's keyset token where known. */
const cursorFor = (offset: number, keyset?: string): string =>
  Buffer.from(keyset ? `offset:${offset}:${keyset}` : `offset:${offset}`, 'utf8').toString('base64url');
const PAGE = 25;
/** Page 500 starts behind this row (1-based), on a registry that large; on a smaller one behind its last row. */
const DEEP_ROW = 499 * PAGE;

export type BenchData = {
  studyId: string;
  /** Patients with 2 visits, one per save worker, with their follow-up's ECOG field. */
  saves: { studyPatientId: string; instrumentId: string; version: number; fieldId: string; definitionId: string }[];
  longHistory: string;
  /** The location with the most patients (the list filtered by location). */
  largestLocation: string;
  /** The first three characters of a pseudonym (the patient search). */
  pseudonymPart: string;
};

export async function benchData(databaseUrl: string, workers: number): Promise<BenchData> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const study = await db.query<{ id: string }>("select id from study where identifier = 'NNGM'");
    const ids = await db.query<{ instrument: string; ecog: string }>(
      `select jsonb_path_query_first(definition, '$.**? (@.identifier == "performance").id') #>> '{}' as instrument,
              jsonb_path_query_first(definition, '$.**? (@.identifier == "ecog").id') #>> '{}' as ecog
         from study_definition_version order by version desc limit 1`,
    );
    const { instrument, ecog } = ids.rows[0] ?? { instrument: '', ecog: '' };
    const saves = await db.query<BenchData['saves'][number]>(
      `select i.study_patient_id as "studyPatientId", i.id as "instrumentId", i.version, f->>'id' as "fieldId", f->>'definitionId' as "definitionId"
         from instrument i cross join jsonb_array_elements(i.fields) f
        where i.definition_id = $1 and f->>'definitionId' = $2 and not i.is_deleted and i.visit_id is not null
          and (select count(*) from visit v where v.study_patient_id = i.study_patient_id) = 2
        order by i.id limit $3`,
      [instrument, ecog, workers],
    );
    const long = await db.query<{ id: string }>(
      'select study_patient_id as id from visit group by study_patient_id having count(*) = 20 order by study_patient_id limit 1',
    );
    const location = await db.query<{ id: string }>(
      'select study_institute_id as id from study_patient group by study_institute_id order by count(*) desc, study_institute_id limit 1',
    );
    const pseudonym = await db.query<{ part: string }>('select left(pseudonym, 3) as part from study_patient order by id limit 1');
    return {
      studyId: study.rows[0]?.id ?? '',
      saves: saves.rows,
      longHistory: long.rows[0]?.id ?? '',
      largestLocation: location.rows[0]?.id ?? '',
      pseudonymPart: pseudonym.rows[0]?.part ?? '',
    };
  } finally {
    await db.end();
  }
}

export function registryOperations(urls: { gateway: string; backend: string }, token: string, data: BenchData): Operation[] {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const graphql = async (query: string, variables: object): Promise<number> => {
    const response = await fetch(`${urls.gateway}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { errors?: unknown[]; extensions?: { upstreamCalls?: number } };
    if (!response.ok || body.errors) throw new Error(`GraphQL failed: ${response.status} ${JSON.stringify(body.errors)}`);
    return body.extensions?.upstreamCalls ?? Number.NaN;
  };
  const rest = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${urls.backend}/api/v1.0/${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const study = gid('Study', data.studyId);
  const patientsScreen = webDocument('PatientsScreenQuery');
  const patientsPage = webDocument('PatientsTablePaginationQuery');
  const patientScreen = webDocument('PatientScreenQuery');
  const queryOverview = webDocument('QueryOverviewScreenQuery');
  const updateInstrument = webDocument('UpdateInstrumentMutation');

  /** The table page, then the visit states of its patients (from the patient contexts unless the page carries them). */
  const restList = async (query: string): Promise<number> => {
    const page = await rest<{ items: { id: string; visitStates?: unknown }[] }>(
      'GET',
      `NngmStudyPatient/study/${data.studyId}/my?${query}`,
    );
    if (page.items.length === 0 || page.items[0]?.visitStates !== undefined) return 1;
    await rest('GET', `StudyPatient/context?ids=${page.items.map((p) => p.id).join(',')}`);
    return 2;
  };
  const list = (name: string, variables: object, query: string): Operation => ({
    name,
    gateway: () => graphql(patientsPage, { studyId: study, first: PAGE, ...variables }),
    rest: () => restList(`itemsPerPage=${PAGE}&${query}`),
  });
  /** The keyset token of the row page 500 starts behind, read once (by offset) before the first timed request. */
  let deepRow: Promise<{ offset: number; token?: string }> | undefined;
  const deep = () => {
    deepRow ??= (async () => {
      const { totalCount } = await rest<{ totalCount: number }>('GET', `NngmStudyPatient/study/${data.studyId}/my?itemsPerPage=1`);
      const row = Math.min(DEEP_ROW, totalCount);
      const page = await rest<{ items: { cursor: string }[] }>(
        'GET',
        `NngmStudyPatient/study/${data.studyId}/my?itemsPerPage=1&page=${Math.max(row, 1)}`,
      );
      return { offset: row - 1, token: page.items[0]?.cursor };
    })();
    return deepRow;
  };
  const screen = (name: string, studyPatientId: string): Operation => ({
    name,
    gateway: () => graphql(patientScreen, { id: gid('StudyPatient', studyPatientId) }),
    rest: async () => {
      // The context with what the screen shows beside it (its case process steps are in the context), the questionnaires
      // included (issue 30).
      await rest(
        'GET',
        `StudyPatient/context?ids=${studyPatientId}&include=dataQueries,questionnaireInterviews,elearningRequirement,languages,questionnaires`,
      );
      return 1;
    },
  });
  // Each save worker changes the ECOG of its own patient back and forth (a stale version would be refused).
  const ecog = (worker: number) => {
    const save = data.saves[worker];
    if (!save) throw new Error(`no patient for save worker ${worker}`);
    save.version += 1;
    return { save, value: save.version % 2 === 0 ? '1' : '2', version: save.version - 1 };
  };
  return [
    {
      name: 'patient list, first page',
      gateway: () => graphql(patientsScreen, { studyId: study, count: PAGE }),
      rest: () => restList(`itemsPerPage=${PAGE}&page=1`),
    },
    list('patient list, filtered (dropout)', { filter: { hasDropout: true } }, 'page=1&filterHasDropout=true'),
    list(
      'patient list, filtered (largest location)',
      { filter: { studyInstituteId: gid('StudyInstitute', data.largestLocation) } },
      `page=1&filterStudyInstitute=true&studyInstituteId=${data.largestLocation}`,
    ),
    list(
      'patient search (part of a pseudonym)',
      { filter: { search: data.pseudonymPart } },
      `page=1&search=${encodeURIComponent(data.pseudonymPart)}`,
    ),
    list(
      'patient list, sorted (registration, desc.)',
      { orderBy: { field: 'REGISTRATION_DATE', descending: true } },
      'page=1&sortBy=registrationDate&sortDesc=true',
    ),
    list('patient list, page 500 (offset)', { after: cursorFor(DEEP_ROW - 1) }, 'page=500'),
    {
      name: 'patient list, page 500 (keyset)',
      gateway: async () => {
        const { offset, token } = await deep();
        return graphql(patientsPage, { studyId: study, first: PAGE, ...(token ? { after: cursorFor(offset, token) } : {}) });
      },
      rest: async () => {
        const { token } = await deep();
        return restList(`itemsPerPage=${PAGE}${token ? `&after=${encodeURIComponent(token)}` : ''}`);
      },
    },
    {
      name: 'patient count',
      gateway: () =>
        graphql('query BenchCount($studyId: ID!) { studyPatients(studyId: $studyId, first: 1) { totalCount } }', { studyId: study }),
      rest: async () => {
        await rest('GET', `NngmStudyPatient/study/${data.studyId}/my?itemsPerPage=1&page=1`);
        return 1;
      },
    },
    screen('patient screen, 2 visits', data.saves[0]?.studyPatientId ?? ''),
    screen('patient screen, 20 visits', data.longHistory),
    {
      name: 'instrument save',
      gateway: (worker) => {
        const { save, value, version } = ecog(worker);
        return graphql(updateInstrument, {
          input: {
            id: gid('Instrument', `${save.studyPatientId}/${save.instrumentId}`),
            version,
            reasonForChange: 'Benchmark',
            fields: [
              { id: gid('DataField', `${save.studyPatientId}/${save.fieldId}`), definitionKey: save.definitionId, values: [{ value }] },
            ],
          },
        });
      },
      rest: async (worker) => {
        const { save, value, version } = ecog(worker);
        await rest('PUT', `Instrument/${save.instrumentId}`, {
          version,
          reasonForChange: 'Benchmark',
          fields: [{ id: save.fieldId, definitionId: save.definitionId, values: [{ value }] }],
        });
        return 1;
      },
    },
    {
      name: 'query overview',
      gateway: () => graphql(queryOverview, { studyId: study, first: PAGE, patients: 500, withPatients: true }),
      rest: async () => {
        await Promise.all([
          rest('GET', `Query/overview?studyId=${data.studyId}&page=1&itemsPerPage=${PAGE}`),
          rest('GET', `NngmStudyPatient/study/${data.studyId}/my?itemsPerPage=500&page=1`),
        ]);
        return 2;
      },
    },
  ];
}
