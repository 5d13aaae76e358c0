/**
 * The identity calls against the real pseudonymisation service (in-process, listening on a free port)
 * and the real backend database: rights, scoping of read tokens, links, and the §5 statuses provoked for
 * real (a wrong key, a wrong base path, no service at all, an unknown identity, a service whose database
 * is gone).
 */
import { randomInt } from 'node:crypto';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { kvnrCheckDigit } from '@ecrf/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { api, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';
import { mainzellisteMessage, MAINZELLISTE_ERROR_PREFIX } from './identity-errors.js';

type Started = Service & { url: string };
let service: Started;
let backend: TestBackend;
let registry: DemoRegistry;
let physician1001: Api;
let physician2002: Api;
let dataManager: Api;
let researcher: Api;

async function startService(): Promise<Started> {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY });
  const port = await freePort();
  return { ...started, url: await started.app.listen({ port, host: '127.0.0.1' }) };
}

async function user(role: RoleIdentifier, institutes: string[]): Promise<Api> {
  const created = await createTestUser(backend.database, { role, institutes });
  return api(backend.app, (await signIn(backend.app, created.userName, created.password)).token);
}

beforeAll(async () => {
  service = await startService();
  backend = await createTestBackend({ mainzelliste: { url: service.url, apiKey: DEV_API_KEY } });
  registry = await demoRegistry(backend.database);
  [physician1001, physician2002, dataManager, researcher] = await Promise.all([
    user('Physician', ['1001']),
    user('Physician', ['2002']),
    user('DataManager', ['1001']),
    user('Researcher', []),
  ]);
});
afterAll(async () => {
  await backend.close();
  await service.close();
});

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
const twoDigits = (from: number, to: number): string => String(randomInt(from, to)).padStart(2, '0');

/** A random statutory insurance number with its check digit. */
function kvnr(): string {
  const letter = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(randomInt(26));
  const digits = Array.from({ length: 8 }, () => String(randomInt(10))).join('');
  return `${letter}${digits}${kvnrCheckDigit(letter, digits)}`;
}

/** A fresh identity, as the gateway sends it (docs/mainzelliste.md "IDAT fields"); random so none matches another. */
function identity(): Record<string, string> {
  return {
    vorname: `Anne${word(5)}`,
    nachname: `Kowal${word(8)}`,
    geburtstag: twoDigits(1, 29),
    geburtsmonat: twoDigits(1, 13),
    geburtsjahr: String(randomInt(1930, 2005)),
    geschlecht: 'W',
    strasse: `Zülpicher ${word(8)}straße ${randomInt(1, 200)}`,
    plz: '50937',
    ort: 'Köln',
    versicherungsnummer: kvnr(),
  };
}

