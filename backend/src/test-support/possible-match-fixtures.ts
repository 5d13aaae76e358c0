/**
 * Fixtures of the clerical review tests (issue 17): a pseudonymisation service in-process with EpiLink, so a
 * hand-made near-duplicate is a possible match, and pairs registered at location 1001 as the gateway does
 * (stored at the service, then created in the registry). Random names, so no pair matches another test's.
 */
import { randomInt } from 'node:crypto';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { expect } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import type { Api, DemoRegistry } from './documentation-fixtures.js';

export type StartedService = Service & { url: string };
export type PairSide = { studyPatientId: string; patientId: string; pseudonym: string };
export type Pair = { tentative: PairSide; candidate: PairSide };

export async function startEpilinkService(): Promise<StartedService> {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  return { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');

const name = (length: number): string => {
  const letters = word(length);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
};
let identities = 0;

/**
 * A fresh identity without insurance number: random names without a common prefix and a birth year no other
 * identity of this process has, so it resembles no other test's person.
 */
const identity = (): Record<string, string> => ({
  vorname: name(10),
  nachname: name(13),
  geburtstag: '12',
  geburtsmonat: '05',
  geburtsjahr: String(1930 + (identities++ % 75)),
  geschlecht: 'W',
  strasse: `Ringstraße ${randomInt(1, 200)}`,
  plz: '45127',
  ort: 'Essen',
});

/** Registers pairs through `registrar`, who documents at location 1001. */
export function pairFactory(service: StartedService, registrar: Api, registry: DemoRegistry) {
  async function register(fields: Record<string, string>): Promise<string> {
    const token = await registrar.send<{ tokenId: string }>('POST', 'Mainzelliste/createPatientSessionAndToken', { type: 'addPatient' });
    const stored = await fetch(`${service.url}/patients?tokenId=${token.body.tokenId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', mainzellisteApiVersion: '3.2' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(stored.status).toBe(201);
    const pseudonym = ((await stored.json()) as { idString: string }[])[0]?.idString ?? '';
    const created = await registrar.send('POST', 'Mainzelliste/createPatient?tokenId=used-token', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf('1001'),
      pseudonym,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return pseudonym;
  }

  /** A person and a near-duplicate of them confirmed as a new patient: the service holds the pair open. */
  async function openPair(): Promise<{ original: string; tentative: string }> {
    const first = identity();
    const original = await register(first);
    const tentative = await register({ ...first, plz: '45130', sureness: 'true' });
    return { original, tentative };
  }

  const pairsOf = async (client: Api) => {
    const answer = await client.get<{ items: Pair[] }>('PossibleMatch');
    expect(answer.status).toBe(200);
    return answer.body.items;
  };

  return { openPair, pairsOf };
}
