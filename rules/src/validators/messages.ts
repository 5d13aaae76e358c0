/**
 * German messages of the field validators, copied exactly from ecrf-calls.md §5 (including the
 * spec's spelling 'Emailaddresse').
 */
export const validatorMessages = {
  required: 'Wird benötigt',
  name: 'Ungültiger Name',
  oneConsentRequired: 'Eine der beiden Angaben wird benötigt',
  email: 'Ungültige Emailaddresse',
  instituteIdentifier: '4 Ziffern',
  identifier: 'a-z, A-Z, 0-9, _ erlaubt',
  cron: 'Cron Syntax',
  postalCode: '5 Ziffern',
  phone: 'Ziffern und Bindestrich erlaubt',
  userName: "Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten",
  insuranceNumber: 'Ungültige KVNr.',
} as const;

/** A validator returns the message of the broken rule, or null when the value is valid. */
export type FieldValidator = (value: string | null | undefined) => string | null;

/** A number as German text: decimal comma. */
const germanNumber = (value: number): string => String(value).replace('.', ',');

/**
 * Refusals of field values (rules fields/field-values.ts) and the visit date, each prefixed by the field's label
 * ("PD-L1 TPS: höchstens 100 %").
 */
export const fieldValueMessages = {
  visitDateLabel: 'Visitendatum',
  impossibleDate: (label: string, shown: string) => `${label}: Das Datum ${shown} gibt es nicht.`,
  // Without the value: the browser composes a date while it is typed (`XXXX-XX-3`), which no user wrote.
  invalidDate: (label: string) => `${label}: kein gültiges Datum (TT.MM.JJJJ, unbekannte Teile leer oder UK)`,
  partialDateOrder: (label: string, shown: string) =>
    `${label}: Im Datum ${shown} ist ein Teil bekannt, dessen übergeordneter Teil (Monat oder Jahr) fehlt.`,
  incompleteDate: (label: string, value: string) => `${label}: „${value}“ ist kein vollständiges Datum.`,
  invalidNumber: (label: string) => `${label}: keine Zahl`,
  notInteger: (label: string) => `${label}: nur ganze Zahlen`,
  belowMinimum: (label: string, minimum: number, unit: string | null) =>
    `${label}: mindestens ${germanNumber(minimum)}${unit ? ` ${unit}` : ''}`,
  aboveMaximum: (label: string, maximum: number, unit: string | null) =>
    `${label}: höchstens ${germanNumber(maximum)}${unit ? ` ${unit}` : ''}`,
  unknownCode: (label: string, value: string) => `${label}: „${value}“ ist kein Wert der Auswahl.`,
  unknownTerminologyCode: (label: string, value: string, terminology: string) => `${label}: „${value}“ ist kein Code aus ${terminology}.`,
  invalidBoolean: (label: string, value: string) => `${label}: „${value}“ ist weder Ja noch Nein.`,
  singleValue: (label: string) => `${label}: nur ein Wert erlaubt`,
} as const;
