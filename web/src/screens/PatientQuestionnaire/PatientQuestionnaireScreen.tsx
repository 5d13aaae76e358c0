import { Suspense, useState } from 'react';
import type { FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Banner, Button, Link, Stack } from '@primer/react';
import { normalizeAccessCode, TEXT_LIMITS } from '@ecrf/rules';
import type { PatientQuestionnaireScreenQuery } from '../../__generated__/PatientQuestionnaireScreenQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageSpinner } from '../../components/PageSpinner';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../errors/errorCatalogue';
import { PublicLayout } from '../../layout/PublicLayout';
import { QuestionnaireForm } from '../../questionnaires/QuestionnaireForm';
import { texts } from '../../texts';
import own from '../../questionnaires/Questionnaires.module.css';

const t = texts.patientQuestionnaire;

/**
 * /fragebogen and /fragebogen/{accessCode} (public, an addition to core §2: docs/web.md): a patient opens their
 * questionnaire with the code from the link or typed in, and fills it in without an account.
 */
export function PatientQuestionnaireScreen() {
  const { accessCode } = useParams();
  const [attempt, setAttempt] = useState(0);
  if (!accessCode) return <CodeEntry />;
  return (
    <>
      {/* The link carries the code: no page it leads to may learn it from the referrer. */}
      <meta name="referrer" content="no-referrer" />
      <ErrorBoundary
        resetKey={`${accessCode}-${attempt}`}
        onRetry={() => setAttempt((n) => n + 1)}
        fallback={
          <PublicLayout title={t.invalidHeading}>
            <Banner variant="critical" title={t.failed} />
          </PublicLayout>
        }
      >
        <Suspense
          fallback={
            <PublicLayout title={t.loading} wide>
              <PageSpinner />
            </PublicLayout>
          }
        >
          <OpenedQuestionnaire accessCode={accessCode} fetchKey={attempt} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

function CodeEntry() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeAccessCode(code);
    if (!normalized) setError(t.codeInvalid);
    else navigate(`/fragebogen/${normalized}`);
  };
  return (
    <PublicLayout title={t.entryHeading}>
      <form onSubmit={open} noValidate aria-label={t.entryHeading}>
        <Stack gap="normal">
          <TextField
            label={t.codeLabel}
            caption={t.codeHint}
            value={code}
            autoComplete="off"
            maxLength={TEXT_LIMITS.accessCode}
            onChange={setCode}
            errors={error ? [error] : []}
          />
          <Button type="submit" variant="primary" block>
            {t.open}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}

function OpenedQuestionnaire({ accessCode, fetchKey }: { accessCode: string; fetchKey: number }) {
  const { patientQuestionnaire } = useLazyLoadQuery<PatientQuestionnaireScreenQuery>(
    graphql`
      query PatientQuestionnaireScreenQuery($accessCode: String!) {
        patientQuestionnaire(accessCode: $accessCode) {
          questionnaire {
            title
            respondent
            expiresAt
            ...QuestionnaireForm_questionnaire
          }
          errors {
            code
          }
        }
      }
    `,
    { accessCode },
    // Every visit asks the server: the code may have been used or replaced meanwhile.
    { fetchPolicy: 'network-only', fetchKey },
  );
  const [submitted, setSubmitted] = useState(false);
  const returnTo = (useLocation().state as { returnTo?: unknown } | null)?.returnTo;
  const { questionnaire, errors } = patientQuestionnaire;
  if (!questionnaire) {
    const message = errors.some((e) => e.code === 'TOO_MANY_ATTEMPTS') ? t.tooMany : t.invalid;
    return (
      <PublicLayout title={t.invalidHeading}>
        <Banner variant="critical" title={message} role="alert" />
      </PublicLayout>
    );
  }
  if (submitted) {
    const staff = questionnaire.respondent === 'STAFF';
    return (
      <PublicLayout title={t.thanksHeading}>
        <Stack gap="normal">
          <p role="status">{staff ? t.savedByStaff : t.thanks}</p>
          {!staff && <p className={own.help}>{t.help}</p>}
          {staff && typeof returnTo === 'string' && returnTo.startsWith('/patient/') && (
            <Link as={RouterLink} to={returnTo}>
              {t.backToPatient}
            </Link>
          )}
        </Stack>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={questionnaire.title} wide>
      <p className={own.valid}>{t.validUntil(formatDateTime(questionnaire.expiresAt) ?? '–')}</p>
      <QuestionnaireForm questionnaire={questionnaire} accessCode={accessCode} onSubmitted={() => setSubmitted(true)} />
    </PublicLayout>
  );
}
