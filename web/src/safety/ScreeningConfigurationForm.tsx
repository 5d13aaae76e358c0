import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, FormControl, Heading, Stack, Textarea } from '@primer/react';
import type { ScreeningConfigurationForm_configuration$key } from '../__generated__/ScreeningConfigurationForm_configuration.graphql';
import { useUpdateScreeningConfigurationMutation } from '../mutations/UpdateScreeningConfigurationMutation';
import { formatAuditTime } from '../audit/auditFormat';
import { useFeedback } from '../feedback/feedbackContext';
import { reportForException } from '../errors/errorCatalogue';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { SCREENING_LISTS, errorsByList, fieldListFromText, fieldListText, type ScreeningList } from './safetyForms';

const t = texts.safety;
type Stored = {
  studyPatientFields: readonly string[];
  visitFields: readonly string[];
  instrumentFields: readonly string[];
  version: number;
};
const textsOf = (stored: Stored): Record<ScreeningList, string> => ({
  studyPatientFields: fieldListText(stored.studyPatientFields),
  visitFields: fieldListText(stored.visitFields),
  instrumentFields: fieldListText(stored.instrumentFields),
});

type Props = { configuration: ScreeningConfigurationForm_configuration$key; studyId: string; onSaved: () => void };

/**
 * The three field lists of the screening configuration, one field per line. A save someone else made in between
 * is not overwritten: the stored lists are shown with the German message and can be saved again.
 */
export function ScreeningConfigurationForm({ configuration, studyId, onSaved }: Props) {
  const stored = useFragment(
    graphql`
      fragment ScreeningConfigurationForm_configuration on ScreeningConfiguration {
        studyPatientFields
        visitFields
        instrumentFields
        version
        changedAt
        changedBy
      }
    `,
    configuration,
  );
  const [values, setValues] = useState(() => textsOf(stored));
  const [version, setVersion] = useState(stored.version);
  const [saved, setSaved] = useState({ changedAt: stored.changedAt, changedBy: stored.changedBy });
  const [errors, setErrors] = useState(() => errorsByList([]));
  const [commit, saving] = useUpdateScreeningConfigurationMutation();
  const { showSnackbar, showAlert } = useFeedback();

  const save = () =>
    commit({
      variables: {
        input: {
          studyId,
          studyPatientFields: fieldListFromText(values.studyPatientFields),
          visitFields: fieldListFromText(values.visitFields),
          instrumentFields: fieldListFromText(values.instrumentFields),
          version,
        },
      },
      onCompleted: ({ updateScreeningConfiguration: { screeningConfiguration, errors: refused } }) => {
        setErrors(errorsByList(refused));
        if (screeningConfiguration) {
          setVersion(screeningConfiguration.version);
          setSaved({ changedAt: screeningConfiguration.changedAt, changedBy: screeningConfiguration.changedBy });
        }
        // After a stale save the stored lists replace the edited ones; the message says why.
        if (screeningConfiguration && refused.length > 0) setValues(textsOf(screeningConfiguration));
        if (refused.length === 0) {
          showSnackbar(t.saved);
          onSaved();
        }
      },
      onError: (error) => showAlert(reportForException(error).message),
    });

  return (
    <form
      aria-labelledby="screening-configuration-heading"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Heading as="h2" id="screening-configuration-heading" className={styles.heading}>
        {t.configurationHeading}
      </Heading>
      <p className={styles.muted}>
        {saved.changedAt ? t.lastSaved(formatAuditTime(saved.changedAt), saved.changedBy ?? '–') : t.neverSaved} {t.configurationHint}
      </p>
      <Stack gap="normal">
        {errors.general.map((message) => (
          <Banner key={message} variant="critical" title={message} />
        ))}
        <Stack direction={{ narrow: 'vertical', regular: 'horizontal' }} gap="normal">
          {SCREENING_LISTS.map((list) => (
            <FormControl key={list}>
              <FormControl.Label>{t[list]}</FormControl.Label>
              <Textarea
                rows={6}
                value={values[list]}
                onChange={(event) => setValues((current) => ({ ...current, [list]: event.target.value }))}
                validationStatus={errors[list].length > 0 ? 'error' : undefined}
              />
              {errors[list].length > 0 && <FormControl.Validation variant="error">{errors[list].join(' ')}</FormControl.Validation>}
            </FormControl>
          ))}
        </Stack>
        <div>
          <Button type="submit" variant="primary" disabled={saving}>
            {t.save}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
