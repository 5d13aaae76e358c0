import { useMemo } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import type { FormPlace, StudyDefinition } from '@ecrf/rules';
import printOverviewSheetScreenQueryNode from '../../__generated__/PrintOverviewSheetScreenQuery.graphql';
import type { PrintOverviewSheetScreenQuery } from '../../__generated__/PrintOverviewSheetScreenQuery.graphql';
import { useDocumentation, type DocumentationPatient } from '../../patients/documentationContext';
import { ReadOnlyForm } from '../../patients/ReadOnlyForm';
import { PrintPage } from '../../patients/PrintPage';
import { formatDay } from '../../patients/dates';
import { caseProcessSummary } from '../../patients/caseProcess';
import { NETWORK_PAGE } from '../../patients/network';
import { textLookup } from '../../forms/definitionModel';
import facts from '../../components/Facts.module.css';
import adminStyles from '../../administration/AdminTable.module.css';
import { texts } from '../../texts';
import styles from '../../patients/Print.module.css';
import { locationLabel } from '../../location/locationLabel';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const patientPlace: FormPlace = { kind: 'patient' };
const patientFieldsOf = (rules: StudyDefinition) => rules.patient.fields;
const stateText = (state: DocumentationPatient['visits'][number]['state']) => texts.states[state === '%future added value' ? 'NEW' : state];

/** The route preloads the screen's query with these variables. */
export const printOverviewSheetScreenQuery = defineScreenQuery<PrintOverviewSheetScreenQuery>(
  printOverviewSheetScreenQueryNode,
  ({ params }) => ({ patientId: params.patientId ?? '', networkPage: NETWORK_PAGE }),
);

/** /patient/{patientId}/printOverviewSheet: the patient on one page: patient data, visits and instruments with states, case process. */
export function PrintOverviewSheetScreen() {
  const data = usePreloadedQuery<PrintOverviewSheetScreenQuery>(
    graphql`
      query PrintOverviewSheetScreenQuery($patientId: ID!, $networkPage: Int!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          latestFilledStep {
            definitionIdentifier
          }
          stoppingStep {
            definitionIdentifier
          }
          ...documentationContext_studyPatient
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(printOverviewSheetScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  const text = useMemo(() => (patient ? textLookup(patient.studyDefinition) : null), [patient]);
  if (!data.studyPatient || !patient || !text) return <Banner variant="critical" title={texts.patient.notFound} />;
  const t = texts.print;
  const { stoppingStep, latestFilledStep } = data.studyPatient;
  const visitName = (definitionId: string | undefined) => {
    const definition = patient.studyDefinition.visits.find((candidate) => candidate.definitionId === definitionId);
    return definition ? text(definition.displayKey) : '–';
  };
  const instrumentName = (definitionId: string | undefined) => {
    const definition = [
      ...patient.studyDefinition.instruments,
      ...patient.studyDefinition.standaloneInstruments,
      ...patient.studyDefinition.visits.flatMap((v) => v.instruments),
    ].find((candidate) => candidate.definitionId === definitionId);
    return definition ? text(definition.displayKey) : '–';
  };
  return (
    <PrintPage title={t.overviewHeading(patient.pseudonym)}>
      <dl className={facts.facts}>
        <dt>{texts.patient.location}</dt>
        <dd>{locationLabel(patient.location)}</dd>
        <dt>{texts.patient.registrationDate}</dt>
        <dd>{formatDay(patient.registrationDate)}</dd>
        <dt>{t.caseProcess}</dt>
        <dd>{caseProcessSummary(stoppingStep, latestFilledStep)}</dd>
      </dl>
      <section className={styles.section} aria-labelledby="print-patient-fields">
        <Heading as="h2" id="print-patient-fields" className={styles.sectionHeading}>
          {t.patientFields}
        </Heading>
        <ReadOnlyForm patient={patient} query={query} place={patientPlace} formFieldsOf={patientFieldsOf} fields={patient.fields} />
      </section>
      <section className={styles.section} aria-labelledby="print-visits">
        <Heading as="h2" id="print-visits" className={styles.sectionHeading}>
          {t.visits}
        </Heading>
        <table className={adminStyles.table}>
          <thead>
            <tr>
              <th scope="col">{texts.patient.visitsHeading}</th>
              <th scope="col">{texts.visit.visitDate}</th>
              <th scope="col">{texts.documentationForm.state}</th>
              <th scope="col">{t.instruments}</th>
            </tr>
          </thead>
          <tbody>
            {patient.visits.map((visit) => (
              <tr key={visit.id}>
                <td>{visitName(visit.definition?.definitionId)}</td>
                <td>{formatDay(visit.visitDate)}</td>
                <td>{visit.isSigned ? `${stateText(visit.state)}, ${texts.states.signed}` : stateText(visit.state)}</td>
                <td>
                  {visit.instruments.map((i) => `${instrumentName(i.definition?.definitionId)}: ${stateText(i.state)}`).join('; ') || '–'}
                </td>
              </tr>
            ))}
            {patient.standaloneInstruments.map((instrument) => (
              <tr key={instrument.id}>
                <td>{texts.patient.standaloneHeading}</td>
                <td>–</td>
                <td>{stateText(instrument.state)}</td>
                <td>{instrumentName(instrument.definition?.definitionId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </PrintPage>
  );
}
