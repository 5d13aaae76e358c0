import { graphql, usePreloadedQuery } from 'react-relay';
import { useParams } from 'react-router';
import { Banner, Heading } from '@primer/react';
import printVisitScreenQueryNode from '../../__generated__/PrintVisitScreenQuery.graphql';
import type { PrintVisitScreenQuery } from '../../__generated__/PrintVisitScreenQuery.graphql';
import {
  useDocumentation,
  type DocumentationPatient,
  type DocumentationQuery,
  type DocumentationVisit,
} from '../../patients/documentationContext';
import { documentedState } from '../../patients/StateLabel';
import { PrintForm } from '../../print/PrintForm';
import { PrintDocument } from '../../print/PrintDocument';
import { PrintSignature } from '../../print/PrintSignature';
import type { PrintSignature_visit$key } from '../../__generated__/PrintSignature_visit.graphql';
import { formatDay } from '../../patients/dates';
import { NETWORK_PAGE } from '../../patients/network';
import facts from '../../components/Facts.module.css';
import { texts } from '../../texts';
import styles from '../../print/Print.module.css';
import { locationLabel } from '../../location/locationLabel';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/**
 * The instruments a diagnostic requirement carries (docs/web.md "Print views"): who asks (network), and
 * what the molecular pathology needs to know (diagnosis, staging, molecular findings so far).
 */
export const DIAGNOSTIC_REQUIREMENT_INSTRUMENTS = ['network', 'diagnosis', 'staging', 'molecular'];

type Kind = 'visit' | 'diagnosticRequirement';

/** The route preloads the screen's query with these variables. */
export const printVisitScreenQuery = defineScreenQuery<PrintVisitScreenQuery>(printVisitScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  visitId: params.visitId ?? '',
  networkPage: NETWORK_PAGE,
}));

/** /patient/{patientId}/visit/{visitId}/print and …/printDiagnosticRequirement: printable pages of a visit (ecrf-core.md §2). */
export function PrintVisitScreen({ kind }: { kind: Kind }) {
  const { visitId = '' } = useParams();
  const data = usePreloadedQuery<PrintVisitScreenQuery>(
    graphql`
      query PrintVisitScreenQuery($patientId: ID!, $visitId: ID!, $networkPage: Int!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          ...documentationContext_studyPatient
        }
        visit(id: $visitId) {
          ...PrintSignature_visit
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(printVisitScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  const visit = patient?.visits.find((candidate) => candidate.id === visitId && candidate.isDeleted !== true);
  if (!patient || !visit || !data.visit) return <Banner variant="critical" title={texts.visit.notFound} />;
  return <VisitPrintout patient={patient} query={query} visit={visit} signature={data.visit} kind={kind} />;
}

type Props = {
  patient: DocumentationPatient;
  query: DocumentationQuery;
  visit: DocumentationVisit;
  signature: PrintSignature_visit$key;
  kind: Kind;
};

function VisitPrintout({ patient, query, visit, signature, kind }: Props) {
  const { text } = patient;
  const definition = patient.index.visitById.get(visit.definitionId);
  const visitName = definition ? text(definition.displayKey) : '–';
  const instruments = [...(definition?.instruments ?? [])]
    .filter((candidate) => kind === 'visit' || DIAGNOSTIC_REQUIREMENT_INSTRUMENTS.includes(candidate.identifier))
    .sort((a, b) =>
      kind === 'visit'
        ? a.order - b.order
        : DIAGNOSTIC_REQUIREMENT_INSTRUMENTS.indexOf(a.identifier) - DIAGNOSTIC_REQUIREMENT_INSTRUMENTS.indexOf(b.identifier),
    );
  const t = texts.print;
  return (
    <PrintDocument
      title={kind === 'visit' ? t.visitHeading(visitName, patient.pseudonym) : t.diagnosticHeading}
      sheet={kind === 'visit' ? visitName : t.diagnosticHeading}
      pseudonym={patient.pseudonym}
    >
      {kind === 'diagnosticRequirement' && <p>{t.diagnosticIntro}</p>}
      <dl className={facts.facts}>
        <dt>{texts.patients.pseudonym}</dt>
        <dd>{patient.pseudonym}</dd>
        <dt>{texts.patient.location}</dt>
        <dd>{locationLabel(patient.location)}</dd>
        <dt>{texts.visit.visitDate}</dt>
        <dd>{formatDay(visit.visitDate)}</dd>
        <dt>{texts.documentationForm.state}</dt>
        <dd>{texts.states[documentedState(visit.state)]}</dd>
      </dl>
      {instruments.map((instrumentDefinition) => {
        const instrument = visit.instruments.find(
          (candidate) => candidate.definitionId === instrumentDefinition.id && candidate.isDeleted !== true,
        );
        const formFieldsOf = () => instrumentDefinition.fields;
        return (
          <section key={instrumentDefinition.id} className={styles.instrument} aria-label={text(instrumentDefinition.displayKey)}>
            <Heading as="h2" className={styles.sectionHeading}>
              {text(instrumentDefinition.displayKey)}
            </Heading>
            {instrument ? (
              <PrintForm
                patient={patient}
                query={query}
                place={{ kind: 'instrument', instrumentId: instrument.id, state: instrument.state }}
                formFieldsOf={formFieldsOf}
                fields={instrument.fields}
              />
            ) : (
              <p className={styles.muted}>{t.notDocumented}</p>
            )}
          </section>
        );
      })}
      {kind === 'visit' && <PrintSignature visit={signature} />}
      {kind === 'diagnosticRequirement' && (
        <div className={styles.signatures}>
          <span className={styles.signatureLine}>{t.placeDate}</span>
          <span className={styles.signatureLine}>{t.signature}</span>
        </div>
      )}
    </PrintDocument>
  );
}
