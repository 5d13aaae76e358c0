import { useState } from 'react';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Button, Heading, Label, LinkButton } from '@primer/react';
import visitScreenQueryNode from '../../__generated__/VisitScreenQuery.graphql';
import type { VisitScreenQuery } from '../../__generated__/VisitScreenQuery.graphql';
import type { VisitScreen_studyPatient$key } from '../../__generated__/VisitScreen_studyPatient.graphql';
import type { VisitScreen_visit$key } from '../../__generated__/VisitScreen_visit.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { StateLabel } from '../../patients/StateLabel';
import { formatDay } from '../../patients/dates';
import { formatDateTime } from '../../errors/errorCatalogue';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import { SignVisitDialog } from './SignVisitDialog';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { DataQueryButton } from '../../dataQueries/DataQueryButton';
import { useDataQueryTargets } from '../../dataQueries/dataQueryTargets';
import { usePatientQueryUpdates } from '../../dataQueries/usePatientQueryUpdates';
import type { dataQueryTargets_viewer$key } from '../../__generated__/dataQueryTargets_viewer.graphql';

const t = texts.visit;

/** The route preloads the screen's query with these variables. */
export const visitScreenQuery = defineScreenQuery<VisitScreenQuery>(visitScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  visitId: params.visitId ?? '',
}));

/** /patient/{patientId}/visit/{visitId}: the visit instruments view with the visit's actions (ecrf-core.md §2). */
export function VisitScreen() {
  const data = usePreloadedQuery<VisitScreenQuery>(
    graphql`
      query VisitScreenQuery($patientId: ID!, $visitId: ID!) {
        ...AppShell_query
        viewer {
          ...dataQueryTargets_viewer
        }
        studyPatient(id: $patientId) {
          ...VisitScreen_studyPatient
        }
        visit(id: $visitId) {
          ...VisitScreen_visit
        }
      }
    `,
    useScreenReference(visitScreenQuery),
  );
  if (!data.studyPatient || !data.visit) return <Banner variant="critical" title={t.notFound} />;
  return <VisitView studyPatient={data.studyPatient} visit={data.visit} viewer={data.viewer} />;
}

