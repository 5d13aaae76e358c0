import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActionList, ActionMenu, Heading, Label, Link } from '@primer/react';
import type { VisitList_studyPatient$key } from '../../__generated__/VisitList_studyPatient.graphql';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { StateLabel } from '../../patients/StateLabel';
import { formatDay } from '../../patients/dates';
import { formatDateTime } from '../../errors/errorCatalogue';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';

const t = texts.patient;

/** The patient's visits by order with state and signature, and the "new visit" menu (unavailable ones say why). */
export function VisitList({ studyPatient }: { studyPatient: VisitList_studyPatient$key }) {
  const patient = useFragment(
    graphql`
      fragment VisitList_studyPatient on StudyPatient {
        id
        viewerCan {
          document
        }
        definitionVersion {
          ...useDefinitionText_definitionVersion
        }
        visitOptions {
          available
          reason
          definition {
            id
            displayKey
          }
        }
        visits {
          id
          state
          isSigned
          locked
          visitDate
          signature {
            userName
            signedAt
          }
          definition {
            displayKey
          }
          instruments {
            id
          }
        }
      }
    `,
    studyPatient,
  );
  const text = useDefinitionText(patient.definitionVersion);
  const navigate = useNavigate();
  const base = `/patient/${encodeURIComponent(patient.id)}`;
  return (
    <section className={styles.section} aria-labelledby="visits-heading">
      <div className={styles.sectionHeader}>
        <Heading as="h2" id="visits-heading" className={styles.sectionHeading}>
          {t.visitsHeading}
        </Heading>
        {patient.viewerCan.document && patient.visitOptions.length > 0 && (
          <ActionMenu>
            <ActionMenu.Button variant="primary">{t.newVisit}</ActionMenu.Button>
            <ActionMenu.Overlay>
              <ActionList>
                {patient.visitOptions.map((option) => (
                  <ActionList.Item
                    key={option.definition.id}
                    disabled={!option.available}
                    onSelect={() => navigate(`${base}/visit/${encodeURIComponent(option.definition.id)}/new`)}
                  >
                    {text(option.definition.displayKey)}
                    {option.reason && option.reason !== '%future added value' && (
                      <ActionList.Description variant="block">{t.unavailable[option.reason]}</ActionList.Description>
                    )}
                  </ActionList.Item>
                ))}
              </ActionList>
            </ActionMenu.Overlay>
          </ActionMenu>
        )}
      </div>
      {patient.visits.length === 0 ? (
        <p className={styles.muted}>{t.noVisits}</p>
      ) : (
        <ul className={styles.cards}>
          {patient.visits.map((visit) => {
            const name = visit.definition ? text(visit.definition.displayKey) : '–';
            return (
              <li key={visit.id} className={styles.card}>
                <div>
                  <Link as={RouterLink} to={`${base}/visit/${encodeURIComponent(visit.id)}`} className={styles.cardTitle}>
                    {name}
                  </Link>
                  <span className={styles.muted}>
                    {t.visitDate}: {formatDay(visit.visitDate)} · {t.instruments}: {visit.instruments.length}
                  </span>
                  {visit.isSigned && visit.signature && (
                    <div className={styles.muted}>
                      {t.signedBy(visit.signature.userName, formatDateTime(visit.signature.signedAt) ?? visit.signature.signedAt)}
                    </div>
                  )}
                </div>
                <span className={styles.labels}>
                  <StateLabel state={visit.state} />
                  {visit.isSigned && <Label variant="done">{texts.states.signed}</Label>}
                  {visit.locked && <Label variant="danger">{texts.states.locked}</Label>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
