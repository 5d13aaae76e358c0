import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import type { FormPlace, InstrumentState, StudyDefinition } from '@ecrf/rules';
import printOverviewSheetScreenQueryNode from '../../__generated__/PrintOverviewSheetScreenQuery.graphql';
import type { PrintOverviewSheetScreenQuery } from '../../__generated__/PrintOverviewSheetScreenQuery.graphql';
import { useDocumentation } from '../../patients/documentationContext';
import { documentedState } from '../../patients/StateLabel';
import { PrintForm } from '../../print/PrintForm';
import { PrintDocument } from '../../print/PrintDocument';
import { formatDay } from '../../patients/dates';
import { caseProcessSummary } from '../../patients/caseProcess';
import { NETWORK_PAGE } from '../../patients/network';
import facts from '../../components/Facts.module.css';
import adminStyles from '../../administration/AdminTable.module.css';
import { texts } from '../../texts';
import styles from '../../print/Print.module.css';
import { locationLabel } from '../../location/locationLabel';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const patientPlace: FormPlace = { kind: 'patient' };
const patientFieldsOf = (rules: StudyDefinition) => rules.patient.fields;
const stateText = (state: InstrumentState) => texts.states[documentedState(state)];

/** Visits and instruments as the patient screen lists them: not deleted, by order. */
const live = <T extends { isDeleted?: boolean; order?: number }>(records: readonly T[]): T[] =>
  records.filter((record) => record.isDeleted !== true).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

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
  if (!data.studyPatient || !patient) return <Banner variant="critical" title={texts.patient.notFound} />;
  const t = texts.print;
  const { stoppingStep, latestFilledStep } = data.studyPatient;
  const { text, index } = patient;
  const visitName = (key: string) => {
    const definition = index.visitById.get(key);
    return definition ? text(definition.displayKey) : '–';
  };
  const instrumentName = (key: string) => {
    const definition = index.instrumentById.get(key);
    return definition ? text(definition.displayKey) : '–';
  };
  return (
    <PrintDocument title={t.overviewHeading(patient.pseudonym)} sheet={t.overviewSheet} pseudonym={patient.pseudonym}>
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
        <PrintForm patient={patient} query={query} place={patientPlace} formFieldsOf={patientFieldsOf} fields={patient.fields} />
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
            {live(patient.visits).map((visit) => (
              <tr key={visit.id}>
                <td>{visitName(visit.definitionId)}</td>
                <td>{formatDay(visit.visitDate)}</td>
                <td>{visit.isSigned ? `${stateText(visit.state)}, ${texts.states.signed}` : stateText(visit.state)}</td>
                <td>
                  {live(visit.instruments)
                    .map((i) => `${instrumentName(i.definitionId)}: ${stateText(i.state)}`)
                    .join('; ') || '–'}
                </td>
              </tr>
            ))}
            {live(patient.standaloneInstruments).map((instrument) => (
              <tr key={instrument.id}>
                <td>{texts.patient.standaloneHeading}</td>
                <td>–</td>
                <td>{stateText(instrument.state)}</td>
                <td>{instrumentName(instrument.definitionId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </PrintDocument>
  );
}
