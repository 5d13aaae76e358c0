/**
 * A network field's value as every export writes it: `<person id>@<organization id>` for a partner with both, else
 * the id chosen (ecrf-core.md §3 NngmNetworkPartner, NngmNetworkLocation). Names are not part of it: the stored
 * value names the choice by id (the graph saves only ids), and names change, ids do not.
 */
import type { FieldValue } from '@ecrf/rules';

export function networkChoice(value: FieldValue): string {
  const parts = [value.person?.id, value.organization?.id].filter((id): id is string => typeof id === 'string' && id !== '');
  return parts.length > 0 ? parts.join('@') : (value.value ?? '').trim();
}
