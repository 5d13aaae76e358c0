import { useMemo } from 'react';
import {
  formEvaluationOptions,
  indexStudyDefinition,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FormPlace,
  type StudyDefinition,
} from '@ecrf/rules';
import { toRulesDefinition, textLookup } from '../forms/definitionModel';
import type { FormEvaluation } from '../forms/DocumentationForm';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { networkDirectory, patientEvaluationInput, storedPatientContext } from './formEvaluation';

/** The rules model of one form of a patient, built once per loaded data; `evaluate` gives its rule inputs for the fields at hand. */
export function useFormRules(
  patient: DocumentationPatient,
  query: DocumentationQuery,
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[],
) {
  const definition = useMemo(() => toRulesDefinition(patient.studyDefinition), [patient.studyDefinition]);
  const index = useMemo(() => indexStudyDefinition(definition), [definition]);
  const stored = useMemo(() => storedPatientContext(patient), [patient]);
  const text = useMemo(() => textLookup(patient.studyDefinition), [patient.studyDefinition]);
  const network = useMemo(() => networkDirectory(query), [query]);
  const formFields = useMemo(() => formFieldsOf(definition), [formFieldsOf, definition]);
  const evaluate = (place: FormPlace, fields: readonly DataFieldInstance[]): FormEvaluation =>
    formEvaluationOptions(patientEvaluationInput({ patient, viewer: query.viewer, stored, index }), place, fields);
  return { definition, formFields, text, network, evaluate };
}
