/** The sort controls of a list screen's toolbar: the column to sort by and the direction. */
import { Checkbox, FormControl, Select } from '@primer/react';

type Props<Field extends string> = {
  labels: { sortBy: string; descending: string };
  fields: readonly (readonly [Field, string])[];
  field: Field;
  onFieldChange: (field: Field) => void;
  descending: boolean;
  onDescendingChange: (descending: boolean) => void;
};

export function SortControls<Field extends string>({ labels, fields, field, onFieldChange, descending, onDescendingChange }: Props<Field>) {
  return (
    <>
      <FormControl>
        <FormControl.Label>{labels.sortBy}</FormControl.Label>
        <Select value={field} onChange={(event) => onFieldChange(event.target.value as Field)}>
          {fields.map(([value, label]) => (
            <Select.Option key={value} value={value}>
              {label}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <Checkbox checked={descending} onChange={(event) => onDescendingChange(event.target.checked)} />
        <FormControl.Label>{labels.descending}</FormControl.Label>
      </FormControl>
    </>
  );
}