/** The visit with its state, signature and instruments; documentation mutations spread it, so the view shows what they stored. */
function VisitView(props: {
  studyPatient: VisitScreen_studyPatient$key;
  visit: VisitScreen_visit$key;
  viewer: dataQueryTargets_viewer$key;
}) {
  const patient = useFragment(
    graphql`
      fragment VisitScreen_studyPatient on StudyPatient {
        id
        viewerCan {
          document
          signVisit
          deleteVisit
          editCaseProcess
        }
        definitionVersion {
          ...useDefinitionText_definitionVersion
        }
        ...PatientHeader_studyPatient
        ...dataQueryTargets_studyPatient
        ...DataQueryButton_studyPatient
      }
    `,
    props.studyPatient,
  );
  const visit = useFragment(
    graphql`
      fragment VisitScreen_visit on Visit {
        id
        state
        isSigned
        locked
        visitDate
        signature {
          displayName
          signedAt
          meaning
        }
        signatureWithdrawal {
          withdrawnAt
          withdrawnBy
          reason
          signature {
            displayName
            signedAt
          }
        }
        ...SignVisitDialog_visit
        definition {
          displayKey
          identifier
          isFollowUpRegistry
          instruments {
            id
            displayKey
            isDeleted
          }
        }
        instruments {
          id
          state
          locked
          definition {
            id
          }
        }
      }
    `,
    props.visit,
  );
  const text = useDefinitionText(patient.definitionVersion);
  const targets = useDataQueryTargets(patient, props.viewer);
  usePatientQueryUpdates(patient.id);
  const [signing, setSigning] = useState(false);
  const definition = visit.definition;
  if (!definition) return <Banner variant="critical" title={t.notFound} />;
  const can = patient.viewerCan;
  const base = `/patient/${encodeURIComponent(patient.id)}/visit/${encodeURIComponent(visit.id)}`;
  const name = text(definition.displayKey);
  const editable = can.document && !visit.locked;
  // Only a complete visit can be signed: every instrument of its definition exists and is complete (docs/decisions.md).
  const signable = visit.state === 'COMPLETE';
  const definitions = definition.instruments.filter(
    (definition) => !definition.isDeleted || visit.instruments.some((i) => i.definition?.id === definition.id),
  );
  return (
    <>
      <PatientHeader studyPatient={patient} title={name}>
        {targets && (
          <DataQueryButton
            studyPatient={patient}
            targets={targets}
            subject={{ kind: 'VISIT', id: visit.id, label: name }}
            target={{ locationId: targets.locationId, visit: definition }}
          />
        )}
        {editable && (
          <LinkButton as={RouterLink} to={`${base}/edit`}>
            {t.edit}
          </LinkButton>
        )}
        {can.signVisit && !visit.isSigned && (
          <Button
            variant={signable ? 'primary' : 'default'}
            onClick={() => setSigning(true)}
            disabled={!signable}
            aria-describedby={signable ? undefined : 'sign-hint'}
          >
            {t.sign}
          </Button>
        )}
        <LinkButton as={RouterLink} to={`${base}/caseprogress`}>
          {t.caseProgress}
        </LinkButton>
        <LinkButton as={RouterLink} to={`${base}/caseprogresstable`}>
          {t.caseProgressTable}
        </LinkButton>
        <LinkButton as={RouterLink} to={`${base}/print`}>
          {t.print}
        </LinkButton>
        <LinkButton as={RouterLink} to={`${base}/printDiagnosticRequirement`}>
          {t.printDiagnosticRequirement}
        </LinkButton>
        {can.deleteVisit && (
          <LinkButton as={RouterLink} to={`/deleteVisit/${encodeURIComponent(visit.id)}`} variant="danger">
            {t.delete}
          </LinkButton>
        )}
      </PatientHeader>
      <p className={styles.labels}>
        <StateLabel state={visit.state} />
        {visit.isSigned && <Label variant="done">{texts.states.signed}</Label>}
        {visit.locked && <Label variant="danger">{texts.states.locked}</Label>}
        <span className={styles.muted}>
          {t.visitDate}: {formatDay(visit.visitDate)}
        </span>
      </p>
      {visit.signature && visit.isSigned && (
        <p className={styles.muted}>
          {texts.patient.signedBy(visit.signature.displayName, formatDateTime(visit.signature.signedAt) ?? visit.signature.signedAt)} –{' '}
          {visit.signature.meaning}
        </p>
      )}
      {visit.signatureWithdrawal && (
        <Banner variant="warning" title={texts.states.signatureWithdrawn} hideTitle>
          {t.signatureWithdrawn(
            visit.signatureWithdrawal.signature.displayName,
            formatDateTime(visit.signatureWithdrawal.signature.signedAt) ?? visit.signatureWithdrawal.signature.signedAt,
            visit.signatureWithdrawal.withdrawnBy,
            formatDateTime(visit.signatureWithdrawal.withdrawnAt) ?? visit.signatureWithdrawal.withdrawnAt,
          )}
          {visit.signatureWithdrawal.reason && <> {t.withdrawalReason(visit.signatureWithdrawal.reason)}</>}
        </Banner>
      )}
      {can.signVisit && !visit.isSigned && !signable && (
        <p id="sign-hint" className={styles.muted}>
          {t.notSignable}
        </p>
      )}
      <section className={styles.section} aria-labelledby="instruments-heading">
        <Heading as="h2" id="instruments-heading" className={styles.sectionHeading}>
          {t.instrumentsHeading}
        </Heading>
        <ul className={styles.cards}>
          {definitions.map((definition) => {
            const instrument = visit.instruments.find((candidate) => candidate.definition?.id === definition.id);
            return (
              <li key={definition.id} className={styles.card}>
                <span className={styles.cardTitle}>{text(definition.displayKey)}</span>
                <span className={styles.labels}>
                  {instrument ? <StateLabel state={instrument.state} /> : <span className={styles.muted}>{t.missingInstrument}</span>}
                  {instrument ? (
                    <LinkButton
                      as={RouterLink}
                      size="small"
                      to={`${base}/instrument/${encodeURIComponent(instrument.id)}/edit`}
                      aria-label={`${editable ? t.editInstrument : t.showInstrument}: ${text(definition.displayKey)}`}
                    >
                      {editable ? t.editInstrument : t.showInstrument}
                    </LinkButton>
                  ) : (
                    editable && (
                      <LinkButton
                        as={RouterLink}
                        size="small"
                        to={`${base}/instrument/${encodeURIComponent(definition.id)}/new`}
                        aria-label={`${t.createInstrument}: ${text(definition.displayKey)}`}
                      >
                        {t.createInstrument}
                      </LinkButton>
                    )
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {signing && <SignVisitDialog visit={visit} text={text} onClose={() => setSigning(false)} />}
    </>
  );
}
