/**
 * A whole date as Tag, Monat and Jahr (issue 26 item 6): as every documentation date is entered, and not the
 * browser's own date picker, which speaks the browser's language ("mm/dd/yyyy"). The value is yyyy-MM-dd once
 * all three parts are there; while some are missing it keeps what was typed (e.g. "1950--14"), which the form's
 * check reads as not a valid date.
 */
import { useId, useState } from 'react';
import { FormControl, TextInput } from '@primer/react';
import { RequiredMark } from './RequiredMark';
import { texts } from '../texts';
import styles from './DayMonthYearField.module.css';

type Parts = { day: string; month: string; year: string };

function partsOf(value: string): Parts {
  const [year = '', month = '', day = ''] = value.split('-');
  return { day, month, year };
}

function valueOf({ day, month, year }: Parts): string {
  if (day === '' && month === '' && year === '') return '';
  const complete = day !== '' && month !== '' && year.length === 4;
  return complete ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : `${year}-${month}-${day}`;
}

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required: boolean;
  showRequiredMark: boolean;
  errors: readonly string[];
};

export function DayMonthYearField({ label, value, onChange, onBlur, required, showRequiredMark, errors }: Props) {
  // The parts as typed: "3" stays "3" while the value already reads "03".
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const errorId = useId();
  const t = texts.dateParts;
  const part = (name: keyof Parts, partLabel: string, length: number, placeholder: string) => (
    <FormControl key={name} className={styles.part}>
      <FormControl.Label>{partLabel}</FormControl.Label>
      <TextInput
        block
        value={parts[name]}
        maxLength={length}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="off"
        aria-required={required ? 'true' : undefined}
        aria-invalid={errors.length > 0 ? 'true' : undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        onChange={(event) => {
          const next = { ...parts, [name]: event.target.value.replace(/\D/g, '') };
          setParts(next);
          onChange(valueOf(next));
        }}
        onBlur={onBlur}
      />
    </FormControl>
  );
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        {label}
        {required && showRequiredMark && <RequiredMark />}
      </legend>
      <div className={styles.parts}>
        {part('day', t.day, 2, t.dayPlaceholder)}
        {part('month', t.month, 2, t.monthPlaceholder)}
        {part('year', t.year, 4, t.yearPlaceholder)}
      </div>
      {errors.length > 0 && (
        <p id={errorId} className={styles.error}>
          {errors.join(', ')}
        </p>
      )}
    </fieldset>
  );
}