/** Stores an identity at the service with a token of the backend, as the gateway does; its pid. */
async function addIdentity(client: Api, fields: Record<string, string>): Promise<string> {
  const token = await client.send<{ tokenId: string }>('POST', 'Mainzelliste/createPatientSessionAndToken', { type: 'addPatient' });
  expect(token.status).toBe(201);
  const response = await fetch(`${service.url}/patients?tokenId=${token.body.tokenId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', mainzellisteApiVersion: '3.2' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { idString: string }[])[0]?.idString ?? '';
}

async function registerAt(client: Api, location: string, fields = identity()) {
  const pseudonym = await addIdentity(client, fields);
  const created = await client.send<{ id: string; patientId: string; pseudonym: string }>(
    'POST',
    'Mainzelliste/createPatient?tokenId=used-token',
    {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf(location),
      pseudonym,
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...created.body, fields };
}

async function readAtService(tokenId: string) {
  const response = await fetch(`${service.url}/patients?tokenId=${tokenId}`, { headers: { mainzellisteApiVersion: '3.2' } });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as { fields: Record<string, string>; ids: { idString: string }[] }[]) : null,
  };
}

describe('identity calls: rights', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', 'Mainzelliste/getMainzellisteConfiguration'],
    ['POST', 'Mainzelliste/createPatientSessionAndToken', { type: 'addPatient' }],
    ['POST', 'Mainzelliste/getCheckPatientMatchToken'],
    ['POST', 'Mainzelliste/getCheckPatientMatch?tokenId=t', { similarityScore: 1, pid: 'ABCDEFGH' }],
    ['POST', 'Mainzelliste/linkPatientToMainzelliste', { patientId: '00000000-0000-4000-8000-000000000000', pseudonym: 'ABCDEFGH' }],
    ['GET', 'Mainzelliste/retrieveCheckMatchPatient?token=ABCDEFGH'],
    [
      'POST',
      'Mainzelliste/createPatient?tokenId=t',
      { studyId: '00000000-0000-4000-8000-000000000000', studyInstituteId: '00000000-0000-4000-8000-000000000000', pseudonym: 'ABCDEFGH' },
    ],
    ['GET', 'Mainzelliste/getMainzellistePatients'],
    ['GET', 'Mainzelliste/getReadPatientTokenByGuid?patientId=00000000-0000-4000-8000-000000000000'],
    ['POST', 'Mainzelliste/getReadPatientTokenForAllPatients', { requestedPatientIds: [] }],
    ['POST', 'Mainzelliste/getReadPatientTokenForMyPatients', { requestedPatientIds: [] }],
    ['GET', 'Mainzelliste/getMyRealPatients?instituteId=00000000-0000-4000-8000-000000000000'],
    ['POST', 'Mainzelliste/syncMainzellistePatientsToIdProvider'],
  ];

  it.each(calls)('%s %s answers 403 without its right', async (method, url, body) => {
    const answer =
      method === 'GET' ? await researcher.get<{ code: string }>(url) : await researcher.send<{ code: string }>('POST', url, body);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('ECRF_ERR_FORBIDDEN');
  });

  it('publishes the match threshold and the five §5 texts', async () => {
    const answer = await physician1001.get<{ matchThreshold: number; errors: { status: number; code: string; message: string }[] }>(
      'Mainzelliste/getMainzellisteConfiguration',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.matchThreshold).toBe(0.99);
    expect(answer.body.errors.map((e) => [e.status, e.code])).toEqual([
      [400, 'ECRF_ERR_MAINZELLISTE_400'],
      [401, 'ECRF_ERR_MAINZELLISTE_401'],
      [404, 'ECRF_ERR_MAINZELLISTE_404'],
      [409, 'ECRF_ERR_MAINZELLISTE_409'],
      [500, 'ECRF_ERR_MAINZELLISTE_500'],
    ]);
    for (const entry of answer.body.errors) expect(entry.message.startsWith(`${MAINZELLISTE_ERROR_PREFIX} `)).toBe(true);
  });
});

describe('registration, links and read tokens', () => {
  it('creates the registry patient under the service pid, with no IDAT in the answer', async () => {
    const created = await registerAt(physician1001, '1001');
    expect(created.pseudonym).toMatch(/^[0-9A-Z]{8}$/);
    const { fields, ...answer } = created;
    expect(JSON.stringify(answer)).not.toContain(fields.nachname);
    const unknown = await physician1001.send<{ code: string }>('POST', 'Mainzelliste/createPatient?tokenId=t', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
      pseudonym: 'ZZZZZZZZ',
    });
    expect(unknown.status).toBe(400);
  });

  it('scopes a read token to the requested patients at my locations, all with the all-right, and it works once', async () => {
    const mine = await registerAt(physician1001, '1001');
    const elsewhere = await registerAt(physician2002, '2002');
    const ids = [mine.patientId, elsewhere.patientId];
    const my = await physician1001.send<{ tokenId: string; patients: { patientId: string; pseudonym: string }[] }>(
      'POST',
      'Mainzelliste/getReadPatientTokenForMyPatients',
      { requestedPatientIds: ids },
    );
    expect(my.body.patients).toEqual([{ patientId: mine.patientId, pseudonym: mine.pseudonym }]);
    const read = await readAtService(my.body.tokenId);
    expect(read.body?.map((row) => row.fields.nachname)).toEqual([mine.fields.nachname]);
    // The token reads every stored IDAT field, gender and street included.
    expect(read.body?.[0]?.fields).toMatchObject(mine.fields);
    expect((await readAtService(my.body.tokenId)).status).toBe(401);

    const all = await dataManager.send<{ tokenId: string; patients: unknown[] }>('POST', 'Mainzelliste/getReadPatientTokenForAllPatients', {
      requestedPatientIds: ids,
    });
    expect(all.body.patients).toHaveLength(2);
    expect((await readAtService(all.body.tokenId)).body?.map((row) => row.fields.nachname).sort()).toEqual(
      [mine.fields.nachname, elsewhere.fields.nachname].sort(),
    );

    expect((await physician2002.get(`Mainzelliste/getReadPatientTokenByGuid?patientId=${mine.patientId}`)).status).toBe(404);
    const one = await physician1001.get<{ tokenId: string }>(`Mainzelliste/getReadPatientTokenByGuid?patientId=${mine.patientId}`);
    expect((await readAtService(one.body.tokenId)).body?.[0]?.ids[0]?.idString).toBe(mine.pseudonym);

    const none = await physician1001.send<{ tokenId: string | null }>('POST', 'Mainzelliste/getReadPatientTokenForMyPatients', {
      requestedPatientIds: [elsewhere.patientId],
    });
    expect(none.body).toMatchObject({ tokenId: null, patients: [] });
  });

  it('judges a check-match by the 0.99 rule and names the registered patient behind a pseudonym', async () => {
    const mine = await registerAt(physician1001, '1001');
    const verdict = (score: number) =>
      physician1001.send<{ isMatch: boolean }>('POST', 'Mainzelliste/getCheckPatientMatch?tokenId=t', {
        similarityScore: score,
        pid: mine.pseudonym,
      });
    expect((await verdict(0.989)).body.isMatch).toBe(false);
    expect((await verdict(0.99)).body.isMatch).toBe(true);
    const known = await physician1001.get<{ registered: boolean; studyPatients: { id: string }[] }>(
      `Mainzelliste/retrieveCheckMatchPatient?token=${mine.pseudonym}`,
    );
    expect(known.body).toMatchObject({ registered: true, studyPatients: [{ id: mine.id }] });
    const hidden = await physician2002.get<{ registered: boolean; studyPatients: unknown[] }>(
      `Mainzelliste/retrieveCheckMatchPatient?token=${mine.pseudonym}`,
    );
    expect(hidden.body).toMatchObject({ registered: true, studyPatients: [] });
  });

  it('links, lists, syncs and answers my real patients', async () => {
    const pid = await addIdentity(physician1001, identity());
    const plain = await physician1001.send<{ id: string; patientId: string }>('POST', 'NngmStudyPatient', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
    });
    const link = await physician1001.send('POST', 'Mainzelliste/linkPatientToMainzelliste', {
      patientId: plain.body.patientId,
      pseudonym: pid,
    });
    expect(link.status).toBe(201);
    expect(
      (await physician1001.send('POST', 'Mainzelliste/linkPatientToMainzelliste', { patientId: plain.body.patientId, pseudonym: pid }))
        .status,
    ).toBe(409);

    const samePid = await addIdentity(physician1001, identity());
    const unlinked = await physician1001.send<{ patientId: string }>('POST', 'NngmStudyPatient', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
      pseudonym: samePid,
    });
    const syncer = await user('MasterDataManager', ['1001']);
    const sync = await syncer.send<{ linked: string[]; missingAtService: string[] }>(
      'POST',
      'Mainzelliste/syncMainzellistePatientsToIdProvider',
    );
    expect(sync.status).toBe(200);
    expect(sync.body.linked).toContain(samePid);

    const listed = await dataManager.get<{ items: { pseudonym: string; patientId: string | null }[]; totalCount: number }>(
      'Mainzelliste/getMainzellistePatients?limit=500',
    );
    expect(listed.body.items).toContainEqual({ pseudonym: samePid, tentative: false, patientId: unlinked.body.patientId });
    expect(JSON.stringify(listed.body)).not.toMatch(/Kowal|Anne/);

    const institute = await backend.database.db
      .selectFrom('study_institute')
      .select('institute_id')
      .where('id', '=', registry.locationOf('1001'))
      .executeTakeFirstOrThrow();
    const real = await physician1001.get<{ tokenId: string; studyPatients: { id: string }[] }>(
      `Mainzelliste/getMyRealPatients?instituteId=${institute.institute_id}&patientId=${pid}`,
    );
    expect(real.body.studyPatients.map((sp) => sp.id)).toEqual([plain.body.id]);
    expect((await readAtService(real.body.tokenId)).body?.[0]?.ids[0]?.idString).toBe(pid);
  });

  it('audits every identity access with pseudonyms and never IDAT', async () => {
    const mine = await registerAt(physician1001, '1001');
    await physician1001.send('POST', 'Mainzelliste/getReadPatientTokenForMyPatients', { requestedPatientIds: [mine.patientId] });
    const rows = await backend.database.db
      .selectFrom('audit_trail')
      .select(['event', 'new_value'])
      .where('table_name', '=', 'patient_identity_link')
      .execute();
    expect(rows.map((row) => row.event)).toEqual(
      expect.arrayContaining([
        'IdentityTokenIssued',
        'IdentityLinked',
        'IdentityMatchChecked',
        'IdentitiesSynchronized',
        'IdentityPatientsListed',
      ]),
    );
    const text = JSON.stringify(rows);
    expect(text).toContain(mine.pseudonym);
    expect(text).not.toContain(mine.fields.nachname);
    expect(text).not.toContain(mine.fields.versicherungsnummer);
  });
});

describe('the registry database holds no IDAT', () => {
  it('finds no registered first name, last name, birth date, street or insurance number in any text or jsonb column', async () => {
    const registered = [await registerAt(physician1001, '1001'), await registerAt(dataManager, '1001')];
    // The master data update of the ML variant, as the gateway sends it: field names, no values.
    const masterData = await user('MasterDataManager', ['1001']);
    expect(
      (
        await masterData.send('PUT', `NngmStudyPatient/${registered[0]?.id ?? ''}/UpdateNngmStudyPatientDataML`, {
          lastName: '',
          address: '',
          insuranceNumber: '',
        })
      ).status,
    ).toBe(200);
    const { rows: columns } = await sql<{ table_schema: string; table_name: string; column_name: string }>`
      SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema', 'mainzelliste') AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'character')`.execute(
      backend.database.db,
    );
    expect(columns.length).toBeGreaterThan(20);
    const needles = registered
      .flatMap(({ fields }) => [
        fields.vorname,
        fields.nachname,
        fields.strasse,
        fields.versicherungsnummer,
        `${fields.geburtsjahr}-${fields.geburtsmonat}-${fields.geburtstag}`,
        `${fields.geburtstag}.${fields.geburtsmonat}.${fields.geburtsjahr}`,
        `${fields.geburtstag}${fields.geburtsmonat}${fields.geburtsjahr}`,
      ])
      .map((needle) => needle ?? '');
    const columnsContaining = async (values: string[]) => {
      const hits: string[] = [];
      for (const column of columns) {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(`${column.table_schema}.${column.table_name}`)}
          WHERE ${sql.ref(column.column_name)}::text ILIKE ANY (${values.map((value) => `%${value}%`)})`.execute(backend.database.db);
        if ((rows[0]?.n ?? 0) > 0) hits.push(`${column.table_name}.${column.column_name}`);
      }
      return hits;
    };
    expect(await columnsContaining(needles)).toEqual([]);
    // The search finds what is there: the pseudonym, in the patient table and the audit trail.
    expect(await columnsContaining([registered[0]?.pseudonym ?? ''])).toEqual(
      expect.arrayContaining(['patient.pseudonym', 'audit_trail.new_value']),
    );
  });
});

describe('the answers of the service (ecrf-calls.md §5) become their German texts', () => {
  const expectStatus = (answer: { status: number; body: unknown }, status: 400 | 401 | 404 | 500, http: number) => {
    expect(answer.status).toBe(http);
    expect(answer.body).toMatchObject({ code: `ECRF_ERR_MAINZELLISTE_${status}`, message: mainzellisteMessage(status) });
  };
  const withAccess = async <T>(access: { url: string; apiKey: string }, run: () => Promise<T>): Promise<T> => {
    const saved = { ...backend.config.mainzelliste };
    Object.assign(backend.config.mainzelliste, access);
    try {
      return await run();
    } finally {
      Object.assign(backend.config.mainzelliste, saved);
    }
  };

  it('400: an editPatient token for an identity the service does not keep', async () => {
    const gone = `GONE${Date.now().toString(36).toUpperCase()}`;
    const plain = await dataManager.send<{ patientId: string }>('POST', 'NngmStudyPatient', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
      pseudonym: gone,
    });
    // A link whose identity the service never had (as after a deletion there): the service refuses the token with 400.
    await backend.database.db
      .withTables<{ patient_identity_link: { patient_id: string; id_type: string; id_string: string } }>()
      .insertInto('patient_identity_link')
      .values({ patient_id: plain.body.patientId, id_type: 'pid', id_string: gone })
      .execute();
    const masterData = await user('MasterDataManager', ['1001']);
    expectStatus(
      await masterData.send('POST', 'Mainzelliste/createPatientSessionAndToken', {
        type: 'editPatient',
        patientId: plain.body.patientId,
        fields: ['nachname'],
      }),
      400,
      502,
    );
  });

  it('401: a wrong API key', async () => {
    expectStatus(
      await withAccess({ url: service.url, apiKey: 'falscher-schluessel' }, () =>
        physician1001.send('POST', 'Mainzelliste/getCheckPatientMatchToken'),
      ),
      401,
      502,
    );
  });

  it('404: a wrong base path at the service, and no service answering at all', async () => {
    expectStatus(
      await withAccess({ url: `${service.url}/nicht-da`, apiKey: DEV_API_KEY }, () =>
        physician1001.send('POST', 'Mainzelliste/getCheckPatientMatchToken'),
      ),
      404,
      503,
    );
    const closedPort = `http://127.0.0.1:${await freePort()}`;
    expectStatus(
      await withAccess({ url: closedPort, apiKey: DEV_API_KEY }, () =>
        physician1001.send('POST', 'Mainzelliste/getCheckPatientMatchToken'),
      ),
      404,
      503,
    );
  });

  it('500: a service whose database is gone', async () => {
    const broken = await startService();
    try {
      await broken.database.close();
      expectStatus(
        await withAccess({ url: broken.url, apiKey: DEV_API_KEY }, () => dataManager.get('Mainzelliste/getMainzellistePatients')),
        500,
        502,
      );
    } finally {
      await broken.app.close();
    }
  });
});
