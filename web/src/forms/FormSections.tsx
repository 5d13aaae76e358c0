/**
 * A long form as a clinician navigates it (REDCap's and Castor's data entry): sections with a navigation
 * list that shows each section's state, and the required fields still missing with links that jump to
 * them. A section is a top-level group, table or list; the plain fields between them form one section.
 */
import type { MouseEvent } from 'react';
import { CONTAINER_FIELD_TYPES, ENTRY_FIELD_TYPES } from '@ecrf/rules';
import { texts } from '../texts';
import { FieldList } from './FieldView';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

export type FormSection = {
  id: string;
  /** Null for the plain fields outside a group: they read as "Allgemeine Angaben". */
  title: string | null;
  nodes: FieldNode[];
};

export type SectionState = 'empty' | 'missing' | 'complete';

/** The visible top-level fields by section, in the form's order. */
export function sectionsOf(nodes: readonly FieldNode[]): FormSection[] {
  const sections: FormSection[] = [];
  for (const node of nodes) {
    if (!node.state.visible) continue;
    if (CONTAINER_FIELD_TYPES.includes(node.definition.definitionType)) {
      sections.push({ id: `section-${node.instance.id}`, title: node.definition.displayKey, nodes: [node] });
      continue;
    }
    const last = sections.at(-1);
    if (last && last.title === null) last.nodes.push(node);
    else sections.push({ id: `section-${node.instance.id}`, title: null, nodes: [node] });
  }
  return sections;
}

/** Every visible field of the tree that is required and empty, in the form's order. */
export function missingFields(nodes: readonly FieldNode[]): FieldNode[] {
  return nodes.flatMap((node) => (node.state.visible ? [...(node.missing ? [node] : []), ...missingFields(node.children)] : []));
}

export type MissingField = { node: FieldNode; label: string };

/**
 * The missing fields with the labels the summary links show: a field of a list entry is named with its entry
 * ("Therapielinie 2: Beginn"), since a grid shows the field's label once for all its rows.
 */
export function namedMissingFields(
  nodes: readonly FieldNode[],
  text: (key: string) => string,
  entry: string | null = null,
): MissingField[] {
  const positions = new Map<string, number>();
  return nodes.flatMap((node) => {
    if (!node.state.visible) return [];
    let inner = entry;
    if (ENTRY_FIELD_TYPES.includes(node.definition.definitionType)) {
      const position = (positions.get(node.definition.id) ?? 0) + 1;
      positions.set(node.definition.id, position);
      inner = texts.forms.entry(text(node.definition.displayKey), position);
    }
    const label = text(node.definition.displayKey);
    const own = node.missing ? [{ node, label: entry === null ? label : `${entry}: ${label}` }] : [];
    return [...own, ...namedMissingFields(node.children, text, inner)];
  });
}

function anyEntered(nodes: readonly FieldNode[]): boolean {
  return nodes.some((node) => node.state.visible && (node.entered || anyEntered(node.children)));
}

export function sectionState(section: FormSection): SectionState {
  if (missingFields(section.nodes).length > 0) return 'missing';
  return anyEntered(section.nodes) ? 'complete' : 'empty';
}

/** Scrolls to an element and puts the focus on its first input, so the keyboard continues there. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, target: HTMLElement | undefined | null) {
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  // A radio group is entered at its checked button, as Tab does.
  const input = target.querySelector<HTMLElement>(
    'input[type="radio"]:checked:not([disabled]), input:not([type="radio"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])',
  );
  (input ?? target).focus({ preventScroll: true });
}

/** The element of a field by its instance id (ids hold characters a selector would need escaped). */
const fieldElement = (fieldId: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-field-id]')].find((element) => element.dataset.fieldId === fieldId);

const stateText = (section: FormSection, state: SectionState): string =>
  state === 'missing' ? texts.forms.sectionMissing(missingFields(section.nodes).length) : texts.forms.sectionStates[state];

/** The navigation list of the sections with their states. */
export function SectionNavigation({ sections, text }: { sections: readonly FormSection[]; text: (key: string) => string }) {
  return (
    <nav aria-label={texts.forms.sections} className={styles.sectionNav}>
      <ol>
        {sections.map((section) => {
          const state = sectionState(section);
          const title = section.title === null ? texts.forms.generalSection : text(section.title);
          return (
            <li key={section.id} data-state={state}>
              <a href={`#${section.id}`} onClick={(event) => jumpTo(event, document.getElementById(section.id))}>
                {title}
              </a>
              <span className={styles.sectionState}>{stateText(section, state)}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The sections one under another; each is a region named by its title. */
export function SectionList({ sections, text }: { sections: readonly FormSection[]; text: (key: string) => string }) {
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className={styles.section}
          aria-label={section.title === null ? texts.forms.generalSection : text(section.title)}
        >
          {section.title === null && <h2 className={styles.sectionHeading}>{texts.forms.generalSection}</h2>}
          <FieldList nodes={section.nodes} />
        </section>
      ))}
    </>
  );
}

/** The required fields still missing, each a link to its field. */
export function MissingSummary({
  missing,
  emphasised,
}: {
  missing: readonly MissingField[];
  /** A save was tried: the summary is an error, not a reminder. */
  emphasised: boolean;
}) {
  if (missing.length === 0) return null;
  return (
    <section aria-label={texts.forms.missingSummary} className={emphasised ? styles.missingSummaryError : styles.missingSummary}>
      <h2 className={styles.sectionHeading}>{texts.forms.missingSummaryHeading(missing.length)}</h2>
      <ul>
        {missing.map(({ node, label }) => (
          <li key={node.instance.id}>
            <a href={`#${node.instance.id}`} onClick={(event) => jumpTo(event, fieldElement(node.instance.id))}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
