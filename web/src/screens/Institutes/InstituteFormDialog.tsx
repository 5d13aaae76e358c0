import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Checkbox, FormControl } from '@primer/react';
import { validateInstituteIdentifier, validateOptionalPhone, validatePostalCode, validateRequired } from '@ecrf/rules';
import type { InstituteFormDialog_institute$key } from '../../__generated__/InstituteFormDialog_institute.graphql';
import { TextField } from '../../components/TextField';
import { useFeedback } from '../../feedback/feedbackContext';
import { useCreateInstituteMutation } from '../../mutations/CreateInstituteMutation';
import { useUpdateInstituteMutation } from '../../mutations/UpdateInstituteMutation';
import { errorsByField, hasErrors, optional, validateFields, type FieldErrors, type UserErrorLike } from '../../administration/formErrors';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { FormDialog } from '../../administration/FormDialog';

type Props = { institute: InstituteFormDialog_institute$key | null; onClose: (saved: boolean) => void };
type TextKey = 'identifier' | 'displayName' | 'street' | 'postalCode' | 'city' | 'phone';

/** Create or edit an institute: identifier '4 Ziffern', postal code '5 Ziffern' (ecrf-calls.md §5). */
export function InstituteFormDialog({ institute, onClose }: Props) {
  const existing = useFragment(
    graphql`
      fragment InstituteFormDialog_institute on Institute {
        id
        identifier
        displayName
        isDigiNet
        street
        postalCode
        city
        phone
      }
    `,
    institute,
  );
  const [form, setForm] = useState<Record<TextKey, string>>({
    identifier: existing?.identifier ?? '',
    displayName: existing?.displayName ?? '',
    street: existing?.street ?? '',
    postalCode: existing?.postalCode ?? '',
    city: existing?.city ?? '',
    phone: existing?.phone ?? '',
  });
  const [isDigiNet, setDigiNet] = useState(existing?.isDigiNet ?? false);
  const [joinAllStudies, setJoinAllStudies] = useState(true);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [create, creating] = useCreateInstituteMutation();
  const [update, updating] = useUpdateInstituteMutation();
  const feedback = useFeedback();

  const errors = validateFields({
    identifier: [form.identifier, [validateInstituteIdentifier]],
    displayName: [form.displayName, [validateRequired]],
    postalCode: [form.postalCode, [optional(validatePostalCode)]],
    phone: [form.phone, [validateOptionalPhone]],
  });
  const shown = (field: TextKey) => [...(touched.has(field) ? (errors[field] ?? []) : []), ...(serverErrors[field] ?? [])];
  const field = (key: TextKey, label: string, required = false) => (
    <TextField
      label={label}
      value={form[key]}
      required={required}
      onChange={(value) => {
        setForm((current) => ({ ...current, [key]: value }));
        setServerErrors((current) => ({ ...current, [key]: [] }));
      }}
      onBlur={() => setTouched((current) => new Set(current).add(key))}
      errors={shown(key)}
    />
  );

  const submit = () => {
    setTouched(new Set(['identifier', 'displayName', 'postalCode', 'phone']));
    if (hasErrors(errors)) return;
    const input = {
      identifier: form.identifier,
      displayName: form.displayName,
      isDigiNet,
      street: form.street || null,
      postalCode: form.postalCode || null,
      city: form.city || null,
      phone: form.phone || null,
    };
    const finish = (result: { readonly errors: readonly UserErrorLike[] } | null | undefined) => {
      const failures = result?.errors ?? [];
      if (failures.length > 0) return setServerErrors(errorsByField(failures));
      feedback.showSnackbar(texts.admin.saved);
      onClose(true);
    };
    if (existing == null)
      create({ variables: { input: { ...input, joinAllStudies } }, onCompleted: (answer) => finish(answer.createInstitute) });
    else update({ variables: { input: { ...input, id: existing.id } }, onCompleted: (answer) => finish(answer.updateInstitute) });
  };
  const busy = creating || updating;

  return (
    <FormDialog
      title={existing == null ? texts.institutes.create : texts.institutes.editTitle(existing.identifier)}
      width="large"
      busy={busy}
      onSubmit={submit}
      onCancel={() => onClose(false)}
      formErrors={serverErrors[''] ?? []}
      className={styles.form}
    >
      <div className={styles.pair}>
        {field('identifier', texts.institutes.identifier, true)}
        {field('displayName', texts.institutes.displayName, true)}
      </div>
      <FormControl>
        <Checkbox checked={isDigiNet} onChange={(event) => setDigiNet(event.target.checked)} />
        <FormControl.Label>{texts.institutes.digiNet}</FormControl.Label>
      </FormControl>
      {field('street', texts.institutes.street)}
      <div className={styles.pair}>
        {field('postalCode', texts.institutes.postalCode)}
        {field('city', texts.institutes.city)}
      </div>
      {field('phone', texts.institutes.phone)}
      {existing == null && (
        <FormControl>
          <Checkbox checked={joinAllStudies} onChange={(event) => setJoinAllStudies(event.target.checked)} />
          <FormControl.Label>{texts.institutes.joinAllStudies}</FormControl.Label>
        </FormControl>
      )}
    </FormDialog>
  );
}
