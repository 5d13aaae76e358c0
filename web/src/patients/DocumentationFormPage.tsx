import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner, Button, FormControl, Textarea } from '@primer/react';
import {
  givenReason,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FormPlace,
  type StudyDefinition,
  TEXT_LIMITS,
} from '@ecrf/rules';
import { DocumentationForm } from '../forms/DocumentationForm';
import { formValueProblems } from '../forms/formProblems';
import type { FieldInput } from '../forms/instances';
import type { FieldExtras, RedirectHref } from '../forms/formContext';
import { useFormState } from '../forms/useFormState';
import { useUnsavedChangesWarning } from '../forms/useUnsavedChangesWarning';
import { useFeedback } from '../feedback/feedbackContext';
import { useSetFieldLockMutation } from '../mutations/SetFieldLockMutation';
import { commitMutationAsync } from '../relay/commitMutationAsync';
import { alertText, userErrorText } from '../errors/errorCatalogue';
import { texts } from '../texts';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { useFormRules } from './useFormRules';
import { FIELD_PARAM } from '../dataQueries/dataQueryLink';
import styles from './Patient.module.css';

/** A refusal of a save (a UserError); `formPath` is the refused field's path in the form (docs/rules.md "Field paths"). */
export type SaveError = {
  readonly code: string;
  readonly fieldId?: string | null;
  readonly formPath?: string | null;
  readonly message: string;
};

/** The fields of a form not stored yet; one constant, since a new array would start the edit over. */
export const NO_FIELDS: readonly DataFieldInstance[] = [];

type Props = {
  patient: DocumentationPatient;
  query: DocumentationQuery;
  /** Where the form sits; for instruments with the stored state. */
  place: FormPlace;
  /** The form's field definitions in the rules model. */
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[];
  original: readonly DataFieldInstance[];
  /** Complete or signed: a save needs a reason for change (the server says so too). */
  reasonRequired: boolean;
  readOnly: boolean;
  /** Inputs above the fields (e.g. the visit date), with whether they changed. */
  header?: { node: ReactNode; dirty: boolean };
  save: (fields: FieldInput[], reasonForChange: string | null) => Promise<readonly SaveError[]>;
  /** What the form documents ("Raucheranamnese", "Baseline"): the message after saving names it. */
  savedName: string;
  onSaved: () => void;
  /** Offers "Speichern und nächstes Instrument": after the save, opens the visit's next instrument. */
  onSavedNext?: () => void;
  onCancel: () => void;
  /** Opens the form again on the stored state the store now holds (after a refused stale save or a lock change). */
  onReload: () => void;
  /** The stored form's version: with DataFieldLockCmd its stored fields offer a manual lock. Null for a new form. */
  lockOwnerVersion?: number | null;
  /** Queries and verification flags beside each stored field. */
  fieldExtras?: FieldExtras;
  /** Redirects as links to the instruments they name. */
  redirectHref?: RedirectHref;
};

/**
 * A request that failed as a whole: the network layer has alerted it in German already when the answer held no data
 * (Relay's own "No data returned …" adds nothing, issue 26 item 4); any other failure is shown through the catalogue.
 */
function failureOf(error: unknown): SaveError[] {
  const message = alertText(error instanceof Error ? error.message : String(error));
  return message === null ? [] : [{ code: 'ERROR', message }];
}

/**
 * A documentation form with its save (ecrf-core.md §4, §5): rules evaluated live, unsaved changes
 * guarded, the server's refusals shown at their fields, a stale save refused with the server's German
 * message while the user's input stays on screen.
 */
