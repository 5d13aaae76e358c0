import { FormControl, TextInput } from '@primer/react';
import { RequiredMark } from './RequiredMark';
import { DayMonthYearField } from './DayMonthYearField';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'password' | 'email' | 'date';
  name?: string;
  autoComplete?: string;
  /** Marked for assistive technology (Primer's `required` would put a `*` into the label text). */
  required?: boolean;
  /** Also a visible `*` beside the label, for forms that explain the mark (patient registration). */
  showRequiredMark?: boolean;
  caption?: string;
  /** The server's limit of the text (TEXT_LIMITS of @ecrf/rules), met while typing. */
  maxLength?: number;
  /** Messages shown under the field; nothing is shown while empty. */
  errors?: readonly string[];
};

/**
 * A labelled Primer text input with its caption and validation messages, as every form of the app uses it; a date
 * is entered as Tag, Monat, Jahr.
 */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  name,
  autoComplete,
  required = false,
  showRequiredMark = false,
  caption,
  maxLength,
  errors = [],
}: Props) {
  if (type === 'date') return <DayMonthYearField {...{ label, value, onChange, onBlur, required, showRequiredMark, errors }} />;
  return (
    <FormControl>
      <FormControl.Label>
        {label}
        {required && showRequiredMark && <RequiredMark />}
      </FormControl.Label>
      <TextInput
        aria-required={required ? 'true' : undefined}
        block
        type={type}
        name={name}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {caption !== undefined && <FormControl.Caption>{caption}</FormControl.Caption>}
      {errors.length > 0 && <FormControl.Validation variant="error">{errors.join(', ')}</FormControl.Validation>}
    </FormControl>
  );
}
