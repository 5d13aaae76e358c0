/**
 * The gateway's calls to the pseudonymisation service (mainzelliste-api.md §1 "Patients"): IDAT goes
 * from here to the service and back, never through the registry backend. Every call carries a token the
 * backend issued; the gateway has no API key of its own. A failure is a `ServiceFailure` with the HTTP
 * status (0: no answer).
 */
import { request, type Dispatcher } from 'undici';
import type { IdatFields } from './identity-fields.js';

/** The API version the backend's tokens are made for (getMainzellisteConfiguration.apiVersion). */
const API_VERSION = '3.2';
const TIMEOUT_MS = 10_000;

export class ServiceFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`pseudonymisation service answered ${status}`);
    this.name = 'ServiceFailure';
  }
}

export type CheckMatchResult = { similarityScore: number; pid?: string };
export type AddPatientResult = { pseudonym: string; tentative: boolean };
export type StoredIdentity = { fields: Partial<Record<string, string>>; ids: { idType: string; idString: string; tentative: boolean }[] };

export type ServiceStats = { calls: number };

export function createServiceClient(baseUrl: string, stats: ServiceStats = { calls: 0 }) {
  async function send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: { form: IdatFields } | { json: IdatFields },
  ): Promise<{ status: number; body: unknown }> {
    stats.calls += 1;
    // undici's request, not fetch: fetch refuses the WHATWG "bad ports" (6000, …), and the service may run on any port.
    let response: Dispatcher.ResponseData;
    try {
      response = await request(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          mainzellisteApiVersion: API_VERSION,
          ...(body === undefined ? {} : { 'content-type': 'form' in body ? 'application/x-www-form-urlencoded' : 'application/json' }),
        },
        body: body === undefined ? undefined : 'form' in body ? new URLSearchParams(body.form).toString() : JSON.stringify(body.json),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ServiceFailure(0, null);
    }
    const text = await response.body.text();
    const parsed: unknown = String(response.headers['content-type']).includes('json') && text ? JSON.parse(text) : text;
    return { status: response.statusCode, body: parsed };
  }

  const token = (tokenId: string) => encodeURIComponent(tokenId);

  return {
    stats,
    /** POST /patients/checkMatch/{tokenId}: the best match's score and pid; stores nothing. */
    async checkMatch(tokenId: string, fields: IdatFields): Promise<CheckMatchResult> {
      const answer = await send('POST', `/patients/checkMatch/${token(tokenId)}`, { form: fields });
      if (answer.status !== 200) throw new ServiceFailure(answer.status, answer.body);
      const [first] = answer.body as { similarityScore: number; pid?: string }[];
      return { similarityScore: first?.similarityScore ?? -Number.MAX_VALUE, ...(first?.pid ? { pid: first.pid } : {}) };
    },
    /** POST /patients?tokenId: the pid of the new (or the identical stored) identity; a possible duplicate is a 409 failure. */
    async addPatient(tokenId: string, fields: IdatFields, sureness: boolean): Promise<AddPatientResult> {
      const answer = await send('POST', `/patients?tokenId=${token(tokenId)}`, {
        form: sureness ? { ...fields, sureness: 'true' } : fields,
      });
      if (answer.status !== 201) throw new ServiceFailure(answer.status, answer.body);
      const [id] = answer.body as { idString: string; tentative: boolean }[];
      if (!id) throw new ServiceFailure(500, answer.body);
      return { pseudonym: id.idString, tentative: id.tentative };
    },
    /** GET /patients?tokenId: the identities a read token covers; "No patient found" is an empty list. */
    async readPatients(tokenId: string): Promise<StoredIdentity[]> {
      const answer = await send('GET', `/patients?tokenId=${token(tokenId)}`);
      if (answer.status === 404 && answer.body === 'No patient found') return [];
      if (answer.status !== 200) throw new ServiceFailure(answer.status, answer.body);
      // Mainzelliste answers {} for a searched id nobody holds (a patient deleted meanwhile).
      return (answer.body as Partial<StoredIdentity>[]).filter((row): row is StoredIdentity => row.ids !== undefined);
    },
    /** PUT /patients/tokenId/{tokenId}: new values of the fields the token allows; an empty value clears. */
    async editPatient(tokenId: string, fields: IdatFields): Promise<void> {
      const answer = await send('PUT', `/patients/tokenId/${token(tokenId)}`, { json: fields });
      if (answer.status !== 204) throw new ServiceFailure(answer.status, answer.body);
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;

/** The pid a 409 of POST /patients names (the backend's addPatient tokens ask for showPossibleMatches). */
export function possibleDuplicateOf(failure: ServiceFailure): string | null {
  const body = failure.body as { possibleMatches?: { idType: string; idString: string }[] } | null;
  return body?.possibleMatches?.find((id) => id.idType === 'pid')?.idString ?? null;
}
