/**
 * The documentation form of a patient, visit or instrument, rendered from the study definition and
 * evaluated live with @ecrf/rules on every change (ecrf-core.md §3–§5). Controlled: the caller keeps
 * the instance tree; every change comes back through `onChange` already normalised the way the backend
 * saves it (placeholders for missing fields, population values, invisible fields empty).
 */
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Banner } from '@primer/react';
import {
  createEvaluationContext,
  fieldPathsById,
  indexStudyDefinition,
  sortedEnumValues,
  type DataFieldDefinition,
  type DataFieldInstance,
  type EvaluationContextOptions,
  type StudyDefinition,
} from '@ecrf/rules';
import { texts } from '../texts';
import { FieldList } from './FieldView';
import { MissingSummary, SectionList, SectionNavigation, namedMissingFields, sectionsOf } from './FormSections';
import {
  FormModelContext,
  type FieldExtras,
  type RedirectHref,
  type FormModel,
  type FormServerError,
  type NetworkDirectory,
} from './formContext';
import { fieldNodes, type FieldNode } from './formNodes';
import { addEntry, createMissingFields, normalizeFields, removeEntry, updateField } from './formTree';
import { focusField, focusFirstProblem, formValueProblems } from './formProblems';
import styles from './DocumentationForm.module.css';

/** The inputs of `createEvaluationContext` except the index and the current fields, which the form supplies. */
export type FormEvaluation = Omit<EvaluationContextOptions, 'index' | 'current'>;

export type DocumentationFormProps = {
  /** From `toRulesDefinition`; keep it memoised, the definition index is built from it. */
  definition: StudyDefinition;
  /** Field definitions of the form: an instrument's, a visit's or the patient definition's `fields`. */
  formFields: readonly DataFieldDefinition[];
  /** The edited instance tree (roots). */
  fields: readonly DataFieldInstance[];
  onChange: (fields: readonly DataFieldInstance[]) => void;
  evaluation: FormEvaluation;
  text: (displayKey: string) => string;
  network: NetworkDirectory;
  serverErrors?: readonly FormServerError[];
  readOnly?: boolean;
  /** Date fields offering "andauernd"; the study definition has no setting for it. Default: none. */
  allowsOngoing?: (definition: DataFieldDefinition) => boolean;
  /** Offers "Feld sperren"/"Sperre aufheben" on stored fields (DataFieldLockCmd); absent: no lock control. */
  onSetLock?: (fieldId: string, locked: boolean) => void;
  /** Queries and verification flags beside each stored field; absent: none. */
  fieldExtras?: FieldExtras;
  /**
   * A save was tried: every missing required field says so. Before that only the fields the user has
   * touched (changed or left) do, so a fresh form shows no errors.
   */
  validated?: boolean;
  /** Turns redirects into links to the instrument they name; absent: plain notes. */
  redirectHref?: RedirectHref;
  /** Counts the save attempts: each new one puts the focus on the first field whose value is refused. */
  saveAttempt?: number;
  /** A field to open the form at (instance id, e.g. from a query's link): scrolled to and focused once shown. */
  focusFieldId?: string | null;
};

const never = () => false;

/** Fields that are shown, by instance id and definition id, to place server errors. */
function shownTargets(nodes: readonly FieldNode[], ids = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (!node.state.visible) continue;
    ids.add(node.instance.id).add(node.definition.id);
    shownTargets(node.children, ids);
  }
  return ids;
}