export function DocumentationFormPage({
  patient,
  query,
  place,
  formFieldsOf,
  original,
  reasonRequired,
  readOnly,
  header,
  save,
  savedName,
  onSaved,
  onSavedNext,
  onCancel,
  onReload,
  lockOwnerVersion = null,
  fieldExtras,
  redirectHref,
}: Props) {
  const rules = useFormRules(patient, query, formFieldsOf);
  const { definition, formFields, text, network } = rules;
  const form = useFormState(formFields, original);
  const [reason, setReason] = useState('');
  const [askReason, setAskReason] = useState(reasonRequired);
  const [errors, setErrors] = useState<readonly SaveError[]>([]);
  const [saving, setSaving] = useState(false);
  // After the first save attempt every missing required field says so, not only the touched ones.
  const [validated, setValidated] = useState(false);
  // Each refused attempt (by the rules here or by the server) puts the focus on the first refused field.
  const [refusedAttempts, setRefusedAttempts] = useState(0);
  const feedback = useFeedback();
  const navigate = useNavigate();
  // A query's link opens the form at its field (`?field=<DataField id>`, docs/web.md "Queries").
  const fieldAsked = useSearchParams()[0].get(FIELD_PARAM);
  const dirty = form.dirty || (header?.dirty ?? false);
  const warning = useUnsavedChangesWarning(dirty && !saving);
  const evaluation = rules.evaluate(place, form.fields);
  const stale = errors.find((error) => error.code === 'STALE_WRITE');
  const [commitLock] = useSetFieldLockMutation();
  // Locks are offered on an unchanged form only: the form opens again on the stored state after the lock.
  const setLock =
    lockOwnerVersion !== null && patient.viewerCan.lockFields && !dirty
      ? (fieldId: string, locked: boolean) => {
          void commitMutationAsync(commitLock, {
            input: { studyPatientId: patient.id, fieldId, ownerVersion: lockOwnerVersion, lockedManually: locked },
          })
            .then(({ setFieldLock }) => {
              setErrors(setFieldLock.errors);
              if (setFieldLock.errors.length === 0) {
                feedback.showSnackbar(locked ? texts.documentationForm.locked : texts.documentationForm.unlocked);
                onReload();
              }
            })
            .catch((error: unknown) => setErrors(failureOf(error)));
        }
      : undefined;

  const submit = async (then: () => void) => {
    setValidated(true);
    // A value the server would refuse is not sent: the form says why at the field.
    if (formValueProblems(definition, formFields, form.fields, text).length > 0) {
      setRefusedAttempts((n) => n + 1);
      return;
    }
    const givenReasonText = givenReason(reason);
    if (askReason && givenReasonText === null) {
      setErrors([{ code: 'REASON_REQUIRED', message: texts.documentationForm.reasonMissing }]);
      return;
    }
    setSaving(true);
    try {
      const answer = await save(form.fieldInputs(), askReason ? givenReasonText : null);
      // The server's user errors pass the catalogue too: no English or technical text reaches the form.
      setErrors(answer.map((error) => ({ ...error, message: userErrorText(error) })));
      if (answer.some((error) => error.fieldId || error.formPath)) setRefusedAttempts((n) => n + 1);
      if (answer.some((error) => error.code === 'REASON_REQUIRED')) setAskReason(true);
      if (answer.some((error) => error.code === 'ELEARNING_REQUIRED')) {
        warning.allowNextNavigation();
        void navigate('/elearning');
        return;
      }
      if (answer.length === 0) {
        // Named: after "Speichern und nächstes Instrument" the next form is shown already (issue 26 item 6).
        feedback.showSnackbar(texts.documentationForm.savedNamed(savedName));
        warning.allowNextNavigation();
        then();
      }
    } catch (error) {
      setErrors(failureOf(error));
    } finally {
      setSaving(false);
    }
  };
  const fieldErrors = errors.flatMap((error) =>
    error.fieldId || error.formPath ? [{ fieldId: error.fieldId, path: error.formPath, message: error.message }] : [],
  );
  const formErrors = errors.filter((error) => !error.fieldId && !error.formPath && error !== stale);

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(onSaved);
      }}
    >
      {readOnly && <Banner variant="info" title={texts.documentationForm.readOnly} hideTitle={false} />}
      {stale && (
        <Banner
          variant="critical"
          title={texts.documentationForm.staleTitle}
          description={`${stale.message} ${texts.documentationForm.staleKept}`}
        >
          <Banner.PrimaryAction onClick={onReload}>{texts.documentationForm.staleReload}</Banner.PrimaryAction>
        </Banner>
      )}
      {formErrors.length > 0 && (
        <div role="alert">
          {formErrors.map((error) => (
            <Banner key={`${error.code}-${error.message}`} variant="critical" title={error.message} />
          ))}
        </div>
      )}
      {header?.node}
      <DocumentationForm
        definition={definition}
        formFields={formFields}
        fields={form.fields}
        onChange={form.setFields}
        evaluation={evaluation}
        text={text}
        network={network}
        serverErrors={fieldErrors}
        readOnly={readOnly}
        onSetLock={setLock}
        fieldExtras={fieldExtras}
        validated={validated}
        saveAttempt={refusedAttempts}
        redirectHref={redirectHref}
        focusFieldId={fieldAsked}
      />
      {!readOnly && askReason && (
        <FormControl required>
          <FormControl.Label>{texts.documentationForm.reasonForChange}</FormControl.Label>
          <FormControl.Caption>{texts.documentationForm.reasonForChangeCaption}</FormControl.Caption>
          <Textarea block maxLength={TEXT_LIMITS.reasonForChange} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormControl>
      )}
      {/* Sticky: the save stays in reach at the end of every screen of a long form. */}
      <div className={styles.actionBar} role="group" aria-label={texts.documentationForm.actions}>
        {!readOnly && (
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? texts.documentationForm.saving : texts.documentationForm.save}
          </Button>
        )}
        {!readOnly && onSavedNext && (
          <Button type="button" disabled={saving} onClick={() => void submit(onSavedNext)}>
            {texts.documentationForm.saveAndNext}
          </Button>
        )}
        <Button type="button" onClick={onCancel}>
          {texts.documentationForm.cancel}
        </Button>
      </div>
      {warning.dialog}
    </form>
  );
}
