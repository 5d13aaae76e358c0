/**
 * OncoBox imports and the safety review through the gateway against a real backend: the streamed upload route
 * answers the report (and the backend's German refusals), the import is listed and downloaded through its signed
 * link; the screening configuration's errors come back as typed user errors at the input field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../graph/global-id.js';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { UPLOAD_ROUTE, type UploadReport } from './upload-route.js';

let harness: Harness;
let token: string;
let cologne: string;
let studyId: string;

beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('masterdatamanager')).token;
  const admin = (await harness.signIn('superadmin')).token;
  const locations = (await (
    await fetch(`${harness.backendUrl}/api/v1.0/StudyInstitute`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { id: string; studyId: string; identifier: string }[];
  const location = locations.find((l) => l.identifier === '1001');
  cologne = toGlobalId('StudyInstitute', location?.id ?? '');
  studyId = toGlobalId('Study', location?.studyId ?? '');
});
afterAll(async () => {
  await harness?.close();
});

const CSV = 'Jahr;Kennzahl;Bezeichnung;Zähler;Nenner\n2024;1;Primärfälle;120;\n2024;2a;Tumorkonferenz;95;90\n';

async function upload(content: string, fileName: string, locationId = cologne, bearer = token) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  return fetch(`${harness.url}${UPLOAD_ROUTE}?locationId=${encodeURIComponent(locationId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
}

type ImportsAnswer = {
  onkozertImports: {
    totalCount: number;
    edges: {
      node: {
        id: string;
        fileName: string;
        locationIdentifier: string;
        acceptedRowCount: number;
        rejectedRows: unknown[];
        downloadUrl: string | null;
      };
    }[];
  };
};

describe('the OncoBox upload route and imports', () => {
  it('streams the file to the backend, answers the report, lists the import and downloads it again', async () => {
    const response = await upload(CSV, 'kennzahlen.csv');
    expect(response.status).toBe(201);
    const report = (await response.json()) as UploadReport;
    expect(report).toMatchObject({ fileName: 'kennzahlen.csv', acceptedRowCount: 1, rejectedRowCount: 1 });
    expect(report.rejectedRows).toEqual([{ row: 3, column: 'Nenner', message: 'Der Nenner ist kleiner als der Zähler' }]);

    const answer = await harness.request<ImportsAnswer>(
      `query($locationId: ID) { onkozertImports(locationId: $locationId, first: 10) { totalCount edges { node { id fileName locationIdentifier acceptedRowCount rejectedRows { row column message } downloadUrl } } } }`,
      { locationId: cologne },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const node = answer.data?.onkozertImports.edges.find((edge) => edge.node.id === report.importId)?.node;
    expect(node).toMatchObject({ fileName: 'kennzahlen.csv', locationIdentifier: '1001', acceptedRowCount: 1 });
    const download = await fetch(`${harness.url}${node?.downloadUrl ?? ''}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(CSV);
    expect(download.headers.get('content-disposition')).toContain('kennzahlen.csv');

    const locations = await harness.request<{ onkozertLocations: { id: string; identifier: string }[] }>(
      `{ onkozertLocations { id identifier displayName } }`,
      {},
      token,
    );
    expect(locations.data?.onkozertLocations.find((l) => l.identifier === '1001')?.id).toBe(cologne);

    const byNode = await harness.request<{ node: { fileName: string } | null }>(
      `query($id: ID!) { node(id: $id) { ... on OnkozertImport { fileName } } }`,
      { id: report.importId },
      token,
    );
    expect(byNode.data?.node?.fileName).toBe('kennzahlen.csv');
  });

  it('passes the backend’s refusals on with their German message and status', async () => {
    const header = await upload('Name;Vorname\nx;y\n', 'falsch.csv');
    expect(header.status).toBe(400);
    expect(((await header.json()) as { message: string }).message).toBe(
      'Unbekannte Spalte „Name“. Erlaubt sind: Jahr, Kennzahl, Bezeichnung, Zähler, Nenner.',
    );
    const big = await upload('Jahr;Kennzahl;Zähler\n' + '2024;1;1\n'.repeat(1_200_000), 'gross.csv');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe('Die Datei ist größer als 10 MB und wurde nicht importiert.');
    const anonymous = await upload(CSV, 'kennzahlen.csv', cologne, '');
    expect(anonymous.status).toBe(401);
    const badLocation = await upload(CSV, 'kennzahlen.csv', studyId);
    expect(badLocation.status).toBe(400);
  });
});

describe('the safety review in the graph', () => {
  type Payload = {
    updateScreeningConfiguration: {
      screeningConfiguration: { version: number; visitFields: string[] } | null;
      errors: { code: string; message: string; path: string[] }[];
    };
  };
  const save = (input: Record<string, unknown>, bearer: string) =>
    harness.request<Payload>(
      `mutation($input: UpdateScreeningConfigurationInput!) { updateScreeningConfiguration(input: $input) { screeningConfiguration { version visitFields } errors { code message path } } }`,
      { input },
      bearer,
    );

  it('saves the configuration, names unknown fields at their input place, refuses a stale version and reports', async () => {
    const manager = (await harness.signIn('datamanager')).token;
    const current = await harness.request<{ screeningConfiguration: { version: number } }>(
      `query($studyId: ID!) { screeningConfiguration(studyId: $studyId) { version } }`,
      { studyId },
      manager,
    );
    const version = current.data?.screeningConfiguration.version ?? 0;
    const lists = { studyId, studyPatientFields: ['sex'], visitFields: ['baseline.baseline_date'], instrumentFields: [] };
    const unknown = await save({ ...lists, visitFields: ['baseline.gibtsnicht'], version }, manager);
    expect(unknown.data?.updateScreeningConfiguration.errors).toEqual([
      {
        code: 'INVALID_VALUE',
        message: '„baseline.gibtsnicht“: kein Wertefeld dieses Namens in der Studiendefinition',
        path: ['visitFields', '0'],
      },
    ]);
    const saved = await save({ ...lists, version }, manager);
    expect(saved.data?.updateScreeningConfiguration).toEqual({
      screeningConfiguration: { version: version + 1, visitFields: ['baseline.baseline_date'] },
      errors: [],
    });
    const stale = await save({ ...lists, version }, manager);
    expect(stale.data?.updateScreeningConfiguration.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.data?.updateScreeningConfiguration.screeningConfiguration?.version).toBe(version + 1);

    const report = await harness.request<{ screeningReport: { columns: { label: string }[]; rows: { totalCount: number } } }>(
      `query($studyId: ID) { screeningReport(studyId: $studyId, fromDate: "2000-01-01") { columns { name label } rows(first: 5) { totalCount edges { node { pseudonym registrationDate values } } } } }`,
      { studyId },
      manager,
    );
    expect(report.errors).toBeUndefined();
    expect(report.data?.screeningReport.columns.map((c) => c.label)).toEqual([
      'Patient: Geschlecht',
      'Baseline: Datum der Baseline-Visite',
    ]);
    expect(report.data?.screeningReport.rows.totalCount).toBeGreaterThan(0);

    const texts = await harness.request<{ freeTextReport: { totalCount: number } }>(
      `query($studyId: ID!) { freeTextReport(studyId: $studyId, fromDate: "2000-01-01", first: 5) { totalCount edges { node { pseudonym fieldLabel text changedAt } } } }`,
      { studyId },
      manager,
    );
    expect(texts.errors).toBeUndefined();
  });
});
