import { useMemo } from 'react';
import type { DataFieldDefinition, FormPlace, StudyDefinition } from '@ecrf/rules';
import { DocumentationForm } from '../forms/DocumentationForm';
import { toInstances, type GraphDataField } from '../forms/instances';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { useFormRules } from './useFormRules';

type Props = {
  patient: DocumentationPatient;
  query: DocumentationQuery;
  place: FormPlace;
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[];
  fields: readonly GraphDataField[];
};

const ignore = () => undefined;

/** A stored form as the rules show it (hidden fields stay hidden), for print views. */
export function ReadOnlyForm({ patient, query, place, formFieldsOf, fields }: Props) {
  const rules = useFormRules(patient, query, formFieldsOf);
  const instances = useMemo(() => toInstances(fields), [fields]);
  return (
    <DocumentationForm
      definition={rules.definition}
      formFields={rules.formFields}
      fields={instances}
      onChange={ignore}
      evaluation={rules.evaluate(place, instances)}
      text={rules.text}
      network={rules.network}
      readOnly
    />
  );
}
