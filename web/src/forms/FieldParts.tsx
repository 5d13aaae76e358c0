/**
 * Pieces every field shows: its label with the required mark, and the notes under it (hints, redirects,
 * lock and editability notes, messages of missing or invalid values and of the server).
 */
import { AlertIcon, ArrowRightIcon, InfoIcon, LockIcon, UnlockIcon } from '@primer/octicons-react';
import { Button, Link, VisuallyHidden } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { isFieldLocked } from '@ecrf/rules';
import { dateText } from '../patients/dates';
import { texts } from '../texts';
import type { FieldNode } from './formNodes';
import type { FormModel } from './formContext';
import { isTemporaryField } from './instances';
import { PROBLEM_ATTRIBUTE } from './formProblems';
import styles from './DocumentationForm.module.css';

/** The label text; required fields get an asterisk, and 'Pflichtfeld' for screen readers instead of it. */
export function FieldLabel({ label, required }: { label: string; required: boolean }) {
  return (
    <>
      {label}
      {required && (
        <>
          <span aria-hidden="true"> *</span>
          <VisuallyHidden> ({texts.forms.required})</VisuallyHidden>
        </>
      )}
    </>
  );
}

/** Why the field is locked, or null while it is not (ecrf-core.md §4: locked manually or automatically). */
function lockNote(node: FieldNode, today: string): string | null {
  const { instance } = node;
  const lockDate = instance.lockDate ?? null;
  if (isFieldLocked(instance, today)) return lockDate ? texts.forms.lockedSince(dateText(lockDate)) : texts.forms.locked;
  return lockDate ? texts.forms.lockedFrom(dateText(lockDate)) : null;
}

/** Why the field's value is refused: by the rules' value checks (the server's own) and by the server. */
const refusals = (node: FieldNode, model: FormModel): string[] => [
  ...model.problemsAt(node.instance.id),
  ...model.serverErrorsAt(node.instance.id, node.definition.id),
];

/** Messages of the field: missing required value, then why its value is refused. */
export function fieldErrors(node: FieldNode, model: FormModel): string[] {
  return [...(model.missingShown(node) ? [texts.forms.missing] : []), ...refusals(node, model)];
}

/** The id of the element holding a field's notes, for aria-describedby. */
export const notesId = (node: FieldNode): string => `${node.instance.id}-notes`;

/** Hints, redirects, lock and editability notes, and (for groups) the field's errors. */
export function FieldNotes({ node, model, errors = [] }: { node: FieldNode; model: FormModel; errors?: readonly string[] }) {
  const lock = lockNote(node, model.today);
  const notes: { kind: 'error' | 'hint' | 'redirect' | 'lock'; message: string; href?: string | null }[] = [
    ...errors.map((message) => ({ kind: 'error' as const, message })),
    ...(node.entered ? node.state.hints : []).map((key) => ({ kind: 'hint' as const, message: model.text(key) })),
    ...(node.entered ? node.redirects : []).map(({ displayKey, target }) => ({
      kind: 'redirect' as const,
      message: model.text(displayKey),
      href: target && model.redirectHref ? model.redirectHref(target) : null,
    })),
    ...(lock ? [{ kind: 'lock' as const, message: lock }] : []),
    ...node.editabilityMessages.map((key) => ({ kind: 'lock' as const, message: model.text(key) })),
  ];
  const stored = !isTemporaryField(node.instance) && node.definition.definitionType !== 'DisplayValue';
  const lockControl = model.setLock !== null && stored;
  const extras = stored && model.fieldExtras !== null ? model.fieldExtras(node.instance.id, model.text(node.definition.displayKey)) : null;
  if (notes.length === 0 && !lockControl && extras === null) return null;
  const locked = node.instance.lockedManually === true;
  const extrasRow = extras !== null && <div className={styles.extras}>{extras}</div>;
  if (notes.length === 0 && !lockControl) return extrasRow;
  return (
    <>
      {/* A refused value marks its notes: a save attempt puts the focus on the first such field. */}
      <div id={notesId(node)} {...(refusals(node, model).length > 0 ? { [PROBLEM_ATTRIBUTE]: '' } : {})}>
        {notes.map(({ kind, message, href }, i) => (
          <p key={`${kind}-${i}`} className={styles[kind]}>
            {kind === 'error' && <AlertIcon size={12} />}
            {kind === 'hint' && <InfoIcon size={12} />}
            {kind === 'redirect' && <ArrowRightIcon size={12} />}
            {kind === 'lock' && <LockIcon size={12} />}
            {kind === 'hint' && <VisuallyHidden>{texts.forms.hint}: </VisuallyHidden>}
            {kind === 'redirect' && <VisuallyHidden>{texts.forms.redirect}: </VisuallyHidden>}
            {href ? (
              <Link as={RouterLink} to={href}>
                {message}
              </Link>
            ) : (
              <span>{message}</span>
            )}
          </p>
        ))}
        {lockControl && (
          <Button
            size="small"
            variant="invisible"
            leadingVisual={locked ? UnlockIcon : LockIcon}
            aria-label={`${locked ? texts.forms.unlock : texts.forms.lock}: ${model.text(node.definition.displayKey)}`}
            onClick={() => model.setLock?.(node.instance.id, !locked)}
          >
            {locked ? texts.forms.unlock : texts.forms.lock}
          </Button>
        )}
      </div>
      {extrasRow}
    </>
  );
}
