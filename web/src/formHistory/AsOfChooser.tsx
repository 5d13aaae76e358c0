import { useId, useState, type FormEvent } from 'react';
import { Button, FormControl, Heading, TextInput } from '@primer/react';
import { registryDayEnd, registryInstant } from '@ecrf/rules';
import { texts } from '../texts';
import styles from './FormHistory.module.css';

const t = texts.formHistory;

/** yyyy-MM-dd of a day the calendar has, from the three inputs; null otherwise (31.02. is no day). */
export function calendarDay(day: string, month: string, year: string): string | null {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The end of the chosen minute (or of the day without a time) on the registry's clock: a change the history lists
 * at 14:05 is part of the "Stand vom … 14:05".
 */
export function chosenInstant(day: string, time: string): string {
  const end = time === '' ? Date.parse(registryDayEnd(day)) : Date.parse(registryInstant(day, time)) + 60_000;
  return new Date(end - 1).toISOString();
}

const CLOCK = /^([01]?\d|2[0-3]):[0-5]\d$/;

/** "Stand vom …": Tag, Monat, Jahr and optionally a time (hh:mm), on the registry's clock. */
export function AsOfChooser({ onChoose }: { onChoose: (at: string) => void }) {
  const headingId = useId();
  const [parts, setParts] = useState({ day: '', month: '', year: '', time: '' });
  const [problems, setProblems] = useState({ day: false, time: false });
  const set = (part: keyof typeof parts) => (event: { target: { value: string } }) => setParts({ ...parts, [part]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = calendarDay(parts.day.trim(), parts.month.trim(), parts.year.trim());
    const time = parts.time.trim();
    const timeValid = time === '' || CLOCK.test(time);
    setProblems({ day: day === null, time: !timeValid });
    if (day !== null && timeValid) onChoose(chosenInstant(day, time));
  };
  const dayInput = (part: 'day' | 'month' | 'year', label: string) => (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <TextInput
        value={parts[part]}
        onChange={set(part)}
        inputMode="numeric"
        maxLength={part === 'year' ? 4 : 2}
        className={part === 'year' ? styles.yearInput : styles.dayInput}
        validationStatus={problems.day ? 'error' : undefined}
        aria-describedby={problems.day ? `${headingId}-day` : `${headingId}-hint`}
      />
    </FormControl>
  );
  return (
    <form className={styles.chooser} aria-labelledby={headingId} onSubmit={submit} noValidate>
      <Heading as="h2" id={headingId} className={styles.chooserHeading}>
        {t.asOfHeading}
      </Heading>
      {dayInput('day', t.day)}
      {dayInput('month', t.month)}
      {dayInput('year', t.year)}
      <FormControl>
        <FormControl.Label>{t.clock}</FormControl.Label>
        <TextInput
          value={parts.time}
          onChange={set('time')}
          className={styles.clockInput}
          validationStatus={problems.time ? 'error' : undefined}
        />
        {problems.time && <FormControl.Validation variant="error">{t.invalidClock}</FormControl.Validation>}
      </FormControl>
      <Button type="submit">{t.show}</Button>
      <p id={`${headingId}-hint`} className={styles.hint}>
        {t.chooserHint}
      </p>
      {problems.day && (
        <p id={`${headingId}-day`} role="alert" className={styles.problem}>
          {t.invalidDay}
        </p>
      )}
    </form>
  );
}
