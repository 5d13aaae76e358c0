import { beforeEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { Environment, Network, Observable, RecordSource, Store } from 'relay-runtime';
import { appShellQuery } from '../layout/AppShell';
import { createRelaySession } from '../relay/relaySession';
import { storeSession, storeStudyId } from '../session/sessionStore';
import { patientScreenQuery } from '../screens/Patient/PatientScreen';
import { patientsScreenQuery } from '../screens/Patients/PatientsScreen';
import { screenLoader } from './screenLoader';

const route = (params: Record<string, string>): LoaderFunctionArgs => {
  const url = new URL('http://localhost/patient');
  return { params, request: new Request(url), url, pattern: '/patient/:patientId', context: undefined };
};

/** A session whose requests stay under way: what was started is seen in the references. */
const session = () =>
  createRelaySession(
    () => new Environment({ network: Network.create(() => Observable.create(() => undefined)), store: new Store(new RecordSource()) }),
  );

describe('screenLoader', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('loads nothing for signed-out visitors', () => {
    expect(screenLoader(session(), patientScreenQuery)(route({ patientId: 'p-1' }))).toBeNull();
  });

  it("starts the screen's query with the route's variables in the session's environment", () => {
    storeSession({ token: 't', refreshToken: 'r' });
    const relay = session();
    const loaded = screenLoader(relay, patientScreenQuery)(route({ patientId: 'p-1' }));
    expect(loaded?.screenQuery).toBe(patientScreenQuery);
    expect(loaded?.reference.name).toBe('PatientScreenQuery');
    expect(loaded?.reference.variables).toEqual({ id: 'p-1' });
    expect(loaded?.reference.environment).toBe(relay.environment());
  });

  it("loads the shell's query alone while the patient list's study is not known, the list itself once it is", () => {
    storeSession({ token: 't', refreshToken: 'r' });
    const load = screenLoader(session(), patientsScreenQuery);
    expect(load(route({}))?.screenQuery).toBe(appShellQuery);
    storeStudyId('study-7');
    const loaded = load(route({}));
    expect(loaded?.screenQuery).toBe(patientsScreenQuery);
    expect(loaded?.reference.variables).toMatchObject({ studyId: 'study-7' });
  });
});
