/**
 * A table's fields that share one value set as an editable grid (REDCap's matrix field): a row per field,
 * a column per value, one radio button per cell, so a panel such as the biomarkers reads and fills at a
 * glance instead of as a column of dropdowns. Arrow keys move within a row, Tab to the next row.
 */
import { VisuallyHidden } from '@primer/react';
import { isBlank } from '@ecrf/rules';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors } from './FieldParts';
import { useFormModel } from './formContext';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

/** Fewer rows than this stay single fields: a grid pays off only for a panel. */
const MIN_GRID_ROWS = 3;

const enumSetOf = (node: FieldNode): string | null => {
  const settings = node.definition.definition;
  const enumType = (settings?.valueType ?? 'enum') === 'enum';
  return node.definition.definitionType === 'TableEntry' && enumType ? (settings?.enumValueSetIdentifier ?? null) : null;
};

/** The children that form the grid (the value set most of them share), and the rest. */
export function splitGrid(children: readonly FieldNode[]): { valueSet: string | null; rows: FieldNode[]; rest: FieldNode[] } {
  const counts = new Map<string, number>();
  for (const child of children) {
    const set = enumSetOf(child);
    if (set !== null) counts.set(set, (counts.get(set) ?? 0) + 1);
  }
  const [valueSet, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (valueSet === null || count < MIN_GRID_ROWS) return { valueSet: null, rows: [], rest: [...children] };
  return {
    valueSet,
    rows: children.filter((child) => enumSetOf(child) === valueSet),
    rest: children.filter((child) => enumSetOf(child) !== valueSet),
  };
}

export function ChoiceGrid({ rows, valueSet, caption }: { rows: readonly FieldNode[]; valueSet: string; caption: string }) {
  const model = useFormModel();
  const choices = model.enumValues(valueSet);
  return (
    <div className={styles.gridScroll}>
      <table className={styles.choiceGrid}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <td />
            {choices.map((choice) => (
              <th key={choice.code} scope="col">
                {model.text(choice.displayKey)}
              </th>
            ))}
            <th scope="col">{texts.forms.noAnswer}</th>
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((row) => row.state.visible)
            .map((row) => {
              const label = model.text(row.definition.displayKey);
              const value = row.instance.values.find((v) => !isBlank(v.value))?.value ?? '';
              const disabled = model.readOnly || !row.state.editable;
              const cells = [
                ...choices.map((choice) => ({ code: choice.code, text: model.text(choice.displayKey) })),
                { code: '', text: texts.forms.noAnswer },
              ];
              return (
                <tr key={row.instance.id} data-field-id={row.instance.id}>
                  <th scope="row">
                    <FieldLabel label={label} required={row.state.required} />
                    <FieldNotes node={row} model={model} errors={fieldErrors(row, model)} />
                  </th>
                  {cells.map((cell) => (
                    <td key={cell.code}>
                      <input
                        type="radio"
                        name={row.instance.id}
                        value={cell.code}
                        checked={value === cell.code}
                        disabled={disabled}
                        aria-label={`${label}: ${cell.text}`}
                        onChange={() => model.setValues(row.instance.id, cell.code === '' ? [] : [{ value: cell.code }])}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
        </tbody>
      </table>
    </div>
  );
}
