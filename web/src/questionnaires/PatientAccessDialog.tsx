import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Banner, Button, Dialog, FormControl, Select, Stack, TextInput } from '@primer/react';
import { formatDateTime } from '../errors/errorCatalogue';
import { useFeedback } from '../feedback/feedbackContext';
import { useCreateQuestionnaireAccessMutation } from '../mutations/CreateQuestionnaireAccessMutation';
import { texts } from '../texts';
import own from './Questionnaires.module.css';

const t = texts.questionnaires;

type Questionnaire = { readonly id: string; readonly title: string; readonly shortTitle: string };
type Created = { accessCode: string; link: string; expiresAt: string; title: string };

/**
 * Issues a patient's access to a questionnaire and shows its code and link this once, with its expiry, to copy or
 * print for the patient (the printout holds nothing of the patient).
 */
export function PatientAccessDialog({
  studyPatientId,
  pseudonym,
  questionnaires,
  onClose,
}: {
  studyPatientId: string;
  pseudonym: string;
  questionnaires: readonly Questionnaire[];
  onClose: () => void;
}) {
  const [questionnaireId, setQuestionnaireId] = useState(questionnaires[0]?.id ?? '');
  const [validDays, setValidDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [create, saving] = useCreateQuestionnaireAccessMutation();

  const submit = () => {
    const days = Number(validDays);
    if (!Number.isInteger(days) || days < 1 || days > 30) {
      setError(t.validDaysInvalid);
      return;
    }
    setError(null);
    create({
      variables: { input: { studyPatientId, questionnaireId, respondent: 'PATIENT', validDays: days } },
      onCompleted: ({ createQuestionnaireAccess }) => {
        const { access, errors } = createQuestionnaireAccess;
        if (!access) {
          setError(errors.map((e) => e.message).join(', '));
          return;
        }
        const title = questionnaires.find((q) => q.id === questionnaireId)?.title ?? '';
        setCreated({ accessCode: access.accessCode, link: `${window.location.origin}${access.path}`, expiresAt: access.expiresAt, title });
      },
    });
  };

  if (created) return <CreatedAccess created={created} pseudonym={pseudonym} onClose={onClose} />;
  return (
    <Dialog
      title={t.accessTitle}
      onClose={onClose}
      footerButtons={[
        { content: t.cancel, onClick: onClose },
        { content: saving ? t.creating : t.create, buttonType: 'primary', disabled: saving, onClick: submit },
      ]}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="normal">
          <p>{t.accessIntro}</p>
          {questionnaires.length > 1 && (
            <FormControl>
              <FormControl.Label>{t.questionnaire}</FormControl.Label>
              <Select value={questionnaireId} onChange={(event) => setQuestionnaireId(event.target.value)}>
                {questionnaires.map((q) => (
                  <Select.Option key={q.id} value={q.id}>
                    {q.title}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
          )}
          <FormControl>
            <FormControl.Label>{t.validDays}</FormControl.Label>
            <TextInput type="number" min={1} max={30} value={validDays} onChange={(event) => setValidDays(event.target.value)} />
            <FormControl.Caption>{t.validDaysHint}</FormControl.Caption>
            {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
          </FormControl>
        </Stack>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}

/** What the patient is handed: the link, the code and how long they hold. */
function AccessSheet({ created, until }: { created: Created; until: string }) {
  return (
    <>
      <h2 className={own.sheetHeading}>{t.sheetHeading(created.title)}</h2>
      <p>{t.sheetLink}</p>
      <p className={own.secret} aria-label={t.sheetLinkLabel}>
        {created.link}
      </p>
      <p>{t.sheetCode(`${window.location.origin}/fragebogen`)}</p>
      <p className={own.code} aria-label={t.sheetCodeLabel}>
        {created.accessCode}
      </p>
      <p>{t.sheetValid(until)}</p>
    </>
  );
}

/** The access as handed to the patient: shown once, to copy or print. */
function CreatedAccess({ created, pseudonym, onClose }: { created: Created; pseudonym: string; onClose: () => void }) {
  const feedback = useFeedback();
  const until = formatDateTime(created.expiresAt) ?? '–';
  // Without a secure context the clipboard is missing: the synchronous failure becomes a refusal too.
  const copy = (text: string) =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => feedback.showSnackbar(t.copied),
        () => feedback.showAlert(t.copyFailed),
      );
  return (
    <Dialog title={t.createdTitle(pseudonym)} onClose={onClose} width="large">
      <Stack gap="normal">
        <Banner variant="warning" title={t.onlyNow} hideTitle description={t.onlyNow} />
        <div className={own.sheet}>
          <AccessSheet created={created} until={until} />
        </div>
        {/* Printing shows this copy alone (Questionnaires.module.css): the sheet for the patient, without the pseudonym. */}
        {createPortal(
          <div className={own.printSheet} data-print-sheet>
            <AccessSheet created={created} until={until} />
          </div>,
          document.body,
        )}
        <div className={own.buttons}>
          <Button onClick={() => void copy(created.link)}>{t.copyLink}</Button>
          <Button onClick={() => void copy(created.accessCode)}>{t.copyCode}</Button>
          <Button onClick={() => window.print()}>{t.print}</Button>
          <Button variant="primary" onClick={onClose}>
            {t.close}
          </Button>
        </div>
      </Stack>
    </Dialog>
  );
}
