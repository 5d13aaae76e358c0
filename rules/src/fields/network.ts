/**
 * Network partner and network location fields (ecrf-core.md §5): complete only if a therapist (person)
 * is present when therapistRequired, and an organization is present when locationRequired.
 */
import { NETWORK_FIELD_TYPES } from '../definition/fields.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';

export function isNetworkField(definition: DataFieldDefinition): boolean {
  return NETWORK_FIELD_TYPES.includes(definition.definitionType);
}

/** True for fields of other types; for network fields, the required person and organization are present. */
export function isNetworkFieldComplete(definition: DataFieldDefinition, instance: DataFieldInstance | null | undefined): boolean {
  if (!isNetworkField(definition)) return true;
  const values = instance?.values ?? [];
  const settings = definition.definition;
  const hasPerson = values.some((v) => typeof v.person?.id === 'string' && v.person.id !== '');
  const hasOrganization = values.some((v) => typeof v.organization?.id === 'string' && v.organization.id !== '');
  return (settings?.therapistRequired !== true || hasPerson) && (settings?.locationRequired !== true || hasOrganization);
}
