/**
 * The backend's calls to the pseudonymisation service (mainzelliste-api.md §1): sessions and tokens with
 * the API key, and reads of pseudonyms only (`resultFields: []`), so no IDAT ever reaches the backend.
 * Failures become the §5 errors of identity-errors.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { request, type Dispatcher } from 'undici';
import type { MainzellisteAccess } from '../config/config.js';
import { mainzellisteError } from './identity-errors.js';

/** From 3.2 unknown searchIds are skipped when read instead of refusing the token (mainzelliste-api.md §1). */
export const API_VERSION = '3.2';
/** The service's default id type; the registry's pseudonym of a linked identity is one of these. */
export const ID_TYPE = 'pid';
/** The IDAT fields the service keeps (docs/mainzelliste.md "IDAT fields"); the backend never reads their values. */
export const IDAT_FIELDS = [
  'vorname',
  'nachname',
  'geburtsname',
  'geburtstag',
  'geburtsmonat',
  'geburtsjahr',
  'geschlecht',
  'strasse',
  'plz',
  'ort',
  'versicherungsnummer',
] as const;
export type IdatField = (typeof IDAT_FIELDS)[number];

export type TokenType = 'addPatient' | 'readPatients' | 'editPatient' | 'checkMatch';
export type IssuedToken = { tokenId: string; sessionId: string; allowedUses: number };
export type StoredPseudonym = { pseudonym: string; tentative: boolean };
/** An open pair of the clerical review list: the tentative patient and the stored one it was held against. */
export type PossibleMatchPair = { tentative: string; candidate: string };
export type PossibleMatchDecision = 'same' | 'apart';
export type AuditTrail = { username: string; remoteSystem: string; reasonForChange: string };

const TIMEOUT_MS = 10_000;

type Answer = { status: number; body: unknown; headers: IncomingHttpHeaders };

export function createMainzellisteClient(access: MainzellisteAccess) {
  async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
    // undici's request, not fetch: fetch refuses the WHATWG "bad ports" (6000, …), and the service may run on any port.
    let response: Dispatcher.ResponseData;
    try {
      response = await request(`${access.url}${path}`, {
        method,
        headers: {
          mainzellisteApiKey: access.apiKey,
          mainzellisteApiVersion: API_VERSION,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw mainzellisteError(0);
    }
    const text = await response.body.text();
    const json = String(response.headers['content-type']).includes('json') && text ? (JSON.parse(text) as unknown) : text;
    return { status: response.statusCode, body: json, headers: response.headers };
  }

  async function expect(method: 'GET' | 'POST' | 'DELETE', path: string, ok: number, body?: unknown): Promise<Answer> {
    const answer = await send(method, path, body);
    if (answer.status !== ok) throw mainzellisteError(answer.status);
    return answer;
  }

  /** One session per token: ending it revokes the token, and sessions of different callers never mix. */
  async function createToken(type: TokenType, data: Record<string, unknown>, allowedUses = 1): Promise<IssuedToken> {
    const session = await expect('POST', '/sessions', 201);
    const sessionId = (session.body as { sessionId: string }).sessionId;
    const token = await expect('POST', `/sessions/${encodeURIComponent(sessionId)}/tokens`, 201, { type, allowedUses, data });
    return { tokenId: (token.body as { id: string }).id, sessionId, allowedUses };
  }

  async function endSession(sessionId: string): Promise<void> {
    await expect('DELETE', `/sessions/${encodeURIComponent(sessionId)}`, 204);
  }

  /**
   * The stored pseudonyms among `pseudonyms` ('*' = all, paged): ids only, through a token the backend
   * uses itself and ends at once. "No patient found" (404 with a text body) is an empty answer here.
   */
  async function readPseudonyms(
    pseudonyms: readonly string[] | '*',
    page?: { page: number; limit: number },
  ): Promise<{ items: StoredPseudonym[]; total: number | null }> {
    if (pseudonyms !== '*' && pseudonyms.length === 0) return { items: [], total: 0 };
    const searchIds =
      pseudonyms === '*' ? [{ idType: ID_TYPE, idString: '*' }] : pseudonyms.map((idString) => ({ idType: ID_TYPE, idString }));
    const token = await createToken('readPatients', { searchIds, resultFields: [], resultIds: [ID_TYPE] });
    try {
      const query = new URLSearchParams({
        tokenId: token.tokenId,
        ...(page ? { page: String(page.page), limit: String(page.limit) } : {}),
      });
      const answer = await send('GET', `/patients?${query.toString()}`);
      if (answer.status === 404 && answer.body === 'No patient found') return { items: [], total: 0 };
      if (answer.status !== 200) throw mainzellisteError(answer.status);
      // Mainzelliste leaves `ids` out when there are none, and answers {} for a searched id nobody holds.
      const rows = answer.body as { ids?: { idType: string; idString: string; tentative: boolean }[] }[];
      const items = rows.flatMap((row) =>
        (row.ids ?? []).filter((id) => id.idType === ID_TYPE).map((id) => ({ pseudonym: id.idString, tentative: id.tentative })),
      );
      const total = answer.headers['x-total-count'];
      return { items, total: typeof total === 'string' ? Number(total) : null };
    } finally {
      // Best effort: the token is used up already and an unended session expires at the service anyway.
      await endSession(token.sessionId).catch(() => undefined);
    }
  }

  /** GET /possibleMatches (a registry extension of the service): the open pairs, pseudonyms only. */
  async function listPossibleMatches(): Promise<PossibleMatchPair[]> {
    const answer = await expect('GET', '/possibleMatches', 200);
    const pairs = answer.body as { tentative: { idType: string; idString: string }; candidate: { idType: string; idString: string } }[];
    return pairs.map((pair) => ({ tentative: pair.tentative.idString, candidate: pair.candidate.idString }));
  }

  /** PUT /possibleMatches/{pid}: false when the service holds no open pair for the pseudonym (its 404). */
  async function decidePossibleMatch(pseudonym: string, decision: PossibleMatchDecision, auditTrail: AuditTrail): Promise<boolean> {
    const answer = await send('PUT', `/possibleMatches/${encodeURIComponent(pseudonym)}`, { decision, auditTrail });
    if (answer.status === 404) return false;
    if (answer.status !== 204) throw mainzellisteError(answer.status);
    return true;
  }

  return { createToken, endSession, readPseudonyms, listPossibleMatches, decidePossibleMatch };
}

export type MainzellisteClient = ReturnType<typeof createMainzellisteClient>;
