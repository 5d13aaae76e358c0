/**
 * Projects through the graph against a real backend: the project list, assigning a patient, changing the
 * assignment with the version read (STALE_WRITE answers it as stored), an overlap as a user error, `node`,
 * the viewer's capabilities, removing, and the project user's sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let patients: PatientFixtures;
let dataManager: string;
let physician: string;
let superadmin: string;

beforeAll(async () => {
  harness = await startHarness();
  superadmin = (await harness.signIn('superadmin')).token;
  patients = patientFixtures(harness, superadmin);
  dataManager = (await harness.signIn('datamanager')).token;
  physician = (await harness.signIn('physician')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Errors = { code: string; message: string; path: string[] }[];
type Assignment = {
  id: string;
  projectDisplayName: string;
  assignedFrom: string;
  assignedUntil: string | null;
  note: string;
  isCurrent: boolean;
  version: number;
};
const ASSIGNMENT = 'id projectDisplayName assignedFrom assignedUntil note isCurrent version project { id identifier }';

async function data<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const answer = await harness.request<T>(query, variables, token);
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

const projects = async (token: string) =>
  (
    await data<{ projects: { id: string; identifier: string; displayName: string }[] }>(
      '{ projects { id identifier displayName } }',
      {},
      token,
    )
  ).projects;

const create = (input: Record<string, unknown>, token = dataManager) =>
  data<{ createProjectAssignment: { projectAssignment: Assignment | null; errors: Errors } }>(
    `mutation($input: CreateProjectAssignmentInput!) { createProjectAssignment(input: $input) { projectAssignment { ${ASSIGNMENT} } errors { code message path } } }`,
    { input },
    token,
  ).then((d) => d.createProjectAssignment);

const update = (input: Record<string, unknown>) =>
  data<{ updateProjectAssignment: { projectAssignment: Assignment | null; errors: Errors } }>(
    `mutation($input: UpdateProjectAssignmentInput!) { updateProjectAssignment(input: $input) { projectAssignment { ${ASSIGNMENT} } errors { code message path } } }`,
    { input },
    dataManager,
  ).then((d) => d.updateProjectAssignment);

describe('projects in the graph', () => {
  it('assigns, changes and removes a project assignment of a patient, with refusals as user errors', async () => {
    const [kras] = (await projects(physician)).filter((p) => p.identifier === 'NNGM-KRAS-G12C');
    expect(kras?.displayName).toBe('KRAS-G12C-Kohorte');
    const studyPatientId = await patients.createPatient('1001');

    const created = await create({ studyPatientId, projectId: kras?.id, assignedFrom: '2025-01-15', note: 'Tumorboard' });
    expect(created.errors).toEqual([]);
    expect(created.projectAssignment).toMatchObject({
      projectDisplayName: 'KRAS-G12C-Kohorte',
      assignedUntil: null,
      isCurrent: true,
      version: 1,
    });
    const assignment = created.projectAssignment as Assignment;

    const overlap = await create({ studyPatientId, projectId: kras?.id, assignedFrom: '2025-02-01' });
    expect(overlap).toEqual({
      projectAssignment: null,
      errors: [
        {
          code: 'ALREADY_EXISTS',
          message: 'Der Patient ist diesem Projekt in diesem Zeitraum bereits zugeordnet.',
          path: ['assignedFrom'],
        },
      ],
    });
    const invalid = await create({ studyPatientId, projectId: kras?.id, assignedFrom: '2025-03-10', assignedUntil: '2025-03-01' });
    expect(invalid.errors).toEqual([
      { code: 'INVALID_VALUE', message: 'Das Ende der Zuordnung darf nicht vor ihrem Beginn liegen.', path: ['assignedUntil'] },
    ]);

    const ended = await update({ id: assignment.id, version: 1, assignedFrom: '2025-01-15', assignedUntil: '2025-02-28', note: 'Beendet' });
    expect(ended.projectAssignment).toMatchObject({ assignedUntil: '2025-02-28', isCurrent: false, version: 2 });
    const stale = await update({ id: assignment.id, version: 1, assignedFrom: '2025-01-01', assignedUntil: null, note: '' });
    expect(stale.errors.map((e) => e.code)).toEqual(['STALE_WRITE']);
    expect(stale.projectAssignment).toMatchObject({ version: 2, note: 'Beendet' });

    const seen = await data<{
      node: { projectAssignments: { id: string; note: string }[]; viewerCan: Record<string, boolean> };
    }>(
      'query($id: ID!) { node(id: $id) { ... on StudyPatient { projectAssignments { id note } viewerCan { assignProject editProjectAssignment removeProjectAssignment } } } }',
      { id: studyPatientId },
      physician,
    );
    expect(seen.node.projectAssignments).toEqual([{ id: assignment.id, note: 'Beendet' }]);
    expect(seen.node.viewerCan).toEqual({ assignProject: false, editProjectAssignment: false, removeProjectAssignment: false });
    const byNode = await data<{ node: { note: string; studyPatient: { id: string } } }>(
      'query($id: ID!) { node(id: $id) { ... on ProjectAssignment { note studyPatient { id } } } }',
      { id: assignment.id },
      physician,
    );
    expect(byNode.node).toEqual({ note: 'Beendet', studyPatient: { id: studyPatientId } });

    const refused = await harness.request(
      'mutation($input: CreateProjectAssignmentInput!) { createProjectAssignment(input: $input) { errors { code } } }',
      { input: { studyPatientId, projectId: kras?.id, assignedFrom: '2025-06-01' } },
      physician,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const removed = await data<{
      deleteProjectAssignment: {
        deletedProjectAssignmentId: string | null;
        studyPatient: { projectAssignments: unknown[] } | null;
        errors: Errors;
      };
    }>(
      'mutation($input: DeleteProjectAssignmentInput!) { deleteProjectAssignment(input: $input) { deletedProjectAssignmentId studyPatient { projectAssignments { id } } errors { code } } }',
      { input: { id: assignment.id, version: 2 } },
      dataManager,
    );
    expect(removed.deleteProjectAssignment).toEqual({
      deletedProjectAssignmentId: assignment.id,
      studyPatient: { projectAssignments: [] },
      errors: [],
    });
  });

  it("signs a project user in and answers the project's current patients", async () => {
    const [alk] = (await projects(superadmin)).filter((p) => p.identifier === 'NNGM-ALK-LANGZEIT');
    const studyPatientId = await patients.createPatient('2002');
    const created = await create({ studyPatientId, projectId: alk?.id, assignedFrom: '2025-01-01' }, superadmin);
    const login = await data<{
      projectUserLogin: { project: { displayName: string } | null; projectAssignments: { id: string }[]; errors: Errors };
    }>(
      'mutation($id: ID!) { projectUserLogin(projectId: $id) { project { displayName } projectAssignments { id } errors { code } } }',
      { id: alk?.id },
      superadmin,
    );
    expect(login.projectUserLogin.project?.displayName).toBe('ALK-Langzeitverlauf');
    expect(login.projectUserLogin.projectAssignments.map((a) => a.id)).toContain(created.projectAssignment?.id);
    const withoutRight = await harness.request(
      'mutation($id: ID!) { projectUserLogin(projectId: $id) { errors { code } } }',
      { id: alk?.id },
      dataManager,
    );
    expect(withoutRight.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
