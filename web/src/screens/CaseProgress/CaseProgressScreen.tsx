import { useState } from 'react';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Banner, Button, Checkbox, FormControl, Heading, Label, Select } from '@primer/react';
import caseProgressScreenQueryNode from '../../__generated__/CaseProgressScreenQuery.graphql';
import type { CaseProgressScreenQuery } from '../../__generated__/CaseProgressScreenQuery.graphql';
import type { CaseProgressScreen_visit$key, CaseProgressScreen_visit$data } from '../../__generated__/CaseProgressScreen_visit.graphql';
import type { CaseProcessState } from '../../__generated__/CreateCaseProcessStepMutation.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { caseProcessLabel, caseProcessSummary } from '../../patients/caseProcess';
import { useCreateCaseProcessStepMutation } from '../../mutations/CreateCaseProcessStepMutation';
import { useUpdateCaseProcessStepMutation } from '../../mutations/UpdateCaseProcessStepMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const t = texts.caseProcess;
const STATES: CaseProcessState[] = ['INCOMPLETE', 'COMPLETE', 'STOP'];

/** The route preloads the screen's query with these variables. */
export const caseProgressScreenQuery = defineScreenQuery<CaseProgressScreenQuery>(caseProgressScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  visitId: params.visitId ?? '',
}));

/** /patient/{patientId}/visit/{visitId}/caseprogress: the case process of a visit, step by step (ecrf-core.md §4). */
export function CaseProgressScreen() {
  const data = usePreloadedQuery<CaseProgressScreenQuery>(
    graphql`
      query CaseProgressScreenQuery($patientId: ID!, $visitId: ID!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          viewerCan {
            editCaseProcess
          }
          definitionVersion {
            ...useDefinitionText_definitionVersion
          }
          studyDefinition {
            caseProcessSteps {
              identifier
              order
              mainStates
              subStates
            }
          }
          ...PatientHeader_studyPatient
        }
        visit(id: $visitId) {
          definition {
            displayKey
          }
          ...CaseProgressScreen_visit
        }
      }
    `,
    useScreenReference(caseProgressScreenQuery),
  );
  const patient = data.studyPatient;
  const visit = data.visit;
  if (!patient || !visit) return <Banner variant="critical" title={texts.visit.notFound} />;
  return (
    <CaseProgress
      patient={patient}
      visitDisplayKey={visit.definition?.displayKey ?? ''}
      visit={visit}
      definitions={patient.studyDefinition.caseProcessSteps}
      editable={patient.viewerCan.editCaseProcess}
    />
  );
}

type Patient = NonNullable<CaseProgressScreenQuery['response']['studyPatient']>;
type Definition = Patient['studyDefinition']['caseProcessSteps'][number];
type Step = CaseProgressScreen_visit$data['caseProcessSteps'][number];

type Props = {
  patient: Patient;
  visitDisplayKey: string;
  visit: CaseProgressScreen_visit$key;
  definitions: readonly Definition[];
  editable: boolean;
};

function CaseProgress({ patient, visitDisplayKey, visit, definitions, editable }: Props) {
  const text = useDefinitionText(patient.definitionVersion);
  const data = useFragment(
    graphql`
      fragment CaseProgressScreen_visit on Visit {
        id
        caseProcessSteps {
          id
          definitionIdentifier
          state
          order
          mainStateIdentifier
          subStates
        }
        stoppingStep {
          definitionIdentifier
        }
        latestFilledStep {
          definitionIdentifier
        }
      }
    `,
    visit,
  );
  const ordered = [...definitions].sort((a, b) => a.order - b.order);
  return (
    <>
      <PatientHeader studyPatient={patient} title={`${t.heading}: ${text(visitDisplayKey)}`} />
      <p role="status">{caseProcessSummary(data.stoppingStep, data.latestFilledStep)}</p>
      {ordered.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <ol className={styles.cards}>
          {ordered.map((definition) => (
            <StepCard
              key={definition.identifier}
              visitId={data.id}
              definition={definition}
              step={data.caseProcessSteps.find((step) => step.definitionIdentifier === definition.identifier) ?? null}
              isStopping={data.stoppingStep?.definitionIdentifier === definition.identifier}
              isLatest={data.latestFilledStep?.definitionIdentifier === definition.identifier}
              editable={editable}
            />
          ))}
        </ol>
      )}
    </>
  );
}

