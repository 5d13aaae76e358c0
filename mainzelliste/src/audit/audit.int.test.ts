import { randomInt } from 'node:crypto';
import { kvnrCheckDigit } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service.close());

describe('audit trail and logs (docs/mainzelliste.md "Audit", "IDAT in logs")', () => {
  it('records every access with who, what and which pseudonym, and no IDAT anywhere in audit or log', async () => {
    // A fresh valid KVNR and birth name: test runs on a kept PostgreSQL database must not meet each other's identities.
    const digits = String(randomInt(10_000_000, 100_000_000));
    const identity = freshIdentity();
    const person = {
      ...identity,
      geburtsname: `Quellen${identity.nachname ?? ''}`,
      versicherungsnummer: `K${digits}${kvnrCheckDigit('K', digits)}`,
    };
    const auditTrail = { username: 'dana.data', remoteSystem: 'ecrf', reasonForChange: 'Aufnahme' };
    const addToken = await createToken(service.app, 'addPatient', { auditTrail });
    const created = await service.app.inject({
      method: 'POST',
      url: `/patients?tokenId=${addToken}&mainzellisteApiVersion=3.2`,
      ...form(person),
    });
    expect(created.statusCode).toBe(201);
    const pid = created.json<{ idString: string }[]>()[0]?.idString ?? '';
    const checkToken = await createToken(service.app, 'checkMatch', { idTypes: ['pid'] });
    await service.app.inject({ method: 'POST', url: `/patients/checkMatch/${checkToken}`, payload: person });
    const invalid = await service.app.inject({ method: 'POST', url: `/patients?tokenId=${addToken}`, payload: { ...person, plz: 'x' } });
    expect(invalid.statusCode).toBe(401);

    const rows = await service.database.db
      .selectFrom('audit_event')
      .selectAll()
      .where('token_id', 'in', [addToken, checkToken])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.action, row.status, row.outcome])).toEqual([
      ['token.create', 201, null],
      ['patient.create', 201, 'created'],
      ['token.create', 201, null],
      ['patient.checkMatch', 200, 'MATCH'],
    ]);
    expect(rows[1]).toMatchObject({
      server_name: 'ecrf-backend',
      user_name: 'dana.data',
      remote_system: 'ecrf',
      reason: 'Aufnahme',
      token_type: 'addPatient',
    });
    expect(rows[1]?.pseudonyms).toEqual([
      { idType: 'pid', idString: pid },
      { idType: 'intid', idString: expect.any(String) },
    ]);
    expect(rows[3]?.pseudonyms).toContainEqual({ idType: 'pid', idString: pid });

    const refused = await service.database.db
      .selectFrom('audit_event')
      .selectAll()
      .where('action', '=', 'patient.create')
      .where('status', '=', 401)
      .execute();
    expect(refused.length).toBeGreaterThan(0);

    const idat = Object.values(person).filter((value) => value.length > 3);
    // The row number and the clock fields are left out: on a kept database the audit row 1971 or a millisecond
    // timestamp may contain a birth year by chance.
    const audit = JSON.stringify(
      (await service.database.db.selectFrom('audit_event').selectAll().execute()).map((row) => ({
        ...row,
        id: undefined,
        occurred_at: undefined,
      })),
    );
    const log = service.logLines
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.stringify({ ...(JSON.parse(line) as object), time: undefined, responseTime: undefined, pid: undefined }))
      .join('\n');
    expect(log).toContain('"url":"/patients"');
    for (const token of [addToken, checkToken]) expect(log).not.toContain(token);
    // Session and token ids are random UUIDs, which hold a birth year such as 1961 by chance now and then: they are
    // masked before the search for IDAT (the tokens themselves are searched for in the unmasked log above).
    const withoutIds = (text: string): string => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
    for (const value of idat) {
      expect(withoutIds(log)).not.toContain(value);
      expect(withoutIds(audit)).not.toContain(value);
    }
  });

  it('refuses to change or delete audit rows: the service login lacks the right, and the owner meets the triggers', async () => {
    await expect(service.database.db.deleteFrom('audit_event').execute()).rejects.toThrow(/permission denied/);
    await service.asOwner(async ({ db }) => {
      await expect(db.deleteFrom('audit_event').execute()).rejects.toThrow(/append-only/);
      await expect(db.updateTable('audit_event').set({ action: 'x' }).execute()).rejects.toThrow(/append-only/);
    });
  });
});
