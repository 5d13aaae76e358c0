/**
 * The relay-free form renderer of the patient documentation (ecrf-core.md §3–§5). Screens fetch the
 * study definition and the fields with Relay and hand plain data to it:
 *
 * Definition (definitionModel.ts)
 * - `toRulesDefinition(graph: GraphStudyDefinition): StudyDefinition` – the graph's study definition
 *   (schema.graphql "Study definitions") as the @ecrf/rules model; ids are the graph's `definitionId`s.
 *   Memoise it: the form indexes the definition per identity.
 * - `textLookup(graph: Pick<GraphStudyDefinition, 'languages'>, languageIdentifier = 'de'): (displayKey) => string`
 *   – display values of a language; unknown keys show as the key.
 * - `expressionTree(nodes)` – one rule's flat expression list as a tree.
 * - Types `GraphStudyDefinition`, `GraphVisitDefinition`, `GraphInstrumentDefinition`, `GraphFieldDefinition`,
 *   `GraphFieldRule`, `GraphConstraintExpressionNode`, `GraphConstraintDefinition`, `GraphEnumValueSet`,
 *   `GraphQueryType`, `GraphLanguage`: the schema's field names; Relay data fits them structurally.
 *
 * Instances (instances.ts)
 * - `toInstances(fields: readonly GraphDataField[]): DataFieldInstance[]` – `DataField`s as rule instances.
 * - `toFieldInputs(original, edited): FieldInput[]` – the `DataFieldInput`s of a save: only changes, new
 *   fields without id, removed entries as `isDeleted: true`, children nested under their parent.
 *   Empty placeholders and invisible fields are left out (the server empties those itself).
 * - `isTemporaryField(field)`, `NEW_FIELD_PREFIX` ('new:'), types `GraphDataField`, `GraphFieldValue`,
 *   `FieldInput`, `FieldValueInput`.
 *
 * Tree (formTree.ts)
 * - `createMissingFields(formFields, fields): DataFieldInstance[]` – placeholders (`new:<uuid>`,
 *   `isNewField`) for definitions without an instance, at every level; not for list entries.
 * - `hasUnsavedChanges(original, edited): boolean` – the rules' change detection over the tree.
 * - `normalizeFields(formFields, fields, contextFor)` – population values and empty invisible fields.
 *
 * Rendering
 * - `<DocumentationForm definition formFields fields onChange evaluation text network serverErrors?
 *   readOnly? allowsOngoing? />` (DocumentationFormProps): `evaluation` is `FormEvaluation`, the
 *   createEvaluationContext options without index/current ({ patientContext, patient, user,
 *   selectedInstitute, today, assignments?, followUp?, logger? }); `network` is `NetworkDirectory`
 *   ({ organizations: {id, displayName?}[], persons: {id, title?, firstName?, lastName?, organizationIds}[] });
 *   `serverErrors` are `FormServerError`s ({ fieldId?, definitionId?, message }), shown at the field or
 *   on top. `onChange` receives the tree normalised as the backend stores it.
 * - `useFormState(formFields, initial): FormState` – { original, fields, setFields, dirty, reset,
 *   fieldInputs() }; a new `initial` identity starts over, so memoise `toInstances(...)`.
 * - `useUnsavedChangesWarning(dirty): { dialog, allowNextNavigation }` – render `dialog`; call
 *   `allowNextNavigation()` before navigating away right after a save.
 */
export {
  expressionTree,
  textLookup,
  toRulesDefinition,
  type GraphConstraintDefinition,
  type GraphConstraintExpressionNode,
  type GraphEnumValueSet,
  type GraphFieldDefinition,
  type GraphFieldRule,
  type GraphInstrumentDefinition,
  type GraphLanguage,
  type GraphQueryType,
  type GraphStudyDefinition,
  type GraphVisitDefinition,
} from './definitionModel';
export {
  NEW_FIELD_PREFIX,
  isTemporaryField,
  toFieldInputs,
  toInstances,
  type FieldInput,
  type FieldValueInput,
  type GraphDataField,
  type GraphFieldValue,
} from './instances';
export { createMissingFields, hasUnsavedChanges, normalizeFields } from './formTree';
export { DocumentationForm, type DocumentationFormProps, type FormEvaluation } from './DocumentationForm';
export type { FormServerError, NetworkDirectory, NetworkOrganizationOption, NetworkPersonOption } from './formContext';
export { useFormState, type FormState } from './useFormState';
export { useUnsavedChangesWarning, type UnsavedChangesWarning } from './useUnsavedChangesWarning';
