import { useMemo } from 'react';
import { formEvaluationOptions, type DataFieldDefinition, type DataFieldInstance, type FormPlace, type StudyDefinition } from '@ecrf/rules';
import type { FormEvaluation } from '../forms/DocumentationForm';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { networkDirectory, patientEvaluationInput } from './formEvaluation';

/** The rules model of one form of a patient, built once per loaded data; `evaluate` gives its rule inputs for the fields at hand. */
export function useFormRules(
  patient: DocumentationPatient,
  query: DocumentationQuery,
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[],
) {
  const input = useMemo(() => patientEvaluationInput(patient, query.viewer), [patient, query.viewer]);
  const network = useMemo(() => networkDirectory(query), [query]);
  const formFields = useMemo(() => formFieldsOf(patient.definition), [formFieldsOf, patient.definition]);
  const evaluate = (place: FormPlace, fields: readonly DataFieldInstance[]): FormEvaluation => formEvaluationOptions(input, place, fields);
  return { definition: patient.definition, formFields, text: patient.text, network, evaluate };
}
