import { useState } from 'react';
import { Button, FormControl, TextInput } from '@primer/react';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';

/** The day a report starts from (the browser's date picker shows it as dd.MM.yyyy in German), applied on submit. */
export function FromDateForm({ fromDate, onApply, label }: { fromDate: string; onApply: (day: string) => void; label: string }) {
  const [day, setDay] = useState(fromDate);
  return (
    <form
      className={styles.toolbar}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (day) onApply(day);
      }}
    >
      <FormControl required>
        <FormControl.Label>{texts.safety.fromDate}</FormControl.Label>
        <TextInput type="date" lang="de" value={day} onChange={(event) => setDay(event.target.value)} />
      </FormControl>
      <Button type="submit">{texts.safety.show}</Button>
    </form>
  );
}
