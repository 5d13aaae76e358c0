/**
 * What the terminology picker offers (ecrf-calls.md §7 "Terminology"): the codes found for the typed search,
 * each shown as code and German text, and the field's stored code kept among them, so the picker shows it as
 * chosen even when the search does not find it. The field stores the code, never the text.
 */

export type PickedCode = { code: string; display: string };
export type PickerItem = { id: string; text: string };

/** How a code reads in the picker and in its input: "C34.1 Oberlappen (-Bronchus)". */
export const codeText = ({ code, display }: PickedCode): string => `${code} ${display}`;

/** The items of the picker: the found codes, and the stored one first when the search did not find it. */
export function pickerItems(found: readonly PickedCode[], stored: PickedCode | null): PickerItem[] {
  const items = found.map((entry) => ({ id: entry.code, text: codeText(entry) }));
  return stored && !found.some((entry) => entry.code === stored.code) ? [{ id: stored.code, text: codeText(stored) }, ...items] : items;
}

/**
 * The search to send for what the input shows: nothing while it shows the chosen code's own text (the
 * picker then lists the whole collection), otherwise the typed words.
 */
export function searchFor(input: string, stored: PickedCode | null): string {
  const typed = input.trim();
  return stored && typed === codeText(stored) ? '' : typed;
}
