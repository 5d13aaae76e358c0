import { useMemo } from 'react';
import {
  formEvaluationOptions,
  patientEvaluationInput,
  type DataFieldDefinition,
  type DataFieldInstance,
  type FormPlace,
  type StudyDefinition,
} from '@ecrf/rules';
import type { FormEvaluation } from '../forms/DocumentationForm';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { networkDirectory } from './network';

/**
 * The rules model of one form of a patient, built once per loaded data, with the rule inputs the server builds
 * (docs/rules.md "Evaluation inputs"); `evaluate` puts the edited form in place, as the server's save does.
 */
export function useFormRules(
  patient: DocumentationPatient,
  query: DocumentationQuery,
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[],
) {
  const { viewer } = query;
  const input = useMemo(
    () =>
      patientEvaluationInput({
        index: patient.index,
        documentation: patient.documentation,
        patient,
        viewer: { id: viewer.user.id, userName: viewer.user.userName, roleIdentifier: viewer.role.identifier },
        now: new Date(),
      }),
    [patient, viewer],
  );
  const network = useMemo(() => networkDirectory(query), [query]);
  const formFields = useMemo(() => formFieldsOf(patient.definition), [formFieldsOf, patient.definition]);
  const evaluate = (place: FormPlace, fields: readonly DataFieldInstance[]): FormEvaluation => formEvaluationOptions(input, place, fields);
  return { definition: patient.definition, formFields, text: patient.text, network, evaluate };
}
