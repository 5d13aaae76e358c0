/**
 * One evaluated field by its type (ecrf-core.md §3): value fields and display values, network fields,
 * Table and FieldGroup (a fixed set of children under a heading), List and EventReportList (entries the
 * user adds and removes; an event report list offers each of its entry types). A list whose entries hold
 * value fields only is an editable grid (EntryGrid); others keep a card per entry. Invisible fields are
 * not rendered (§4).
 */
import { Button } from '@primer/react';
import { PlusIcon, TrashIcon } from '@primer/octicons-react';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors } from './FieldParts';
import { NetworkField } from './NetworkField';
import { ValueField } from './ValueField';
import { ChoiceGrid, splitGrid } from './ChoiceGrid';
import { EntryGrids } from './EntryGrid';
import { entryGridTypes } from './entryGrid';
import { useFormModel } from './formContext';
import { ENTRY_FIELD_TYPES } from '@ecrf/rules';
import { childDefinitions } from './formTree';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

export function FieldList({ nodes }: { nodes: readonly FieldNode[] }) {
  return (
    <>
      {nodes.map((node) => (
        <FieldView key={node.instance.id} node={node} />
      ))}
    </>
  );
}

function FieldView({ node }: { node: FieldNode }) {
  if (!node.state.visible) return null;
  switch (node.definition.definitionType) {
    case 'Table':
    case 'FieldGroup':
      return <GroupField node={node} />;
    case 'List':
    case 'EventReportList':
      return <ListField node={node} />;
    case 'NngmNetworkPartner':
    case 'NngmNetworkLocation':
      return <NetworkField node={node} />;
    case 'TableEntry':
    case 'DisplayValue':
      return <ValueField node={node} />;
    // Entries only stand inside their list.
    case 'ListEntry':
    case 'EventReportListEntry':
      return null;
  }
}

function GroupField({ node }: { node: FieldNode }) {
  const model = useFormModel();
  const label = model.text(node.definition.displayKey);
  // A table's fields of one value set are a grid; the others (numbers, details) follow as fields.
  const grid = node.definition.definitionType === 'Table' ? splitGrid(node.children) : null;
  return (
    <div className={styles.wideField} data-field-id={node.instance.id}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <FieldLabel label={label} required={node.state.required} />
        </legend>
        {grid?.valueSet ? (
          <>
            <ChoiceGrid rows={grid.rows} valueSet={grid.valueSet} caption={label} />
            <FieldList nodes={grid.rest} />
          </>
        ) : (
          <FieldList nodes={node.children} />
        )}
      </fieldset>
      <FieldNotes node={node} model={model} errors={fieldErrors(node, model)} />
    </div>
  );
}

function ListField({ node }: { node: FieldNode }) {
  const model = useFormModel();
  const { definition, state } = node;
  const editable = !model.readOnly && state.editable;
  const grids = entryGridTypes(model.formFields, definition);
  return (
    <div className={styles.wideField} data-field-id={node.instance.id}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <FieldLabel label={model.text(definition.displayKey)} required={state.required} />
        </legend>
        {grids ? <EntryGrids list={node} grids={grids} editable={editable} /> : <EntryCards node={node} editable={editable} />}
      </fieldset>
      <FieldNotes node={node} model={model} errors={fieldErrors(node, model)} />
    </div>
  );
}

/** Entries with groups, tables, lists or network fields: a card each, numbered per entry type. */
function EntryCards({ node, editable }: { node: FieldNode; editable: boolean }) {
  const model = useFormModel();
  const { definition, instance } = node;
  const entryTypes = childDefinitions(model.formFields, definition.id).filter((d) => ENTRY_FIELD_TYPES.includes(d.definitionType));
  const entries = node.children.filter((child) => child.state.visible);
  const positions = new Map<string, number>();
  return (
    <>
      {entries.length === 0 && <p className={styles.empty}>{texts.forms.noEntries}</p>}
      {entries.map((entry) => {
        // Entries are numbered per entry type, so "Pneumonitis 2" is the second pneumonitis report.
        const position = (positions.get(entry.definition.id) ?? 0) + 1;
        positions.set(entry.definition.id, position);
        return (
          <fieldset key={entry.instance.id} className={styles.entry}>
            <legend className={styles.legend}>{texts.forms.entry(model.text(entry.definition.displayKey), position)}</legend>
            <FieldList nodes={entry.children} />
            <FieldNotes node={entry} model={model} errors={fieldErrors(entry, model)} />
            {editable && entry.state.editable && (
              <div className={styles.entryHeader}>
                <Button size="small" variant="danger" leadingVisual={TrashIcon} onClick={() => model.removeEntry(entry.instance.id)}>
                  {texts.forms.removeEntry}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {editable && (
        <div className={styles.actions}>
          {entryTypes.map((entryType) => (
            <Button key={entryType.id} size="small" leadingVisual={PlusIcon} onClick={() => model.addEntry(instance.id, entryType)}>
              {definition.definitionType === 'EventReportList' || entryTypes.length > 1
                ? texts.forms.addEntryOfType(model.text(entryType.displayKey))
                : texts.forms.addEntry}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
