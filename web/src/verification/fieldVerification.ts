/**
 * The verification flags of a form's stored fields (ecrf-calls.md §3 "Data verification flag"), read from
 * the instrument's field tree into one map by field id; the set mutation and the live updates bring back
 * the same fragment, so a flag set for the first time appears at once.
 */
import { graphql, readInlineData } from 'react-relay';
import type {
  fieldVerification_dataField$data,
  fieldVerification_dataField$key,
} from '../__generated__/fieldVerification_dataField.graphql';

export const fieldVerificationFragment = graphql`
  fragment fieldVerification_dataField on DataField @inline {
    id
    verificationFlags {
      id
      state
      version
      changedBy
      changedAt
      flagType {
        identifier
      }
    }
  }
`;

export type FieldFlag = fieldVerification_dataField$data['verificationFlags'][number];

/** A stored field as the screen's query selects it: its flags and its children, to any depth selected. */
export type FlaggedField = fieldVerification_dataField$key & { readonly childFields?: readonly FlaggedField[] };

export function verificationFlagsByField(fields: readonly FlaggedField[], into = new Map<string, readonly FieldFlag[]>()) {
  for (const field of fields) {
    const { id, verificationFlags } = readInlineData(fieldVerificationFragment, field);
    into.set(id, verificationFlags);
    verificationFlagsByField(field.childFields ?? [], into);
  }
  return into;
}
