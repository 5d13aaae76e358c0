/**
 * A value field (TableEntry) by its value type: text, number (decimal comma accepted, stored with a
 * point), date (partial), enum (select, values by order), multiEnum (checkboxes, one value per code),
 * boolean (yes/no); and a DisplayValue, shown but never edited (ecrf-core.md §3, §4). As a grid cell
 * (`cell`, EntryGrid) the same inputs go without a visible label: the column header names them, and screen
 * readers still hear the label.
 */
import { Checkbox, CheckboxGroup, FormControl, Radio, RadioGroup, Select, TextInput } from '@primer/react';
import { isBlank, type DataFieldDefinition, type FieldValue } from '@ecrf/rules';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors, notesId } from './FieldParts';
import { fieldValueText } from './fieldText';
import { PartialDateInput } from './PartialDateInput';
import { TerminologyField } from './TerminologyField';
import { useFormModel } from './formContext';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

export type ValueKind = 'text' | 'number' | 'date' | 'enum' | 'multiEnum' | 'boolean';

export function valueKind(definition: DataFieldDefinition): ValueKind {
  const settings = definition.definition;
  const type = settings?.valueType ?? null;
  if (type === 'number' || type === 'date' || type === 'multiEnum' || type === 'boolean' || type === 'enum') return type;
  // A field with an enum value set but no value type is an enum (docs/definitions.md).
  return settings?.enumValueSetIdentifier ? 'enum' : 'text';
}

/** The one value of a single-valued field, '' when empty. */
const single = (values: readonly FieldValue[]): string => values.find((v) => !isBlank(v.value))?.value ?? '';

export function ValueField({ node, cell = false }: { node: FieldNode; cell?: boolean }) {
  const model = useFormModel();
  const { definition, instance, state } = node;
  const kind = valueKind(definition);
  const fieldClass = cell ? styles.cell : styles.field;
  const label = model.text(definition.displayKey);
  const unit = definition.definition?.unit ?? null;
  const disabled = model.readOnly || !state.editable;
  const value = single(instance.values);
  const setValue = (text: string) => model.setValues(instance.id, text === '' ? [] : [{ value: text, ...(unit ? { unit } : {}) }]);
  const enumValues = model.enumValues(definition.definition?.enumValueSetIdentifier);

  if (definition.definitionType === 'DisplayValue') {
    const shown =
      fieldValueText(definition, instance.values, {
        text: model.text,
        enumValues: model.enumValues,
        organizationName: () => null,
        person: () => null,
      }) ?? '';
    return (
      <div className={fieldClass} data-field-id={instance.id}>
        <FormControl>
          <FormControl.Label visuallyHidden={cell}>{label}</FormControl.Label>
          <TextInput readOnly block value={shown} aria-describedby={notesId(node)} />
        </FormControl>
        <FieldNotes node={node} model={model} errors={fieldErrors(node, model)} />
      </div>
    );
  }

  const terminology = definition.definition?.terminology;
  if (terminology && (kind === 'text' || kind === 'enum')) return <TerminologyField node={node} collection={terminology} cell={cell} />;

  if (kind === 'date') {
    const errors = fieldErrors(node, model);
    return (
      <div className={fieldClass} data-field-id={instance.id}>
        <PartialDateInput
          legend={<FieldLabel label={label} required={state.required} />}
          compact={cell}
          value={value}
          disabled={disabled}
          allowsOngoing={model.allowsOngoing(definition)}
          describedBy={notesId(node)}
          invalid={errors.length > 0}
          onChange={setValue}
        />
        <FieldNotes node={node} model={model} errors={errors} />
      </div>
    );
  }

  if (kind === 'multiEnum') {
    const chosen = new Set(instance.values.map((v) => v.value));
    const toggle = (code: string, on: boolean) => {
      const next = enumValues.filter((v) => (v.code === code ? on : chosen.has(v.code)));
      model.setValues(
        instance.id,
        next.map((v) => ({ value: v.code })),
      );
    };
    return (
      <div className={cell ? styles.cell : styles.wideField} data-field-id={instance.id}>
        <CheckboxGroup disabled={disabled}>
          <CheckboxGroup.Label visuallyHidden={cell}>
            <FieldLabel label={label} required={state.required} />
          </CheckboxGroup.Label>
          {enumValues.map((v) => (
            <FormControl key={v.code}>
              <Checkbox value={v.code} checked={chosen.has(v.code)} onChange={(event) => toggle(v.code, event.target.checked)} />
              <FormControl.Label>{model.text(v.displayKey)}</FormControl.Label>
            </FormControl>
          ))}
        </CheckboxGroup>
        <FieldNotes node={node} model={model} errors={fieldErrors(node, model)} />
      </div>
    );
  }

  if (kind === 'boolean') {
    const choices = [
      { value: 'true', label: texts.forms.yes },
      { value: 'false', label: texts.forms.no },
      { value: '', label: texts.forms.noAnswer },
    ];
    return (
      <div className={fieldClass} data-field-id={instance.id}>
        <RadioGroup name={instance.id} disabled={disabled}>
          <RadioGroup.Label visuallyHidden={cell}>
            <FieldLabel label={label} required={state.required} />
          </RadioGroup.Label>
          {choices.map((choice) => (
            <FormControl key={choice.value}>
              <Radio value={choice.value} checked={value === choice.value} onChange={() => setValue(choice.value)} />
              <FormControl.Label>{choice.label}</FormControl.Label>
            </FormControl>
          ))}
        </RadioGroup>
        <FieldNotes node={node} model={model} errors={fieldErrors(node, model)} />
      </div>
    );
  }

  const errors = fieldErrors(node, model);
  const common = {
    'aria-describedby': notesId(node),
    'aria-invalid': errors.length > 0 ? true : undefined,
    'aria-required': state.required ? true : undefined,
  };
  return (
    <div className={fieldClass} data-field-id={instance.id}>
      {/* Primer disables the input through its FormControl. */}
      <FormControl disabled={disabled}>
        <FormControl.Label visuallyHidden={cell}>
          <FieldLabel label={label} required={state.required} />
        </FormControl.Label>
        {kind === 'enum' ? (
          <Select {...common} block={cell} value={value} onChange={(event) => setValue(event.target.value)}>
            <Select.Option value="">{texts.forms.choose}</Select.Option>
            {/* A stored code the value set no longer has stays visible. */}
            {value !== '' && !enumValues.some((v) => v.code === value) && <Select.Option value={value}>{value}</Select.Option>}
            {enumValues.map((v) => (
              <Select.Option key={v.code} value={v.code}>
                {model.text(v.displayKey)}
              </Select.Option>
            ))}
          </Select>
        ) : (
          <TextInput
            {...common}
            block
            inputMode={kind === 'number' ? 'decimal' : undefined}
            // German display with a decimal comma; stored with a point, which every consumer reads.
            value={kind === 'number' ? value.replace('.', ',') : value}
            onChange={(event) => setValue(kind === 'number' ? event.target.value.trim().replace(',', '.') : event.target.value)}
            trailingVisual={unit ?? undefined}
          />
        )}
      </FormControl>
      <FieldNotes node={node} model={model} errors={errors} />
    </div>
  );
}
