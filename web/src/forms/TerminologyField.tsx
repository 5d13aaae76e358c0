/**
 * A value field that picks a code from a terminology collection (the field definition's `terminology`, e.g.
 * ICD-10-GM for the diagnosis): a searchable Primer Autocomplete showing code and German text. The value stored
 * is the code (terminologyPicker.ts holds what is offered).
 */
import { Autocomplete, FormControl } from '@primer/react';
import { useEffect, useId, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { TerminologyFieldQuery } from '../__generated__/TerminologyFieldQuery.graphql';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors, notesId } from './FieldParts';
import { useFormModel } from './formContext';
import type { FieldNode } from './formNodes';
import { codeText, pickerItems, searchFor, type PickedCode, type PickerItem } from './terminologyPicker';
import styles from './DocumentationForm.module.css';
import { TEXT_LIMITS } from '@ecrf/rules';

const query = graphql`
  query TerminologyFieldQuery($collection: String!, $search: String, $code: String!, $withCode: Boolean!) {
    terminology(collection: $collection, search: $search, first: 50) {
      edges {
        node {
          code
          display
        }
      }
    }
    terminologyCode(collection: $collection, code: $code) @include(if: $withCode) {
      code
      display
    }
  }
`;

const SEARCH_PAUSE_MS = 250;

/** `cell`: a grid cell, labelled by its column header for the eye (EntryGrid). */
export function TerminologyField({ node, collection, cell = false }: { node: FieldNode; collection: string; cell?: boolean }) {
  const model = useFormModel();
  const environment = useRelayEnvironment();
  const labelId = useId();
  const { definition, instance, state } = node;
  const value = instance.values.find((v) => v.value)?.value ?? '';
  const disabled = model.readOnly || !state.editable;
  const [input, setInput] = useState<string | null>(null);
  const [found, setFound] = useState<PickedCode[]>([]);
  const [stored, setStored] = useState<PickedCode | null>(null);
  // The request the shown codes answer; a newer one is loading while they differ.
  const [answered, setAnswered] = useState<string | null>(null);
  // A stored code the collection does not know still shows, as its bare code.
  const chosen = value === '' ? null : stored?.code === value ? stored : { code: value, display: '' };
  const search = input === null ? '' : searchFor(input, chosen);
  const request = JSON.stringify([collection, search, value]);

  useEffect(() => {
    let subscription: { unsubscribe: () => void } | null = null;
    // While the user types, one search per pause rather than one per key.
    const timer = setTimeout(
      () => {
        subscription = fetchQuery<TerminologyFieldQuery>(environment, query, {
          collection,
          search,
          code: value,
          withCode: value !== '',
        }).subscribe({
          next: (data) => {
            setFound(data.terminology?.edges.map((edge) => edge.node) ?? []);
            if (data.terminologyCode) setStored(data.terminologyCode);
            setAnswered(request);
          },
          error: () => setAnswered(request),
        });
      },
      search === '' ? 0 : SEARCH_PAUSE_MS,
    );
    return () => {
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [environment, collection, search, value, request]);

  const choose = (selected: PickerItem | PickerItem[]) => {
    const item = Array.isArray(selected) ? selected[0] : selected;
    model.setValues(instance.id, item ? [{ value: item.id }] : []);
    setInput(null);
  };
  const errors = fieldErrors(node, model);
  const shown = input ?? (chosen ? codeText(chosen).trim() : '');

  return (
    <div className={cell ? styles.cell : styles.wideField} data-field-id={instance.id}>
      <FormControl disabled={disabled}>
        <FormControl.Label id={labelId} visuallyHidden={cell}>
          <FieldLabel label={model.text(definition.displayKey)} required={state.required} />
        </FormControl.Label>
        <Autocomplete>
          <Autocomplete.Input
            block
            value={shown}
            maxLength={TEXT_LIMITS.search}
            placeholder={texts.forms.terminologySearch}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={notesId(node)}
            aria-invalid={errors.length > 0 ? true : undefined}
            aria-required={state.required ? true : undefined}
          />
          <Autocomplete.Overlay>
            <Autocomplete.Menu
              items={pickerItems(found, chosen)}
              selectedItemIds={value === '' ? [] : [value]}
              selectionVariant="single"
              onSelectedChange={choose}
              filterFn={() => true}
              loading={answered !== request}
              emptyStateText={texts.forms.terminologyNone}
              aria-labelledby={labelId}
            />
          </Autocomplete.Overlay>
        </Autocomplete>
      </FormControl>
      <FieldNotes node={node} model={model} errors={errors} />
    </div>
  );
}
