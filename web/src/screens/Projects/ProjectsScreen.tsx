import { useState } from 'react';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Banner, Button, FormControl, Heading, Label, Select, TextInput, Textarea, useConfirm } from '@primer/react';
import projectsScreenQueryNode from '../../__generated__/ProjectsScreenQuery.graphql';
import type { ProjectsScreenQuery } from '../../__generated__/ProjectsScreenQuery.graphql';
import type { ProjectsScreen_assignments$key } from '../../__generated__/ProjectsScreen_assignments.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { formatDay } from '../../patients/dates';
import { useCreateProjectAssignmentMutation } from '../../mutations/CreateProjectAssignmentMutation';
import { useUpdateProjectAssignmentMutation } from '../../mutations/UpdateProjectAssignmentMutation';
import { useDeleteProjectAssignmentMutation } from '../../mutations/DeleteProjectAssignmentMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import adminStyles from '../../administration/AdminTable.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { TEXT_LIMITS } from '@ecrf/rules';

const t = texts.projects;

/** The route preloads the screen's query with these variables. */
export const projectsScreenQuery = defineScreenQuery<ProjectsScreenQuery>(projectsScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
}));

type Capabilities = { assignProject: boolean; editProjectAssignment: boolean; removeProjectAssignment: boolean };
type Project = { readonly id: string; readonly displayName: string };

/** /patient/{patientId}/projects: the patient's research project assignments, assigned, changed and removed by right. */
export function ProjectsScreen() {
  const data = usePreloadedQuery<ProjectsScreenQuery>(
    graphql`
      query ProjectsScreenQuery($patientId: ID!) {
        ...AppShell_query
        projects {
          id
          displayName
        }
        studyPatient(id: $patientId) {
          pseudonym
          viewerCan {
            assignProject
            editProjectAssignment
            removeProjectAssignment
          }
          ...ProjectsScreen_assignments
          ...PatientHeader_studyPatient
        }
      }
    `,
    useScreenReference(projectsScreenQuery),
  );
  const patient = data.studyPatient;
  if (!patient) return <Banner variant="critical" title={texts.patient.notFound} />;
  return (
    <>
      <PatientHeader studyPatient={patient} title={t.heading(patient.pseudonym)} />
      <p className={styles.muted}>{t.intro}</p>
      <Assignments studyPatient={patient} can={patient.viewerCan} projects={data.projects} />
    </>
  );
}

type Editing = { id: string; version: number; projectDisplayName: string } | null;
type FormValues = { projectId: string; assignedFrom: string; assignedUntil: string; note: string };
const emptyForm: FormValues = { projectId: '', assignedFrom: '', assignedUntil: '', note: '' };

