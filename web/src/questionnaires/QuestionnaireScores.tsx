import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { Button, Heading, Label } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import type {
  QuestionnaireScores_studyPatient$data,
  QuestionnaireScores_studyPatient$key,
} from '../__generated__/QuestionnaireScores_studyPatient.graphql';
import type { QuestionnaireScores_query$key } from '../__generated__/QuestionnaireScores_query.graphql';
import { formatDateTime } from '../errors/errorCatalogue';
import { useFeedback } from '../feedback/feedbackContext';
import { useCreateQuestionnaireAccessMutation } from '../mutations/CreateQuestionnaireAccessMutation';
import { texts } from '../texts';
import styles from '../patients/Patient.module.css';
import own from './Questionnaires.module.css';
import { PatientAccessDialog } from './PatientAccessDialog';

const t = texts.questionnaires;

type Interview = QuestionnaireScores_studyPatient$data['questionnaireInterviews'][number];

function statusText(interview: Interview): string {
  if (interview.status === 'COMPLETED')
    return interview.respondent === 'STAFF' ? t.completedByStaff(interview.enteredByUserName ?? '–') : t.completedByPatient;
  if (interview.status === 'OPEN' && interview.accessExpiresAt) return t.open(formatDateTime(interview.accessExpiresAt) ?? '–');
  return t.expired;
}

const columns: Column<Interview>[] = [
  // The day in the browser's time zone (the registry's users work in Germany).
  { id: 'date', header: t.date, width: 'auto', renderCell: (row) => formatDateTime(row.completedAt ?? row.createdAt)?.slice(0, 10) ?? '–' },
  { id: 'questionnaire', header: t.questionnaire, width: 'auto', renderCell: (row) => row.questionnaire.shortTitle },
  {
    id: 'total',
    header: t.total,
    width: 'auto',
    renderCell: (row) => (row.score ? t.totalOf(row.score.total, row.score.max) : t.noScore),
  },
  { id: 'severity', header: t.severity, width: 'auto', renderCell: (row) => row.score?.band.label ?? t.noScore },
  {
    id: 'attention',
    header: t.attention,
    // The flag's text wraps, so the status stays in view beside it.
    width: 'grow',
    maxWidth: '24rem',
    renderCell: (row) =>
      row.score?.flags.map((flag) => (
        <Label key={flag.code} variant="danger" className={own.flag}>
          {flag.label}
        </Label>
      )) ?? null,
  },
  { id: 'status', header: t.status, width: 'growCollapse', renderCell: statusText },
];

/**
 * The patient's questionnaires on the patient screen (ecrf-calls.md §7 "Questionnaire system"): date, total, band
 * and raised flags of each interview; staff with the rights issue a patient access or enter a paper form.
 */
export function QuestionnaireScores({
  studyPatient,
  query,
}: {
  studyPatient: QuestionnaireScores_studyPatient$key;
  query: QuestionnaireScores_query$key;
}) {
  const patient = useFragment(
    graphql`
      fragment QuestionnaireScores_studyPatient on StudyPatient {
        id
        pseudonym
        viewerCan {
          createPatientQuestionnaireAccess
          enterQuestionnaire
        }
        questionnaireInterviews {
          id
          status
          createdAt
          completedAt
          accessExpiresAt
          respondent
          enteredByUserName
          questionnaire {
            shortTitle
          }
          score {
            total
            max
            band {
              label
            }
            flags {
              code
              label
            }
          }
        }
      }
    `,
    studyPatient,
  );
  const { questionnaires } = useFragment(
    graphql`
      fragment QuestionnaireScores_query on Query {
        questionnaires {
          id
          title
          shortTitle
        }
      }
    `,
    query,
  );
  const [creating, setCreating] = useState(false);
  const [enter, entering] = useCreateQuestionnaireAccessMutation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { createPatientQuestionnaireAccess, enterQuestionnaire } = patient.viewerCan;
  if (questionnaires.length === 0 && patient.questionnaireInterviews.length === 0) return null;
  const [first] = questionnaires;

  const enterPaperForm = () =>
    first &&
    enter({
      variables: { input: { studyPatientId: patient.id, questionnaireId: first.id, respondent: 'STAFF' } },
      onCompleted: ({ createQuestionnaireAccess }) => {
        const path = createQuestionnaireAccess.access?.path;
        if (path) navigate(path, { state: { returnTo: `/patient/${encodeURIComponent(patient.id)}` } });
        else feedback.showAlert(createQuestionnaireAccess.errors.map((e) => e.message).join(', ') || t.enterFailed);
      },
    });

  return (
    <section className={styles.section} aria-labelledby="questionnaires-heading">
      <div className={styles.sectionHeader}>
        <Heading as="h2" id="questionnaires-heading" className={styles.sectionHeading}>
          {t.heading}
        </Heading>
        {first && (
          <div className={styles.actions}>
            {createPatientQuestionnaireAccess && <Button onClick={() => setCreating(true)}>{t.createAccess}</Button>}
            {enterQuestionnaire && (
              <Button onClick={enterPaperForm} disabled={entering}>
                {t.enterPaper}
              </Button>
            )}
          </div>
        )}
      </div>
      {patient.questionnaireInterviews.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <DataTable
          aria-labelledby="questionnaires-heading"
          cellPadding="condensed"
          columns={columns}
          data={[...patient.questionnaireInterviews]}
        />
      )}
      {creating && first && (
        <PatientAccessDialog
          studyPatientId={patient.id}
          pseudonym={patient.pseudonym}
          questionnaires={questionnaires}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
