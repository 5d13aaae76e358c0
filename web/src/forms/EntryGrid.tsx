/**
 * A repeating list whose entries are value fields as an editable grid (issue 18; REDCap's and Castor's
 * repeating tables): one table per entry type, a row per entry, a column per field with its label once in
 * the header. Cells are the form's own fields in their compact presentation (ValueField `cell`), so rules,
 * messages and notes work as everywhere; a field its rule hides in that entry reads "nicht zutreffend". The
 * table scrolls sideways inside the form when the screen is narrow. Tab moves through a row, then the next;
 * a new row takes the focus, and removing one gives it to the add button.
 */
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { Button, IconButton, VisuallyHidden } from '@primer/react';
import { ScrollableRegion } from '@primer/react/experimental';
import { PlusIcon, TrashIcon } from '@primer/octicons-react';
import type { DataFieldDefinition } from '@ecrf/rules';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors } from './FieldParts';
import { ValueField, valueKind } from './ValueField';
import { cellOf, entryRows, type EntryGridType } from './entryGrid';
import { useFormModel } from './formContext';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

type Props = {
  list: FieldNode;
  grids: readonly EntryGridType[];
  editable: boolean;
};

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Keeps the focus where it is while the mouse button is down on a row button. Leaving a cell shows its
 * messages, which makes rows taller; the button would move away before the mouse button is released and the
 * click would be lost. The row buttons move the focus themselves once they have acted.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The column's kind, for its width: a date needs room for three parts, a number little. */
const columnKind = (column: DataFieldDefinition): string => (column.definitionType === 'DisplayValue' ? 'display' : valueKind(column));

export function EntryGrids({ list, grids, editable }: Props) {
  const model = useFormModel();
  const container = useRef<HTMLDivElement>(null);
  // The entries before an add: the one not among them afterwards is the new row, which takes the focus.
  const before = useRef<ReadonlySet<string> | null>(null);
  const liveEntries = list.children.filter((child) => child.state.visible);
  useLayoutEffect(() => {
    const known = before.current;
    if (known === null) return;
    before.current = null;
    const added = liveEntries.find((entry) => !known.has(entry.instance.id));
    const row = [...(container.current?.querySelectorAll<HTMLElement>('tr[data-entry-id]') ?? [])].find(
      (candidate) => candidate.dataset.entryId === added?.instance.id,
    );
    row?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  });
  const add = (entryType: DataFieldDefinition) => {
    before.current = new Set(liveEntries.map((entry) => entry.instance.id));
    model.addEntry(list.instance.id, entryType);
  };
  const remove = (entryId: string, entryType: DataFieldDefinition) => {
    model.removeEntry(entryId);
    // The row and its button are gone: the focus stays in the list, on the button that adds such a row.
    [...(container.current?.querySelectorAll<HTMLElement>('button[data-entry-type]') ?? [])]
      .find((button) => button.dataset.entryType === entryType.id)
      ?.focus();
  };
  const several = grids.length > 1 || list.definition.definitionType === 'EventReportList';
  const listLabel = model.text(list.definition.displayKey);
  const hasDates = grids.some(({ columns }) => columns.some((column) => columnKind(column) === 'date'));
  return (
    <div ref={container} className={styles.entryGrids}>
      {liveEntries.length === 0 && <p className={styles.empty}>{texts.forms.noEntries}</p>}
      {grids.map((grid) => {
        const rows = entryRows(list, grid.entryType);
        if (rows.length === 0) return null;
        const typeLabel = model.text(grid.entryType.displayKey);
        const caption = several ? `${listLabel}: ${typeLabel}` : listLabel;
        return (
          <ScrollableRegion key={grid.entryType.id} aria-label={caption} className={styles.gridScroll}>
            <table className={styles.entryGrid}>
              <caption className={several ? styles.gridCaption : undefined}>
                {several ? (
                  <>
                    <VisuallyHidden>{listLabel}: </VisuallyHidden>
                    {typeLabel}
                  </>
                ) : (
                  <VisuallyHidden>{caption}</VisuallyHidden>
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{texts.forms.entryNumber}</th>
                  {grid.columns.map((column) => (
                    <th key={column.id} scope="col" data-kind={columnKind(column)}>
                      <FieldLabel
                        label={model.text(column.displayKey)}
                        required={rows.some(({ entry }) => cellOf(entry, column)?.state.required === true)}
                      />
                    </th>
                  ))}
                  <th scope="col">
                    <VisuallyHidden>{texts.forms.entryNotes}</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ entry, position }) => {
                  const name = texts.forms.entry(typeLabel, position);
                  return (
                    <tr key={entry.instance.id} data-entry-id={entry.instance.id}>
                      <th scope="row">
                        <VisuallyHidden>{typeLabel} </VisuallyHidden>
                        {position}
                      </th>
                      {grid.columns.map((column) => (
                        <td key={column.id}>
                          <Cell node={cellOf(entry, column)} />
                        </td>
                      ))}
                      <td>
                        <div className={styles.cell}>
                          {editable && entry.state.editable && (
                            <IconButton
                              size="small"
                              variant="invisible"
                              icon={TrashIcon}
                              aria-label={texts.forms.removeEntryNamed(name)}
                              onMouseDown={keepFocus}
                              onClick={() => remove(entry.instance.id, grid.entryType)}
                            />
                          )}
                          <FieldNotes node={entry} model={model} errors={fieldErrors(entry, model)} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollableRegion>
        );
      })}
      {hasDates && liveEntries.length > 0 && <p className={styles.note}>{texts.forms.gridDateHelp}</p>}
      {editable && (
        <div className={styles.actions}>
          {grids.map(({ entryType }) => (
            <Button
              key={entryType.id}
              size="small"
              leadingVisual={PlusIcon}
              data-entry-type={entryType.id}
              onMouseDown={keepFocus}
              onClick={() => add(entryType)}
            >
              {several ? texts.forms.addEntryOfType(model.text(entryType.displayKey)) : texts.forms.addEntry}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/** A field of the entry in its cell; one its rule hides in this entry is not applicable here. */
function Cell({ node }: { node: FieldNode | null }) {
  if (node === null) return null;
  if (!node.state.visible) return <span className={styles.notApplicable}>{texts.forms.notApplicable}</span>;
  return <ValueField node={node} cell />;
}
