import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Label } from '@primer/react';
import caseProgressTableScreenQueryNode from '../../__generated__/CaseProgressTableScreenQuery.graphql';
import type { CaseProgressTableScreenQuery } from '../../__generated__/CaseProgressTableScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { caseProcessLabel } from '../../patients/caseProcess';
import { texts } from '../../texts';
import adminStyles from '../../administration/AdminTable.module.css';
import styles from '../../patients/Patient.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const t = texts.caseProcess;

/** The route preloads the screen's query with these variables. */
export const caseProgressTableScreenQuery = defineScreenQuery<CaseProgressTableScreenQuery>(
  caseProgressTableScreenQueryNode,
  ({ params }) => ({ patientId: params.patientId ?? '', visitId: params.visitId ?? '' }),
);

/** /patient/{patientId}/visit/{visitId}/caseprogresstable: the recorded case process steps of a visit as a table. */
export function CaseProgressTableScreen() {
  const data = usePreloadedQuery<CaseProgressTableScreenQuery>(
    graphql`
      query CaseProgressTableScreenQuery($patientId: ID!, $visitId: ID!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          definitionVersion {
            ...useDefinitionText_definitionVersion
          }
          ...PatientHeader_studyPatient
        }
        visit(id: $visitId) {
          definition {
            displayKey
          }
          caseProcessSteps {
            id
            definitionIdentifier
            state
            order
            mainStateIdentifier
            subStates
          }
          stoppingStep {
            id
          }
          latestFilledStep {
            id
          }
        }
      }
    `,
    useScreenReference(caseProgressTableScreenQuery),
  );
  const patient = data.studyPatient;
  const visit = data.visit;
  if (!patient || !visit) return <Banner variant="critical" title={texts.visit.notFound} />;
  return <CaseProgressTable patient={patient} visit={visit} />;
}

type Response = CaseProgressTableScreenQuery['response'];
type Props = { patient: NonNullable<Response['studyPatient']>; visit: NonNullable<Response['visit']> };

function CaseProgressTable({ patient, visit }: Props) {
  const text = useDefinitionText(patient.definitionVersion);
  return (
    <>
      <PatientHeader studyPatient={patient} title={`${t.tableHeading}: ${text(visit.definition?.displayKey ?? '')}`} />
      {visit.caseProcessSteps.length === 0 ? (
        <p className={styles.muted}>{t.summaryEmpty}</p>
      ) : (
        <table className={adminStyles.table} aria-label={t.tableHeading}>
          <thead>
            <tr>
              <th scope="col">{t.order}</th>
              <th scope="col">{t.step}</th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.mainState}</th>
              <th scope="col">{t.subStates}</th>
            </tr>
          </thead>
          <tbody>
            {visit.caseProcessSteps.map((step) => (
              <tr key={step.id}>
                <td>{step.order}</td>
                <td>
                  {caseProcessLabel(step.definitionIdentifier)}{' '}
                  {visit.stoppingStep?.id === step.id && <Label variant="danger">{t.stoppingStep}</Label>}
                  {visit.latestFilledStep?.id === step.id && <Label variant="accent">{t.latestFilledStep}</Label>}
                </td>
                <td>{step.state === '%future added value' ? step.state : t.states[step.state]}</td>
                <td>{step.mainStateIdentifier ? caseProcessLabel(step.mainStateIdentifier) : '–'}</td>
                <td>{step.subStates.map(caseProcessLabel).join(', ') || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
