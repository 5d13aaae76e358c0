/**
 * The restore drill's user: signs in at the gateway and registers and reads patients with their identities
 * through the graph, as the web app does (the demo personas of the seed).
 */
import { randomInt } from 'node:crypto';

const DEMO_PASSWORD = 'Demo-Passwort1';

export type Identity = { firstName: string; lastName: string; birthDate: string; gender: string; insuranceStatus: string };
export type ReadPatient = { pseudonym: string; identity: { firstName: string; lastName: string; birthDate: string } | null };

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** A fresh person: random names keep the pseudonymisation service from matching earlier ones. */
export function person(): Identity {
  const word = (length: number) => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
  return {
    firstName: `Ilse${word(5)}`,
    lastName: `Sauer${word(8)}`,
    birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`,
    gender: 'FEMALE',
    insuranceStatus: 'NONE',
  };
}

export async function graph<T>(gatewayUrl: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown[] };
  if (answer.errors || !answer.data) throw new Error(`${query}\n→ ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

export async function signIn(gatewayUrl: string, userName: string): Promise<string> {
  const data = await graph<{ signIn: { session: { token: string } | null } }>(
    gatewayUrl,
    'mutation($input: SignInInput!) { signIn(input: $input) { session { token } } }',
    { input: { userName, password: DEMO_PASSWORD } },
  );
  if (!data.signIn.session) throw new Error(`sign-in of ${userName} failed`);
  return data.signIn.session.token;
}

/** A demo location by its institute identifier, with its study. */
export async function location(gatewayUrl: string, token: string, identifier: string): Promise<{ id: string; studyId: string }> {
  const data = await graph<{
    instituteOverview: { edges: { node: { location: { id: string; identifier: string; study: { id: string } } } }[] };
  }>(gatewayUrl, 'query { instituteOverview(scope: ALL) { edges { node { location { id identifier study { id } } } } } }', {}, token);
  const found = data.instituteOverview.edges.find((edge) => edge.node.location.identifier === identifier)?.node.location;
  if (!found) throw new Error(`no location ${identifier}`);
  return { id: found.id, studyId: found.study.id };
}

/** Registers the person at the location; answers the new study patient's id and pseudonym. */
export async function registerPatient(
  gatewayUrl: string,
  token: string,
  at: { id: string; studyId: string },
  identity: Identity,
): Promise<{ id: string; pseudonym: string }> {
  const data = await graph<{ registerPatient: { studyPatient: { id: string; pseudonym: string } | null; errors: unknown[] } }>(
    gatewayUrl,
    `mutation($input: RegisterPatientInput!) { registerPatient(input: $input) { studyPatient { id pseudonym } errors { code message } } }`,
    { input: { studyId: at.studyId, locationId: at.id, identity, confirmNewPatient: false } },
    token,
  );
  if (!data.registerPatient.studyPatient) throw new Error(`registerPatient: ${JSON.stringify(data.registerPatient.errors)}`);
  return data.registerPatient.studyPatient;
}

/** The study patient with the identity the pseudonymisation service holds for it; an unknown one is an error. */
export async function readPatient(gatewayUrl: string, token: string, studyPatientId: string): Promise<ReadPatient> {
  const data = await graph<{ studyPatient: ReadPatient }>(
    gatewayUrl,
    'query($id: ID!) { studyPatient(id: $id) { pseudonym identity { firstName lastName birthDate } } }',
    { id: studyPatientId },
    token,
  );
  return data.studyPatient;
}
