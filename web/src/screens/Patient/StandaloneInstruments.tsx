import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActionList, ActionMenu, Heading, Link } from '@primer/react';
import type { StandaloneInstruments_studyPatient$key } from '../../__generated__/StandaloneInstruments_studyPatient.graphql';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { StateLabel } from '../../patients/StateLabel';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';

const t = texts.patient;

/** Instruments documented outside visits (ecrf-core.md §2 standalone instrument routes). */
export function StandaloneInstruments({ studyPatient }: { studyPatient: StandaloneInstruments_studyPatient$key }) {
  const patient = useFragment(
    graphql`
      fragment StandaloneInstruments_studyPatient on StudyPatient {
        id
        viewerCan {
          document
        }
        definitionVersion {
          ...useDefinitionText_definitionVersion
          standaloneInstruments {
            id
            displayKey
            isDeleted
          }
        }
        standaloneInstruments {
          id
          state
          definition {
            displayKey
          }
        }
      }
    `,
    studyPatient,
  );
  const text = useDefinitionText(patient.definitionVersion);
  const navigate = useNavigate();
  const base = `/patient/${encodeURIComponent(patient.id)}`;
  const definitions = patient.definitionVersion.standaloneInstruments.filter((definition) => !definition.isDeleted);
  if (definitions.length === 0 && patient.standaloneInstruments.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="standalone-heading">
      <div className={styles.sectionHeader}>
        <Heading as="h2" id="standalone-heading" className={styles.sectionHeading}>
          {t.standaloneHeading}
        </Heading>
        {patient.viewerCan.document && definitions.length > 0 && (
          <ActionMenu>
            <ActionMenu.Button>{t.newStandalone}</ActionMenu.Button>
            <ActionMenu.Overlay>
              <ActionList>
                {definitions.map((definition) => (
                  <ActionList.Item
                    key={definition.id}
                    onSelect={() => navigate(`${base}/instrument/${encodeURIComponent(definition.id)}/new`)}
                  >
                    {text(definition.displayKey)}
                  </ActionList.Item>
                ))}
              </ActionList>
            </ActionMenu.Overlay>
          </ActionMenu>
        )}
      </div>
      {patient.standaloneInstruments.length === 0 ? (
        <p className={styles.muted}>{t.noStandalone}</p>
      ) : (
        <ul className={styles.cards}>
          {patient.standaloneInstruments.map((instrument) => (
            <li key={instrument.id} className={styles.card}>
              <Link as={RouterLink} to={`${base}/instrument/${encodeURIComponent(instrument.id)}/edit`} className={styles.cardTitle}>
                {instrument.definition ? text(instrument.definition.displayKey) : '–'}
              </Link>
              <StateLabel state={instrument.state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
