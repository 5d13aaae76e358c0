/**
 * What a documentation form shows beside each stored field (issue 11): its query badge and, for monitoring
 * roles, its verification toggles. The instrument and visit forms hand it to `DocumentationFormPage`.
 */
import type { DataQueryButton_studyPatient$key } from '../__generated__/DataQueryButton_studyPatient.graphql';
import type { FieldExtras } from '../forms/formContext';
import type { FieldFlag } from '../verification/fieldVerification';
import { VerificationToggles } from '../verification/VerificationToggles';
import { DataQueryButton } from './DataQueryButton';
import type { DataQueryTargets } from './dataQueryTargets';
import type { RaiseTarget } from './raiseDecisions';

/** The patient's queries and the form's verification flags by field id. */
export type FieldMarks = {
  studyPatient: DataQueryButton_studyPatient$key;
  targets: DataQueryTargets;
  flagsByField: ReadonlyMap<string, readonly FieldFlag[]>;
};

export function fieldMarksOf(marks: FieldMarks, target: RaiseTarget, text: (displayKey: string) => string): FieldExtras {
  return function marksOfField(fieldId, label) {
    return (
      <>
        <DataQueryButton
          studyPatient={marks.studyPatient}
          targets={marks.targets}
          subject={{ kind: 'DATA_FIELD', id: fieldId, label }}
          target={target}
          compact
        />
        {marks.targets.canVerify && (
          <VerificationToggles
            fieldId={fieldId}
            fieldLabel={label}
            flags={marks.flagsByField.get(fieldId) ?? []}
            flagTypes={marks.targets.flagTypes}
            text={text}
          />
        )}
      </>
    );
  };
}
