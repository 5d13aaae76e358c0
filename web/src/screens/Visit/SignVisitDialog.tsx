import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Checkbox, FormControl, Heading } from '@primer/react';
import { FormDialog } from '../../administration/FormDialog';
import { TextField } from '../../components/TextField';
import { useSignVisitMutation } from '../../mutations/SignVisitMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { passwordMessages, TEXT_LIMITS } from '@ecrf/rules';
import { texts } from '../../texts';
import adminStyles from '../../administration/AdminTable.module.css';
import styles from '../../patients/Patient.module.css';
import type { SignVisitDialog_visit$key } from '../../__generated__/SignVisitDialog_visit.graphql';

const t = texts.visit;

/**
 * Signing re-enters the password and states the meaning of the signature (ecrf-core.md §4; docs/backend.md "Visits").
 * The visit's open plausibility hints are listed first; the signer confirms they checked them (issue 25 item 3).
 */
export function SignVisitDialog(props: { visit: SignVisitDialog_visit$key; text: (key: string) => string; onClose: () => void }) {
  const visit = useFragment(
    graphql`
      fragment SignVisitDialog_visit on Visit {
        id
        definition {
          displayKey
        }
        openHints {
          formPath
          fieldDisplayKey
          message
          instrument {
            definition {
              displayKey
            }
          }
        }
      }
    `,
    props.visit,
  );
  const { text, onClose } = props;
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<string>(t.defaultMeaning);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [sign, signing] = useSignVisitMutation();
  const feedback = useFeedback();
  const hints = visit.openHints;
  const submit = () => {
    const refused = [
      ...(password === '' ? [passwordMessages.required] : []),
      ...(hints.length > 0 && !confirmed ? [t.hintsConfirmRequired] : []),
    ];
    setErrors(refused);
    if (refused.length > 0) return;
    sign({
      variables: { input: { id: visit.id, password, meaning } },
      onCompleted: ({ signVisit }) => {
        if (signVisit.success) {
          feedback.showSnackbar(t.signed);
          onClose();
        } else setErrors([signVisit.message || t.signFailed, ...signVisit.errors.map((error) => error.message)]);
      },
    });
  };
  return (
    <FormDialog
      title={t.signTitle}
      busy={signing}
      submitLabel={t.signSubmit}
      onSubmit={submit}
      onCancel={onClose}
      formErrors={errors}
      className={adminStyles.form}
    >
      <p>{t.signIntro}</p>
      {hints.length > 0 && (
        <section aria-labelledby="sign-hints-heading">
          <Heading as="h3" id="sign-hints-heading" className={styles.sectionHeading}>
            {t.hintsHeading}
          </Heading>
          <p>{t.hintsIntro}</p>
          <ul>
            {hints.map((hint) => (
              <li key={`${hint.instrument?.definition?.displayKey ?? ''}/${hint.formPath}/${hint.message}`}>
                <strong>
                  {t.hintAt(
                    text(hint.instrument?.definition?.displayKey ?? visit.definition?.displayKey ?? ''),
                    text(hint.fieldDisplayKey),
                  )}
                </strong>
                : {text(hint.message)}
              </li>
            ))}
          </ul>
          <FormControl>
            <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            <FormControl.Label>{t.hintsConfirmed}</FormControl.Label>
          </FormControl>
        </section>
      )}
      <TextField label={t.signMeaning} value={meaning} onChange={setMeaning} required maxLength={TEXT_LIMITS.signatureMeaning} />
      <TextField label={t.signPassword} type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
    </FormDialog>
  );
}
