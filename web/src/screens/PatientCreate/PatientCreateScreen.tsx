import { useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { Banner, Button, FormControl, Heading, Select } from '@primer/react';
import patientCreateScreenQueryNode from '../../__generated__/PatientCreateScreenQuery.graphql';
import type { PatientCreateScreenQuery } from '../../__generated__/PatientCreateScreenQuery.graphql';
import type { RegisterPatientMutation$data } from '../../__generated__/RegisterPatientMutation.graphql';
import { registryToday, validatePastDay, validateRequired } from '@ecrf/rules';
import { validateFields } from '../../administration/formErrors';
import { TextField } from '../../components/TextField';
import { useFeedback } from '../../feedback/feedbackContext';
import { useStudyScope, type StudyScope } from '../../layout/studyScope';
import { useRegisterPatientMutation } from '../../mutations/RegisterPatientMutation';
import { IdentityFields } from '../../patients/IdentityFields';
import { EMPTY_IDENTITY, identityInput } from '../../patients/identityForm';
import { mayRegisterPatients } from '../../patients/identityRights';
import { useIdentityForm } from '../../patients/useIdentityForm';
import { RequiredMark } from '../../components/RequiredMark';
import { texts } from '../../texts';
import { PossibleDuplicateBanner, type Duplicate } from './PossibleDuplicateBanner';
import adminStyles from '../../administration/AdminTable.module.css';
import styles from './PatientCreate.module.css';
import { locationLabel } from '../../location/locationLabel';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const t = texts.identity;
type Location = { readonly id: string; readonly identifier: string; readonly displayName: string };
type Registration = { locationId: string; registrationDate: string };
type Payload = RegisterPatientMutation$data['registerPatient'];

/** The route preloads the screen's query with these variables. */
export const patientCreateScreenQuery = defineScreenQuery<PatientCreateScreenQuery>(patientCreateScreenQueryNode, () => ({}));

/** /patientCreate: registers a patient at the pseudonymisation service and in the study (issue 6). */
export function PatientCreateScreen() {
  const scope = useStudyScope();
  if (scope === null) return <Banner variant="warning" title={texts.patients.noStudy} />;
  return <PatientCreate scope={scope} />;
}

function PatientCreate({ scope }: { scope: StudyScope }) {
  const data = usePreloadedQuery<PatientCreateScreenQuery>(
    graphql`
      query PatientCreateScreenQuery {
        ...AppShell_query
        viewer {
          rights
          locations {
            id
            identifier
            displayName
          }
        }
      }
    `,
    useScreenReference(patientCreateScreenQuery),
  );
  if (!mayRegisterPatients(data.viewer.rights)) return <Banner variant="critical" title={texts.admin.forbidden} />;
  return <RegistrationForm scope={scope} locations={data.viewer.locations} />;
}

const validateRegistration = (form: Registration) =>
  validateFields({
    locationId: [form.locationId, [validateRequired]],
    registrationDate: [form.registrationDate, [validateRequired, (value) => validatePastDay(value ?? '', registryToday(new Date()))]],
  });

function RegistrationForm({ scope, locations }: { scope: StudyScope; locations: readonly Location[] }) {
  const defaultLocation = locations.some((location) => location.id === scope.locationId) ? scope.locationId : (locations[0]?.id ?? '');
  const state = useIdentityForm<Registration>(
    { ...EMPTY_IDENTITY, locationId: defaultLocation, registrationDate: registryToday(new Date()) },
    validateRegistration,
  );
  const { form, set, blur, shown } = state;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const [register, busy] = useRegisterPatientMutation();
  const navigate = useNavigate();
  const feedback = useFeedback();

  const answered = (payload: Payload) => {
    if (payload.studyPatient && payload.errors.length === 0) {
      feedback.showSnackbar(t.created(payload.studyPatient.pseudonym));
      // Back leads to where the registration started, not to an empty registration for a patient who exists.
      navigate(`/patient/${encodeURIComponent(payload.studyPatient.id)}`, { replace: true });
      return;
    }
    const unsure = payload.errors.find((error) => error.code === 'MAINZELLISTE_UNSURE_MATCH' || error.code === 'ALREADY_EXISTS');
    const others = payload.errors.filter((error) => error !== unsure);
    setDuplicate(
      unsure && payload.possibleDuplicate
        ? {
            // An unsure match is an expected outcome with its own wording; the service's text reads as a failure.
            message: unsure.code === 'MAINZELLISTE_UNSURE_MATCH' ? t.unsureMatch : unsure.message,
            ...payload.possibleDuplicate,
            mayConfirm: unsure.code === 'MAINZELLISTE_UNSURE_MATCH',
          }
        : null,
    );
    // A duplicate without its pseudonym still shows its message above the form.
    setFormErrors(state.placeServerErrors(unsure && !payload.possibleDuplicate ? payload.errors : others));
  };

  const submit = (confirmNewPatient: boolean) => {
    if (!state.checkAll()) return;
    register({
      variables: {
        input: {
          studyId: scope.studyId,
          locationId: form.locationId,
          registrationDate: form.registrationDate,
          identity: identityInput(form),
          confirmNewPatient,
        },
      },
      onCompleted: (answer) => answered(answer.registerPatient),
    });
  };

  const locationErrors = shown('locationId');
  return (
    <section aria-labelledby="patient-create-heading" className={styles.page}>
      <Heading as="h1" id="patient-create-heading" className={styles.heading}>
        {t.createHeading}
      </Heading>
      {formErrors.map((message) => (
        <Banner key={message} variant="critical" title={t.notSaved} description={message} hideTitle={false} />
      ))}
      {duplicate && <PossibleDuplicateBanner duplicate={duplicate} busy={busy} onConfirm={() => submit(true)} />}
      <form
        className={styles.form}
        noValidate
        aria-label={t.createHeading}
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        <p>{t.requiredNote}</p>
        <fieldset className={styles.group}>
          <legend>{t.masterData}</legend>
          <IdentityFields state={state} showRequiredMarks />
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t.registration}</legend>
          <div className={adminStyles.pair}>
            <FormControl>
              <FormControl.Label>
                {t.location}
                <RequiredMark />
              </FormControl.Label>
              <Select
                block
                value={form.locationId}
                aria-required="true"
                onChange={(event) => set('locationId', event.target.value)}
                onBlur={() => blur('locationId')}
              >
                {locations.map((location) => (
                  <Select.Option key={location.id} value={location.id}>
                    {locationLabel(location)}
                  </Select.Option>
                ))}
              </Select>
              {locationErrors.length > 0 && <FormControl.Validation variant="error">{locationErrors.join(', ')}</FormControl.Validation>}
            </FormControl>
            <TextField
              label={t.registrationDate}
              type="date"
              value={form.registrationDate}
              onChange={(value) => set('registrationDate', value)}
              onBlur={() => blur('registrationDate')}
              errors={shown('registrationDate')}
              required
              showRequiredMark
            />
          </div>
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