type StepProps = { visitId: string; definition: Definition; step: Step | null; isStopping: boolean; isLatest: boolean; editable: boolean };

/** One step: its state, main state and sub states; saving creates the step the first time, updates it later. */
function StepCard({ visitId, definition, step, isStopping, isLatest, editable }: StepProps) {
  const [state, setState] = useState<CaseProcessState>(step?.state === '%future added value' || !step ? 'INCOMPLETE' : step.state);
  const [mainState, setMainState] = useState(step?.mainStateIdentifier ?? '');
  const [subStates, setSubStates] = useState<readonly string[]>(step?.subStates ?? []);
  const [create, creating] = useCreateCaseProcessStepMutation();
  const [update, updating] = useUpdateCaseProcessStepMutation();
  const feedback = useFeedback();
  const label = caseProcessLabel(definition.identifier);
  const headingId = `step-${definition.identifier}`;
  const report = (answer: { errors: readonly { message: string }[] }) => {
    if (answer.errors.length > 0) feedback.showAlert(answer.errors.map((error) => error.message).join(', '));
    else feedback.showSnackbar(t.saved);
  };
  const save = () => {
    const common = { state, mainStateIdentifier: mainState || null, subStates: [...subStates] };
    if (step) update({ variables: { input: { id: step.id, ...common } }, onCompleted: (answer) => report(answer.updateCaseProcessStep) });
    else
      create({
        variables: { input: { visitId, definitionIdentifier: definition.identifier, order: definition.order, ...common } },
        onCompleted: (answer) => report(answer.createCaseProcessStep),
      });
  };
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div>
        <Heading as="h2" id={headingId} className={styles.sectionHeading}>
          {definition.order}. {label}
        </Heading>
        <span className={styles.labels}>
          {step && step.state !== '%future added value' ? (
            <Label>{t.states[step.state]}</Label>
          ) : (
            <span className={styles.muted}>{t.notStarted}</span>
          )}
          {isStopping && <Label variant="danger">{t.stoppingStep}</Label>}
          {isLatest && <Label variant="accent">{t.latestFilledStep}</Label>}
        </span>
      </div>
      {editable && (
        <form
          className={styles.actions}
          aria-label={label}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <FormControl>
            <FormControl.Label>{t.state}</FormControl.Label>
            <Select value={state} onChange={(event) => setState(event.target.value as CaseProcessState)}>
              {STATES.map((value) => (
                <Select.Option key={value} value={value}>
                  {t.states[value as keyof typeof t.states]}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          {definition.mainStates.length > 0 && (
            <FormControl>
              <FormControl.Label>{t.mainState}</FormControl.Label>
              <Select value={mainState} onChange={(event) => setMainState(event.target.value)}>
                <Select.Option value="">{t.noMainState}</Select.Option>
                {definition.mainStates.map((value) => (
                  <Select.Option key={value} value={value}>
                    {caseProcessLabel(value)}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
          )}
          {definition.subStates.length > 0 && (
            <fieldset className={styles.labels}>
              <legend className={styles.muted}>{t.subStates}</legend>
              {definition.subStates.map((value) => (
                <FormControl key={value}>
                  <Checkbox
                    checked={subStates.includes(value)}
                    onChange={(event) => setSubStates(event.target.checked ? [...subStates, value] : subStates.filter((s) => s !== value))}
                  />
                  <FormControl.Label>{caseProcessLabel(value)}</FormControl.Label>
                </FormControl>
              ))}
            </fieldset>
          )}
          <Button type="submit" disabled={creating || updating}>
            {t.save}
          </Button>
        </form>
      )}
    </li>
  );
}
