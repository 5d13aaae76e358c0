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
