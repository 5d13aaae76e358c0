/**
 * Joining two study patients of one study that a data manager decided are one person (issue 17, "Dieselbe
 * Person"; docs/decisions.md "Joining study patients"). The duplicate's documentation moves onto the survivor
 * unchanged, so a join is refused before anything changes wherever it could not move without loss or overwrite:
 * another definition version, more visits of a definition than definition.max allows (canAddVisit, ecrf-core.md §4),
 * locked documentation, two open interviews of one questionnaire, overlapping assignments to one project, and
 * master data (the patient form) the survivor does not hold alike. Each refusal says what to clean up, in German.
 */
import type { DataFieldInstance, Visit } from '../definition/instances.js';
import type { VisitDefinition } from '../definition/study.js';
import { periodsOverlap, type AssignmentPeriod } from '../projects/project-assignment.js';
import { verifiedValueKey } from '../verification/verification-flag.js';

export type MergeSide = {
  pseudonym: string;
  definitionVersion: { studyDefinitionId: string; version: number };
  /** The patient form's fields. */
  patientFields: readonly DataFieldInstance[];
  visits: readonly Pick<Visit, 'definitionId' | 'isDeleted'>[];
  /** Identifiers of the study patient's locked visits and instruments that are not deleted. */
  lockedForms: readonly string[];
  /** Identifiers of the questionnaires the study patient has an open interview of. */
  openQuestionnaires: readonly string[];
  projectAssignments: readonly (AssignmentPeriod & { project: string })[];
  /** Open data queries on the patient form, which stays with the duplicate (closed ones stay with it as its history). */
  openPatientFormQueries: number;
};

/** A field's values by its definition path, for the fields that hold a value. */
function valuesByPath(fields: readonly DataFieldInstance[], prefix = ''): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const field of fields) {
    if (field.isDeleted === true) continue;
    const path = `${prefix}/${field.definitionId}`;
    if (field.values.some((value) => value.value !== null && value.value !== '')) {
      byPath.set(path, [...(byPath.get(path) ?? []), verifiedValueKey(field.values)]);
    }
    for (const [childPath, values] of valuesByPath(field.childFields, path))
      byPath.set(childPath, [...(byPath.get(childPath) ?? []), ...values]);
  }
  return byPath;
}

/** Whether the survivor's patient form holds every value of the duplicate's, alike. */
export function patientFormsAgree(duplicate: readonly DataFieldInstance[], survivor: readonly DataFieldInstance[]): boolean {
  const kept = valuesByPath(survivor);
  const key = (values: readonly string[]) => JSON.stringify([...values].sort());
  return [...valuesByPath(duplicate)].every(([path, values]) => key(values) === key(kept.get(path) ?? []));
}

const list = (names: readonly string[]) => [...new Set(names)].map((name) => `„${name}“`).join(', ');

/** The German reasons the duplicate cannot join the survivor now; empty when it can. */
export function studyPatientMergeConflicts(
  duplicate: MergeSide,
  survivor: MergeSide,
  /** The definition's visits, each with the name users know it by (its German text). */
  visitDefinitions: readonly (Pick<VisitDefinition, 'id' | 'definition'> & { name: string })[],
): string[] {
  const [dup, sur] = [duplicate.pseudonym, survivor.pseudonym];
  const a = duplicate.definitionVersion;
  const b = survivor.definitionVersion;
  if (a.studyDefinitionId !== b.studyDefinitionId || a.version !== b.version) {
    // Nothing else can be compared across definitions.
    return [
      `${dup} und ${sur} sind unter verschiedenen Versionen der Studiendefinition dokumentiert (${a.version} und ${b.version}); ` +
        'sie können erst zusammengeführt werden, wenn beide unter derselben Version dokumentiert sind.',
    ];
  }
  const conflicts: string[] = [];
  const live = [...duplicate.visits, ...survivor.visits].filter((visit) => visit.isDeleted !== true);
  for (const definition of visitDefinitions) {
    const max = definition.definition.max;
    const count = live.filter((visit) => visit.definitionId === definition.id).length;
    if (max !== null && max !== undefined && count > max) {
      conflicts.push(
        `Die Visite „${definition.name}“ ist höchstens ${max}-mal erlaubt, ${dup} und ${sur} haben zusammen ${count}. ` +
          'Bitte löschen Sie die überzählige Visite und entscheiden Sie erneut.',
      );
    }
  }
  if (duplicate.lockedForms.length > 0) {
    conflicts.push(
      `Bei ${dup} ist Dokumentation gesperrt (${list(duplicate.lockedForms)}); gesperrte Dokumentation wird nicht verschoben. ` +
        'Bitte heben Sie die Sperre auf und entscheiden Sie erneut.',
    );
  }
  const bothOpen = duplicate.openQuestionnaires.filter((q) => survivor.openQuestionnaires.includes(q));
  if (bothOpen.length > 0) {
    conflicts.push(`${dup} und ${sur} haben beide einen offenen Fragebogen ${list(bothOpen)}. Bitte schließen Sie einen davon ab.`);
  }
  const overlapping = duplicate.projectAssignments.filter((mine) =>
    survivor.projectAssignments.some((theirs) => theirs.project === mine.project && periodsOverlap(mine, theirs)),
  );
  if (overlapping.length > 0) {
    conflicts.push(
      `${dup} und ${sur} sind dem Projekt ${list(overlapping.map((o) => o.project))} im selben Zeitraum zugeordnet. ` +
        'Bitte beenden oder löschen Sie eine der Zuordnungen.',
    );
  }
  if (!patientFormsAgree(duplicate.patientFields, survivor.patientFields)) {
    conflicts.push(
      `Die Stammdaten von ${dup} weichen von denen von ${sur} ab. Bitte übernehmen Sie sie in ${sur} oder leeren Sie sie bei ${dup}, ` +
        'dann entscheiden Sie erneut.',
    );
  }
  if (duplicate.openPatientFormQueries > 0) {
    conflicts.push(
      `Zu den Stammdaten von ${dup} gibt es offene Rückfragen; die Stammdaten werden nicht übernommen. ` +
        'Bitte schließen Sie die Rückfragen ab und entscheiden Sie erneut.',
    );
  }
  return conflicts;
}

/** The ids of every field instance of a form, children included: what stays with the duplicate's patient form. */
export function formFieldIds(fields: readonly DataFieldInstance[]): string[] {
  return fields.flatMap((field) => [field.id, ...formFieldIds(field.childFields)]);
}
