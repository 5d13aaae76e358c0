import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
// EpiLink makes a possible match predictable here (one wrong birth day: 0.93); the review list is the same for both models.
beforeAll(async () => {
  service = await createTestService({ matcher: 'epilink' });
});
afterAll(async () => service.close());

type Id = { idType: string; idString: string; tentative: boolean };
type Pair = { tentative: { idType: string; idString: string }; candidate: { idType: string; idString: string } };
const auditTrail = { username: 'dana.data', remoteSystem: 'ecrf', reasonForChange: 'Dublettenprüfung' };

const add = async (fields: Record<string, string>) => {
  const token = await createToken(service.app, 'addPatient', {});
  const response = await service.app.inject({
    method: 'POST',
    url: `/patients?tokenId=${token}&mainzellisteApiVersion=3.2`,
    ...form(fields),
  });
  return response.json<Id[]>()[0]?.idString ?? '';
};

/** A stored person and a near-duplicate created tentatively despite the possible match. */
async function possibleMatch(): Promise<{ person: Record<string, string>; pid: string; tentativePid: string }> {
  const person = freshIdentity();
  const pid = await add(person);
  const tentativePid = await add({ ...person, geburtstag: person.geburtstag === '01' ? '02' : '01', sureness: 'true' });
  return { person, pid, tentativePid };
}

const list = async () => service.app.inject({ method: 'GET', url: '/possibleMatches', headers: apiKey });
const decide = async (pid: string, decision: string) =>
  service.app.inject({ method: 'PUT', url: `/possibleMatches/${pid}`, headers: apiKey, payload: { decision, auditTrail } });

describe('clerical review of possible matches (issue 17)', () => {
  it('lists a tentative patient beside its possible match, and keeps them apart on request', async () => {
    const { person, pid, tentativePid } = await possibleMatch();
    expect(tentativePid).not.toBe(pid);
    expect((await list()).json<Pair[]>()).toContainEqual({
      tentative: { idType: 'pid', idString: tentativePid },
      candidate: { idType: 'pid', idString: pid },
    });

    expect((await decide(tentativePid, 'apart')).statusCode).toBe(204);
    expect((await list()).json<Pair[]>().map((pair) => pair.tentative.idString)).not.toContain(tentativePid);
    const ids = await service.database.db.selectFrom('patient_id').select('tentative').where('id_string', '=', tentativePid).execute();
    expect(ids).toEqual([{ tentative: false }]);
    expect((await decide(tentativePid, 'apart')).statusCode).toBe(404);

    const audit = await service.database.db
      .selectFrom('audit_event')
      .selectAll()
      .where('action', '=', 'possibleMatch.decide')
      .where('status', '=', 204)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_name: 'dana.data', remote_system: 'ecrf', outcome: 'apart' });
    expect(audit.pseudonyms).toEqual([
      { idType: 'pid', idString: tentativePid },
      { idType: 'pid', idString: pid },
    ]);
    const text = JSON.stringify(audit);
    for (const value of [person.vorname, person.nachname, person.strasse]) expect(text).not.toContain(value);
  });

  it('records the same person without making the tentative patient definite', async () => {
    const { tentativePid } = await possibleMatch();
    expect((await decide(tentativePid, 'same')).statusCode).toBe(204);
    expect((await list()).json<Pair[]>().map((pair) => pair.tentative.idString)).not.toContain(tentativePid);
    const ids = await service.database.db.selectFrom('patient_id').select('tentative').where('id_string', '=', tentativePid).execute();
    expect(ids).toEqual([{ tentative: true }]);
  });

  it('needs the API key and a decision of same or apart', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/possibleMatches' })).statusCode).toBe(401);
    const { tentativePid } = await possibleMatch();
    expect((await decide(tentativePid, 'merge')).statusCode).toBe(400);
  });
});
