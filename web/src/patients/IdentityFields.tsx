import { FormControl, Select } from '@primer/react';
import { TEXT_LIMITS } from '@ecrf/rules';
import { TextField } from '../components/TextField';
import { RequiredMark } from '../components/RequiredMark';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { fieldKey, GENDERS, INSURANCE_STATUSES, type IdentityField } from './identityForm';
import type { IdentityFormState } from './useIdentityForm';

const t = texts.identity;

/** The master data fields of ecrf-calls.md §3 that the pseudonymisation service keeps, with their messages. */
export function IdentityFields({ state, showRequiredMarks = false }: { state: IdentityFormState<object>; showRequiredMarks?: boolean }) {
  const { form, set, blur, shown } = state;
  const field = (name: IdentityField, label: string, options: { required?: boolean; type?: 'date'; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(value) => set(name, value)}
      onBlur={() => blur(fieldKey(name))}
      errors={shown(fieldKey(name))}
      required={options.required}
      showRequiredMark={showRequiredMarks}
      type={options.type}
      maxLength={TEXT_LIMITS.identityField}
      // IDAT should not end up in the browser's autofill store.
      autoComplete={options.autoComplete ?? 'off'}
    />
  );
  const genderErrors = shown(fieldKey('gender'));
  const statusErrors = shown(fieldKey('insuranceStatus'));
  return (
    <>
      <div className={styles.pair}>
        {field('lastName', t.lastName, { required: true })}
        {field('firstName', t.firstName, { required: true })}
        {field('birthName', t.birthName)}
        {field('birthDate', t.birthDate, { required: true, type: 'date' })}
        <FormControl>
          <FormControl.Label>
            {t.gender}
            {showRequiredMarks && <RequiredMark />}
          </FormControl.Label>
          <Select
            block
            value={form.gender}
            aria-required="true"
            onChange={(event) => set('gender', event.target.value)}
            onBlur={() => blur(fieldKey('gender'))}
          >
            <Select.Option value="">{t.chooseGender}</Select.Option>
            {GENDERS.map((gender) => (
              <Select.Option key={gender} value={gender}>
                {t.genders[gender]}
              </Select.Option>
            ))}
          </Select>
          {genderErrors.length > 0 && <FormControl.Validation variant="error">{genderErrors.join(', ')}</FormControl.Validation>}
        </FormControl>
        {field('street', t.street)}
        {field('zip', t.zip)}
        {field('city', t.city)}
      </div>
      <div className={styles.pair}>
        <FormControl>
          <FormControl.Label>{t.insuranceStatus}</FormControl.Label>
          <Select block value={form.insuranceStatus} onChange={(event) => set('insuranceStatus', event.target.value)}>
            {INSURANCE_STATUSES.map((status) => (
              <Select.Option key={status} value={status}>
                {t.insuranceStatuses[status]}
              </Select.Option>
            ))}
          </Select>
          {statusErrors.length > 0 && <FormControl.Validation variant="error">{statusErrors.join(', ')}</FormControl.Validation>}
        </FormControl>
        {form.insuranceStatus !== 'NONE' && (
          <TextField
            label={t.insuranceNumber}
            value={form.insuranceNumber}
            onChange={(value) => set('insuranceNumber', value)}
            onBlur={() => blur(fieldKey('insuranceNumber'))}
            errors={shown(fieldKey('insuranceNumber'))}
            caption={t.insuranceNumberCaption[form.insuranceStatus]}
            required
            showRequiredMark={showRequiredMarks}
            maxLength={TEXT_LIMITS.identityField}
            autoComplete="off"
          />
        )}
      </div>
    </>
  );
}
