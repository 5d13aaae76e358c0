import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Breadcrumbs, Heading, Label, Link } from '@primer/react';
import type { PatientHeader_studyPatient$key } from '../__generated__/PatientHeader_studyPatient.graphql';
import { texts } from '../texts';
import facts from '../components/Facts.module.css';
import { formatDay } from './dates';
import { identityName } from './identityName';
import styles from './Patient.module.css';
import { locationLabel } from '../location/locationLabel';

type Props = { studyPatient: PatientHeader_studyPatient$key; children?: ReactNode; title?: string };

/** The patient's identity as the registry knows it (pseudonym, location, registration) above every patient screen. */
export function PatientHeader({ studyPatient, children, title }: Props) {
  const patient = useFragment(
    graphql`
      fragment PatientHeader_studyPatient on StudyPatient {
        id
        pseudonym
        registrationDate
        isDigiNet
        definitionVersion {
          version
        }
        studyDefinition {
          viewerElearningRequirement {
            pending
          }
        }
        identity {
          firstName
          lastName
          birthDate
        }
        location {
          identifier
          displayName
        }
      }
    `,
    studyPatient,
  );
  const t = texts.patient;
  return (
    <header className={styles.header}>
      <div>
        <Breadcrumbs className={styles.breadcrumbs}>
          <Breadcrumbs.Item as={RouterLink} to="/patients">
            {texts.patients.heading}
          </Breadcrumbs.Item>
          {title !== undefined && (
            <Breadcrumbs.Item as={RouterLink} to={`/patient/${encodeURIComponent(patient.id)}`}>
              {t.heading(patient.pseudonym)}
            </Breadcrumbs.Item>
          )}
        </Breadcrumbs>
        <Heading as="h1" className={styles.heading}>
          {title ?? t.heading(patient.pseudonym)} {patient.isDigiNet && <Label variant="accent">{texts.patients.digiNet}</Label>}
        </Heading>
        {/* Null without the right to read identities: the pseudonym alone identifies the patient then. */}
        {patient.identity && <p className={styles.identity}>{identityName(patient.identity)}</p>}
        <dl className={facts.facts}>
          <dt>{t.location}</dt>
          <dd>{locationLabel(patient.location)}</dd>
          <dt>{t.registrationDate}</dt>
          <dd>{formatDay(patient.registrationDate)}</dd>
          <dt>{t.definitionVersion}</dt>
          <dd>{patient.definitionVersion.version}</dd>
        </dl>
        {/* The server refuses every change while the e-learning is pending; say so before anything is typed. */}
        {patient.studyDefinition.viewerElearningRequirement?.pending === true && (
          <Banner
            variant="warning"
            title={texts.elearning.required}
            description={
              <Link as={RouterLink} to="/elearning">
                {texts.elearning.toElearning}
              </Link>
            }
          />
        )}
      </div>
      {children && <div className={styles.actions}>{children}</div>}
    </header>
  );
}
