/**
 * A stored field value in ODM 1.3.2's formats (ODM §2.13 data formats): numbers with a decimal point, booleans
 * `true`/`false` (as stored), dates as ISO 8601 `partialDate` (yyyy-MM-dd, yyyy-MM or yyyy). A date the partialDate type
 * cannot carry (an unknown year, `ongoing`, `unknown`) becomes a null value whose stored text travels in an
 * annotation, so nothing is lost.
 */
import { isBlank, parsePartialDate, type DataFieldInstance } from '@ecrf/rules';
import { networkChoice } from '../../export-content/network-choice.js';
import type { OdmItem } from './odm-model.js';

export type OdmItemValue = { kind: 'value'; value: string } | { kind: 'null'; storedText: string };

function partialDate(stored: string): OdmItemValue {
  const date = parsePartialDate(stored);
  if (date?.kind === 'date' && typeof date.year === 'number') {
    const year = String(date.year).padStart(4, '0');
    if (typeof date.month !== 'number') return { kind: 'value', value: year };
    const month = `${year}-${String(date.month).padStart(2, '0')}`;
    return { kind: 'value', value: typeof date.day === 'number' ? `${month}-${String(date.day).padStart(2, '0')}` : month };
  }
  return { kind: 'null', storedText: stored };
}

/** The ODM value of a field instance, or null when it holds nothing. */
export function odmItemValue(item: Pick<OdmItem, 'valueKind'>, instance: Pick<DataFieldInstance, 'values'>): OdmItemValue | null {
  if (item.valueKind === 'NngmNetworkPartner' || item.valueKind === 'NngmNetworkLocation') {
    const choices = instance.values.map(networkChoice).filter((text) => text !== '');
    return choices.length > 0 ? { kind: 'value', value: choices.join(',') } : null;
  }
  const values = instance.values.flatMap((v) => (v.value !== null && !isBlank(v.value) ? [v.value] : []));
  const [first] = values;
  if (first === undefined) return null;
  // Free text stays as typed, line breaks and spaces at its ends too; codes, dates and numbers are read trimmed.
  if (item.valueKind === 'text') return { kind: 'value', value: first };
  if (item.valueKind === 'date') return partialDate(first.trim());
  // A decimal comma typed into a number field still reads as the number it is.
  if (item.valueKind === 'number') return { kind: 'value', value: first.trim().replace(',', '.') };
  return { kind: 'value', value: values.map((v) => v.trim()).join(',') };
}
