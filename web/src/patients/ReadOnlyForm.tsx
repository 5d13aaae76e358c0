import type { DataFieldDefinition, DataFieldInstance, FormPlace, StudyDefinition } from '@ecrf/rules';
import { DocumentationForm } from '../forms/DocumentationForm';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import { useFormRules } from './useFormRules';

type Props = {
  patient: DocumentationPatient;
  query: DocumentationQuery;
  place: FormPlace;
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[];
  fields: readonly DataFieldInstance[];
};

const ignore = () => undefined;

/** A stored form as the rules show it (hidden fields stay hidden), for print views. */
export function ReadOnlyForm({ patient, query, place, formFieldsOf, fields }: Props) {
  const rules = useFormRules(patient, query, formFieldsOf);
  return (
    <DocumentationForm
      definition={rules.definition}
      formFields={rules.formFields}
      fields={fields}
      onChange={ignore}
      evaluation={rules.evaluate(place, fields)}
      text={rules.text}
      network={rules.network}
      readOnly
    />
  );
}
