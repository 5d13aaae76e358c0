import { useId } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Label, VisuallyHidden } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import caseProgressTableScreenQueryNode from '../../__generated__/CaseProgressTableScreenQuery.graphql';
import type { CaseProgressTableScreenQuery } from '../../__generated__/CaseProgressTableScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { caseProcessLabel } from '../../patients/caseProcess';
import { texts } from '../../texts';
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
type Step = Props['visit']['caseProcessSteps'][number];

function CaseProgressTable({ patient, visit }: Props) {
  const text = useDefinitionText(patient.definitionVersion);
  const labelId = useId();
  const columns: Column<Step>[] = [
    { id: 'order', header: t.order, width: 'auto', align: 'end', field: 'order' },
    {
      id: 'step',
      header: t.step,
      renderCell: (step) => (
        <span>
          {caseProcessLabel(step.definitionIdentifier)}{' '}
          {visit.stoppingStep?.id === step.id && <Label variant="danger">{t.stoppingStep}</Label>}
          {visit.latestFilledStep?.id === step.id && <Label variant="accent">{t.latestFilledStep}</Label>}
        </span>
      ),
    },
    { id: 'state', header: t.state, renderCell: (step) => (step.state === '%future added value' ? step.state : t.states[step.state]) },
    {
      id: 'mainState',
      header: t.mainState,
      renderCell: (step) => (step.mainStateIdentifier ? caseProcessLabel(step.mainStateIdentifier) : '–'),
    },
    { id: 'subStates', header: t.subStates, renderCell: (step) => step.subStates.map(caseProcessLabel).join(', ') || '–' },
  ];
  return (
    <>
      <PatientHeader studyPatient={patient} title={`${t.tableHeading}: ${text(visit.definition?.displayKey ?? '')}`} />
      {visit.caseProcessSteps.length === 0 ? (
        <p className={styles.muted}>{t.summaryEmpty}</p>
      ) : (
        <>
          {/* The heading above names the visit too; the table keeps its own name (PatientHeader is shared). */}
          <VisuallyHidden id={labelId}>{t.tableHeading}</VisuallyHidden>
          <DataTable aria-labelledby={labelId} cellPadding="condensed" columns={columns} data={[...visit.caseProcessSteps]} />
        </>
      )}
    </>
  );
}
