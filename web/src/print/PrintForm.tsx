/**
 * A stored form as a document (issue 18, defect 5): every field the rules show (ecrf-core.md §4: invisible
 * fields are left out) as label and value text; groups and tables under their heading, list entries numbered
 * per entry type. A list of value fields prints as the form shows it, a table per entry type (a field its
 * rule hides in an entry reads "nicht zutreffend"). No input widgets, so the page reads as paper and prints short.
 */
import { useMemo, type ReactElement } from 'react';
import {
  createEvaluationContext,
  indexStudyDefinition,
  sortedEnumValues,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FormPlace,
  type StudyDefinition,
} from '@ecrf/rules';
import { fieldNodes, type FieldNode } from '../forms/formNodes';
import { createMissingFields } from '../forms/formTree';
import { cellOf, entryGridTypes, entryRows, type EntryGridType } from '../forms/entryGrid';
import type { DocumentationPatient, DocumentationQuery } from '../patients/documentationContext';
import { useFormRules } from '../patients/useFormRules';
import { texts } from '../texts';
import { fieldValueText, type ValueTextSources } from '../forms/fieldText';
import styles from './Print.module.css';

type Props = {
  patient: DocumentationPatient;
  query: DocumentationQuery;
  place: FormPlace;
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[];
  fields: readonly DataFieldInstance[];
};

export function PrintForm({ patient, query, place, formFieldsOf, fields }: Props) {
  const rules = useFormRules(patient, query, formFieldsOf);
  const { definition, formFields, network, text } = rules;
  const index = useMemo(() => indexStudyDefinition(definition), [definition]);
  // Fields never stored print as "nicht angegeben", like the form showed them empty.
  const completed = useMemo(() => createMissingFields(formFields, fields), [formFields, fields]);
  const context = createEvaluationContext({ ...rules.evaluate(place, completed), index, current: completed });
  const nodes = fieldNodes(formFields, completed, context);
  const enumSets = new Map(definition.enumValueSets.map((set) => [set.identifier, sortedEnumValues(set)]));
  const sources: ValueTextSources = {
    text,
    enumValues: (identifier) => (identifier ? (enumSets.get(identifier) ?? []) : []),
    organizationName: (id) => network.organizations.find((organization) => organization.id === id)?.displayName ?? null,
    person: (id) => network.persons.find((person) => person.id === id) ?? null,
  };
  return <PrintFields nodes={nodes} sources={sources} formFields={formFields} />;
}

type PrintProps = { sources: ValueTextSources; formFields: readonly DataFieldDefinition[] };

function PrintFields({ nodes, sources, formFields }: PrintProps & { nodes: readonly FieldNode[] }) {
  const shown = nodes.filter((node) => node.state.visible);
  const rows: FieldNode[] = [];
  const blocks: ReactElement[] = [];
  // Consecutive value fields form one definition list; a group or list starts its own block.
  const flush = () => {
    const [first] = rows;
    if (!first) return;
    blocks.push(
      <dl key={first.instance.id} className={styles.values}>
        {rows.map((node) => (
          <div key={node.instance.id} className={styles.valueRow}>
            <dt>{sources.text(node.definition.displayKey)}</dt>
            <dd>{fieldValueText(node.definition, node.instance.values, sources) ?? texts.print.noValue}</dd>
          </div>
        ))}
      </dl>,
    );
    rows.length = 0;
  };
  for (const node of shown) {
    switch (node.definition.definitionType) {
      case 'Table':
      case 'FieldGroup':
        flush();
        blocks.push(
          <section key={node.instance.id} className={styles.group} aria-label={sources.text(node.definition.displayKey)}>
            <h3 className={styles.groupHeading}>{sources.text(node.definition.displayKey)}</h3>
            <PrintFields nodes={node.children} sources={sources} formFields={formFields} />
          </section>,
        );
        break;
      case 'List':
      case 'EventReportList':
        flush();
        blocks.push(<PrintList key={node.instance.id} node={node} sources={sources} formFields={formFields} />);
        break;
      case 'ListEntry':
      case 'EventReportListEntry':
        break;
      default:
        rows.push(node);
    }
  }
  flush();
  return <>{blocks}</>;
}

function PrintList({ node, sources, formFields }: PrintProps & { node: FieldNode }) {
  const entries = node.children.filter((child) => child.state.visible);
  const positions = new Map<string, number>();
  const label = sources.text(node.definition.displayKey);
  const grids = entryGridTypes(formFields, node.definition);
  return (
    <section className={styles.group} aria-label={label}>
      <h3 className={styles.groupHeading}>{label}</h3>
      {entries.length === 0 && <p className={styles.muted}>{texts.forms.noEntries}</p>}
      {grids
        ? grids.map((grid) => (
            <PrintEntryTable key={grid.entryType.id} list={node} grid={grid} several={grids.length > 1} sources={sources} />
          ))
        : entries.map((entry) => {
            // Numbered per entry type, as the form numbers them ("Pneumonitis 2").
            const position = (positions.get(entry.definition.id) ?? 0) + 1;
            positions.set(entry.definition.id, position);
            const name = texts.forms.entry(sources.text(entry.definition.displayKey), position);
            return (
              <section key={entry.instance.id} className={styles.entry} aria-label={name}>
                <h4 className={styles.entryHeading}>{name}</h4>
                <PrintFields nodes={entry.children} sources={sources} formFields={formFields} />
              </section>
            );
          })}
    </section>
  );
}

/** The entries of one entry type as a table: a row per entry, the field labels as column headers. */
function PrintEntryTable({
  list,
  grid,
  several,
  sources,
}: {
  list: FieldNode;
  grid: EntryGridType;
  several: boolean;
  sources: ValueTextSources;
}) {
  const rows = entryRows(list, grid.entryType);
  if (rows.length === 0) return null;
  const typeLabel = sources.text(grid.entryType.displayKey);
  return (
    <table className={styles.entryTable}>
      {several && <caption className={styles.entryHeading}>{typeLabel}</caption>}
      <thead>
        <tr>
          <th scope="col">{texts.forms.entryNumber}</th>
          {grid.columns.map((column) => (
            <th key={column.id} scope="col">
              {sources.text(column.displayKey)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ entry, position }) => (
          <tr key={entry.instance.id}>
            <th scope="row">{position}</th>
            {grid.columns.map((column) => {
              const cell = cellOf(entry, column);
              const shown = cell === null || cell.state.visible;
              return (
                <td key={column.id} className={shown ? undefined : styles.muted}>
                  {shown ? ((cell && fieldValueText(cell.definition, cell.instance.values, sources)) ?? '–') : texts.forms.notApplicable}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