export function DocumentationForm({
  definition,
  formFields,
  fields,
  onChange,
  evaluation,
  text,
  network,
  serverErrors = [],
  readOnly = false,
  allowsOngoing = never,
  onSetLock,
  fieldExtras,
  validated = false,
  redirectHref,
  saveAttempt = 0,
  focusFieldId = null,
}: DocumentationFormProps) {
  const container = useRef<HTMLDivElement>(null);
  // Once per field asked for: the user moves on from there.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (focusFieldId !== null && focused.current !== focusFieldId && focusField(container.current, focusFieldId))
      focused.current = focusFieldId;
  });
  // After the render that shows the attempt's messages (the server's arrive with it).
  useEffect(() => {
    if (saveAttempt > 0) focusFirstProblem(container.current);
  }, [saveAttempt]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (fieldId: string) => setTouched((before) => (before.has(fieldId) ? before : new Set(before).add(fieldId)));
  // A field is left when the focus moves out of its element, which carries its instance id.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    const field = event.target.closest<HTMLElement>('[data-field-id]');
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (field?.dataset.fieldId && !(next && field.contains(next))) touch(field.dataset.fieldId);
  };
  const index = useMemo(() => indexStudyDefinition(definition), [definition]);
  // Placeholders get random ids: they are made once per `fields`, whatever else re-renders.
  const completed = useMemo(() => createMissingFields(formFields, fields), [formFields, fields]);
  const contextFor = (current: readonly DataFieldInstance[]) => createEvaluationContext({ ...evaluation, index, current });
  const prepared = normalizeFields(formFields, completed, contextFor);
  const nodes = fieldNodes(formFields, prepared, contextFor(prepared));
  const shown = shownTargets(nodes);
  const sections = sectionsOf(nodes);
  const problems = formValueProblems(definition, formFields, prepared, text);
  const idByPath = new Map([...fieldPathsById(formFields, prepared)].map(([id, path]) => [path, id]));
  // An error goes to its field (by id, else by path) when shown, else to its definition's fields when shown, else on top.
  const fieldOf = (error: FormServerError) => error.fieldId ?? (error.path ? idByPath.get(error.path) : undefined);
  const atField = (error: FormServerError) => {
    const fieldId = fieldOf(error);
    return typeof fieldId === 'string' && shown.has(fieldId);
  };
  const atDefinition = (error: FormServerError) =>
    !atField(error) && typeof error.definitionId === 'string' && shown.has(error.definitionId);
  const generalErrors = serverErrors.filter((error) => !atField(error) && !atDefinition(error));
  const enumSets = new Map(definition.enumValueSets.map((set) => [set.identifier, sortedEnumValues(set)]));
  const change = (next: readonly DataFieldInstance[]) =>
    onChange(normalizeFields(formFields, createMissingFields(formFields, next), contextFor));

  const model: FormModel = {
    formFields,
    text,
    enumValues: (identifier) => (identifier ? (enumSets.get(identifier) ?? []) : []),
    network,
    readOnly,
    today: evaluation.today,
    allowsOngoing,
    serverErrorsAt: (fieldId, definitionId) =>
      serverErrors
        .filter((error) => (atField(error) ? fieldOf(error) === fieldId : atDefinition(error) && error.definitionId === definitionId))
        .map((error) => error.message),
    problemsAt: (fieldId) => problems.filter((problem) => problem.fieldId === fieldId).map((problem) => problem.message),
    missingShown: (node) => node.missing && (validated || touched.has(node.instance.id)),
    setValues: (fieldId, values) => {
      touch(fieldId);
      change(updateField(prepared, fieldId, (field) => ({ ...field, values })));
    },
    addEntry: (listId, entryDefinition) => {
      touch(listId);
      change(addEntry(formFields, prepared, listId, entryDefinition));
    },
    removeEntry: (entryId) => change(removeEntry(prepared, entryId)),
    setLock: onSetLock ?? null,
    fieldExtras: fieldExtras ?? null,
    redirectHref: redirectHref ?? null,
  };

  return (
    <FormModelContext.Provider value={model}>
      <div ref={container} className={styles.form} onBlur={leave}>
        {generalErrors.length > 0 && (
          <Banner
            variant="critical"
            title={texts.forms.serverErrors}
            description={generalErrors.map((error, i) => (
              <p key={i}>{error.message}</p>
            ))}
          />
        )}
        {!readOnly && <MissingSummary missing={namedMissingFields(nodes, text)} emphasised={validated} />}
        {sections.length > 1 ? (
          <div className={styles.sectioned}>
            <SectionNavigation sections={sections} text={text} />
            <div className={styles.sections}>
              <SectionList sections={sections} text={text} />
            </div>
          </div>
        ) : (
          <div className={styles.fields}>
            <FieldList nodes={nodes} />
          </div>
        )}
      </div>
    </FormModelContext.Provider>
  );
}
