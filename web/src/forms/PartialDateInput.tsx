/**
 * A partial date (ecrf-core.md §3 Dates; rules dates/partial-date): day, month and year, each known, left
 * empty (stored `XX`/`XXXX`: not given) or `UK` (unknown); or the whole date `unknown` or `ongoing`.
 * Stored as yyyy-MM-dd with placeholders, exactly what the user entered, so an invalid combination
 * (e.g. a day without a month) stays visible with its message instead of being dropped. `compact` (a grid
 * cell) hides the legend and the part labels from the eye, keeping them for screen readers; the grid shows
 * the help text once for all its dates.
 */
import type { ReactNode } from 'react';
import { Checkbox, FormControl, TextInput } from '@primer/react';
import { ONGOING, UNKNOWN, formatStorageDate, parsePartialDate } from '@ecrf/rules';
import { texts } from '../texts';
import styles from './DocumentationForm.module.css';

type Props = {
  legend: ReactNode;
  /** A grid cell: the column header is the visible label. */
  compact?: boolean;
  /** Stored form, '' when empty. */
  value: string;
  disabled: boolean;
  allowsOngoing: boolean;
  describedBy: string;
  invalid: boolean;
  onChange: (value: string) => void;
};

type Parts = { day: string; month: string; year: string };

/** The parts as typed: placeholders of "not given" show as empty inputs. */
function partsOf(value: string): Parts {
  const parsed = parsePartialDate(value);
  const storage = parsed ? formatStorageDate(parsed) : value;
  const [year = '', month = '', day = ''] = storage.split('-');
  const shown = (part: string) => (/^X+$/.test(part) ? '' : part);
  return { day: shown(day), month: shown(month), year: shown(year) };
}

function compose({ day, month, year }: Parts): string {
  if (day === '' && month === '' && year === '') return '';
  return `${year || 'XXXX'}-${month || 'XX'}-${day || 'XX'}`;
}

/** Digits, or the letters of UK and XX; the storage separator can never be typed. */
const cleanPart = (text: string): string => text.toUpperCase().replace(/[^0-9UKX]/g, '');

export function PartialDateInput({ legend, compact = false, value, disabled, allowsOngoing, describedBy, invalid, onChange }: Props) {
  const whole = value === UNKNOWN || value === ONGOING ? value : null;
  const parts = whole ? { day: '', month: '', year: '' } : partsOf(value);
  const setPart = (part: keyof Parts, text: string) => onChange(compose({ ...parts, [part]: cleanPart(text) }));
  const partInput = (part: keyof Parts, label: string, length: number, placeholder: string) => (
    <FormControl key={part} disabled={disabled || whole !== null} className={compact ? styles.cellDatePart : styles.datePart}>
      <FormControl.Label visuallyHidden={compact}>{label}</FormControl.Label>
      <TextInput
        block
        value={parts[part]}
        maxLength={length}
        placeholder={placeholder}
        inputMode="numeric"
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => setPart(part, event.target.value)}
      />
    </FormControl>
  );
  const wholeOption = (option: typeof UNKNOWN | typeof ONGOING, label: string) => (
    <FormControl key={option} disabled={disabled}>
      <Checkbox checked={whole === option} onChange={(event) => onChange(event.target.checked ? option : '')} />
      <FormControl.Label>{label}</FormControl.Label>
    </FormControl>
  );
  return (
    <fieldset className={compact ? styles.cellGroup : styles.group}>
      <legend className={compact ? styles.cellLegend : styles.legend}>{legend}</legend>
      <div className={styles.dateParts}>
        {partInput('day', texts.forms.day, 2, 'TT')}
        {partInput('month', texts.forms.month, 2, 'MM')}
        {partInput('year', texts.forms.year, 4, 'JJJJ')}
      </div>
      {!compact && <p className={styles.note}>{texts.forms.dateHelp}</p>}
      <div className={styles.actions}>
        {wholeOption(UNKNOWN, texts.forms.dateUnknown)}
        {/* A stored "ongoing" stays visible even where the field does not offer it. */}
        {(allowsOngoing || whole === ONGOING) && wholeOption(ONGOING, texts.forms.dateOngoing)}
      </div>
    </fieldset>
  );
}
