/**
 * A stored field's value as text, as the printed document and the form's display values show it: enum codes by their German
 * label, yes/no, numbers with a decimal comma and their unit, partial dates in the registry's notation
 * (dd.MM.yyyy with XX/UK for unknown parts, ecrf-core.md §9), network choices by name.
 */
import { isBlank, type DataFieldDefinition, type EnumValue, type FieldValue, type NetworkPerson } from '@ecrf/rules';
import { dateText } from '../patients/dates';
import { texts } from '../texts';

export type ValueTextSources = {
  text: (displayKey: string) => string;
  enumValues: (identifier: string | null | undefined) => readonly EnumValue[];
  organizationName: (id: string) => string | null;
  /** A person of the network directory by id: a stored choice may hold the id alone. */
  person: (id: string) => NetworkPerson | null;
};

export const personName = (person: NetworkPerson): string =>
  [person.title, person.firstName, person.lastName].filter((part) => part !== null && part !== undefined && part !== '').join(' ') ||
  person.id;

function networkText(value: FieldValue, sources: ValueTextSources): string {
  const organization = value.organization
    ? (value.organization.displayName ?? sources.organizationName(value.organization.id) ?? value.organization.id)
    : null;
  const named = (person: NetworkPerson) => person.firstName || person.lastName;
  const person = value.person ? personName(named(value.person) ? value.person : (sources.person(value.person.id) ?? value.person)) : null;
  return [person, organization].filter((part): part is string => part !== null).join(', ');
}

/** The printed text of a value field, a display value or a network field; null when nothing is stored. */
export function fieldValueText(definition: DataFieldDefinition, values: readonly FieldValue[], sources: ValueTextSources): string | null {
  if (definition.definitionType === 'NngmNetworkPartner' || definition.definitionType === 'NngmNetworkLocation') {
    const shown = values.map((value) => networkText(value, sources)).filter((text) => text !== '');
    return shown.length > 0 ? shown.join('; ') : null;
  }
  const settings = definition.definition;
  const enumSet = settings?.enumValueSetIdentifier ?? null;
  const type = settings?.valueType ?? (enumSet ? 'enum' : 'text');
  const enumLabel = (code: string) => {
    const found = sources.enumValues(enumSet).find((candidate) => candidate.code === code);
    return found ? sources.text(found.displayKey) : code;
  };
  const shown = values
    .filter((value): value is FieldValue & { value: string } => !isBlank(value.value) && value.value !== null)
    .map((value) => {
      switch (type) {
        case 'enum':
        case 'multiEnum':
          return enumLabel(value.value);
        case 'boolean':
          return value.value === 'true' ? texts.forms.yes : value.value === 'false' ? texts.forms.no : value.value;
        case 'date':
          return dateText(value.value);
        case 'number': {
          const unit = value.unit ?? settings?.unit ?? null;
          return unit ? `${value.value.replace('.', ',')} ${unit}` : value.value.replace('.', ',');
        }
        default:
          return value.value;
      }
    });
  return shown.length > 0 ? shown.join(', ') : null;
}