function Assignments({
  studyPatient,
  can,
  projects,
}: {
  studyPatient: ProjectsScreen_assignments$key;
  can: Capabilities;
  projects: readonly Project[];
}) {
  const patient = useFragment(
    graphql`
      fragment ProjectsScreen_assignments on StudyPatient {
        id
        projectAssignments {
          id
          projectDisplayName
          assignedFrom
          assignedUntil
          note
          isCurrent
          changedBy
          changedAt
          version
          project {
            id
          }
        }
      }
    `,
    studyPatient,
  );
  const [form, setForm] = useState<FormValues>(emptyForm);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues | 'form', string>>>({});
  const [create, creating] = useCreateProjectAssignmentMutation();
  const [update, updating] = useUpdateProjectAssignmentMutation();
  const [remove, removing] = useDeleteProjectAssignmentMutation();
  const feedback = useFeedback();
  const confirm = useConfirm();

  const reset = () => {
    setForm(emptyForm);
    setEditing(null);
    setErrors({});
  };
  /** Refusals point at their input field; the others show above the form. */
  const showErrors = (refused: readonly { readonly path: readonly string[]; readonly message: string }[]) => {
    const next: typeof errors = {};
    for (const error of refused) {
      const field = error.path[0];
      const key = field === 'assignedFrom' || field === 'assignedUntil' || field === 'note' || field === 'projectId' ? field : 'form';
      next[key] = next[key] ? `${next[key]} ${error.message}` : error.message;
    }
    setErrors(next);
  };

  const submit = () => {
    const missing: typeof errors = {};
    if (!editing && form.projectId === '') missing.projectId = t.projectRequired;
    if (form.assignedFrom === '') missing.assignedFrom = t.fromRequired;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const period = {
      assignedFrom: form.assignedFrom,
      assignedUntil: form.assignedUntil === '' ? null : form.assignedUntil,
      note: form.note,
    };
    if (editing) {
      update({
        variables: { input: { id: editing.id, version: editing.version, ...period } },
        onCompleted: ({ updateProjectAssignment }) => {
          if (updateProjectAssignment.errors.length > 0) showErrors(updateProjectAssignment.errors);
          else {
            feedback.showSnackbar(t.saved);
            reset();
          }
        },
      });
      return;
    }
    const projectName = projects.find((project) => project.id === form.projectId)?.displayName ?? '';
    create({
      variables: { input: { studyPatientId: patient.id, projectId: form.projectId, ...period } },
      onCompleted: ({ createProjectAssignment }) => {
        if (createProjectAssignment.errors.length > 0) showErrors(createProjectAssignment.errors);
        else {
          feedback.showSnackbar(t.assigned(projectName));
          reset();
        }
      },
    });
  };

  const removeAssignment = async (assignment: (typeof patient.projectAssignments)[number]) => {
    const confirmed = await confirm({
      title: t.removeTitle,
      content: t.removeConfirm(assignment.projectDisplayName),
      confirmButtonContent: t.removeButton,
      confirmButtonType: 'danger',
    });
    if (!confirmed) return;
    remove({
      variables: { input: { id: assignment.id, version: assignment.version } },
      onCompleted: ({ deleteProjectAssignment }) => {
        if (deleteProjectAssignment.errors.length > 0) feedback.showAlert(deleteProjectAssignment.errors.map((e) => e.message).join(' '));
        else feedback.showSnackbar(t.removed);
      },
    });
  };

  const showForm = editing ? can.editProjectAssignment : can.assignProject;
  return (
    <>
      <section className={styles.section} aria-labelledby="projects-list">
        <Heading as="h2" id="projects-list" className={styles.sectionHeading}>
          {t.listHeading}
        </Heading>
        {patient.projectAssignments.length === 0 ? (
          <p className={styles.muted}>{t.none}</p>
        ) : (
          <table className={adminStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t.project}</th>
                <th scope="col">{t.from}</th>
                <th scope="col">{t.until}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.note}</th>
                <th scope="col">{t.changed}</th>
                {(can.editProjectAssignment || can.removeProjectAssignment) && <th scope="col">{t.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {patient.projectAssignments.map((assignment) => (
                <tr key={assignment.id}>
                  <td>{assignment.projectDisplayName}</td>
                  <td>{formatDay(assignment.assignedFrom)}</td>
                  <td>{formatDay(assignment.assignedUntil)}</td>
                  <td>
                    <Label variant={assignment.isCurrent ? 'success' : 'secondary'}>{assignment.isCurrent ? t.current : t.ended}</Label>
                  </td>
                  <td>{assignment.note}</td>
                  <td>
                    {assignment.changedBy}, {new Date(assignment.changedAt).toLocaleString('de-DE')}
                  </td>
                  {(can.editProjectAssignment || can.removeProjectAssignment) && (
                    <td className={adminStyles.actions}>
                      {can.editProjectAssignment && (
                        <Button
                          size="small"
                          aria-label={t.edit(assignment.projectDisplayName)}
                          onClick={() => {
                            setEditing({
                              id: assignment.id,
                              version: assignment.version,
                              projectDisplayName: assignment.projectDisplayName,
                            });
                            setForm({
                              projectId: assignment.project.id,
                              assignedFrom: assignment.assignedFrom,
                              assignedUntil: assignment.assignedUntil ?? '',
                              note: assignment.note,
                            });
                            setErrors({});
                          }}
                        >
                          {t.editButton}
                        </Button>
                      )}
                      {can.removeProjectAssignment && (
                        <Button
                          size="small"
                          variant="danger"
                          aria-label={t.remove(assignment.projectDisplayName)}
                          disabled={removing}
                          onClick={() => void removeAssignment(assignment)}
                        >
                          {t.removeButton}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {showForm && (
        <section className={styles.section} aria-labelledby="projects-form">
          <Heading as="h2" id="projects-form" className={styles.sectionHeading}>
            {editing ? t.editHeading(editing.projectDisplayName) : t.assignHeading}
          </Heading>
          <form
            className={adminStyles.form}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {errors.form && <Banner variant="critical" title={errors.form} />}
            {!editing && (
              <FormControl required>
                <FormControl.Label>{t.project}</FormControl.Label>
                <Select value={form.projectId} onChange={(event) => setForm({ ...form, projectId: event.target.value })}>
                  <Select.Option value="">{t.chooseProject}</Select.Option>
                  {projects.map((project) => (
                    <Select.Option key={project.id} value={project.id}>
                      {project.displayName}
                    </Select.Option>
                  ))}
                </Select>
                {errors.projectId && <FormControl.Validation variant="error">{errors.projectId}</FormControl.Validation>}
              </FormControl>
            )}
            <FormControl required>
              <FormControl.Label>{t.from}</FormControl.Label>
              <TextInput
                type="date"
                lang="de"
                value={form.assignedFrom}
                onChange={(event) => setForm({ ...form, assignedFrom: event.target.value })}
              />
              {errors.assignedFrom && <FormControl.Validation variant="error">{errors.assignedFrom}</FormControl.Validation>}
            </FormControl>
            <FormControl>
              <FormControl.Label>{t.until}</FormControl.Label>
              <TextInput
                type="date"
                lang="de"
                value={form.assignedUntil}
                onChange={(event) => setForm({ ...form, assignedUntil: event.target.value })}
              />
              <FormControl.Caption>{t.untilHint}</FormControl.Caption>
              {errors.assignedUntil && <FormControl.Validation variant="error">{errors.assignedUntil}</FormControl.Validation>}
            </FormControl>
            <FormControl>
              <FormControl.Label>{t.note}</FormControl.Label>
              <Textarea
                block
                maxLength={TEXT_LIMITS.projectNote}
                value={form.note}
                onChange={(event) => setForm({ ...form, note: event.target.value })}
              />
            </FormControl>
            <div className={styles.actions}>
              <Button type="submit" variant="primary" disabled={creating || updating}>
                {editing ? t.save : t.assign}
              </Button>
              {editing && (
                <Button type="button" onClick={reset}>
                  {t.cancel}
                </Button>
              )}
            </div>
          </form>
        </section>
      )}
    </>
  );
}
