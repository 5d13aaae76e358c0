/**
 * German messages for requests the route schemas refuse (issue 26 item 3): each refused field named by its German
 * label with the limit it broke, e.g. "Grund der Änderung: höchstens 2000 Zeichen". The common rules have short texts
 * of ours; every other JSON Schema keyword gets ajv-i18n's German text.
 */
import localizeModule from 'ajv-i18n/localize/de/index.js';
import type { FieldError } from './errors.js';

/** A schema refusal as Fastify's validator reports it (an Ajv error object). */
export type SchemaRefusal = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };

/** The German labels of body, query and path fields, by name; a field not listed is named as the API names it. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  after: 'Listenposition',
  definitionId: 'Definition',
  displayName: 'Anzeigename',
  emailAddress: 'E-Mail-Adresse',
  fields: 'Felder',
  fromDate: 'Von',
  id: 'Id',
  identifier: 'Kennung',
  meaning: 'Bedeutung der Signatur',
  newPasswordString: 'Neues Passwort',
  oldPasswordString: 'Altes Passwort',
  order: 'Reihenfolge',
  page: 'Seite',
  pageSize: 'Seitengröße',
  password: 'Passwort',
  patientId: 'Patienten-Id',
  reasonForChange: 'Grund der Änderung',
  reasonOfChange: 'Grund der Änderung',
  registrationDate: 'Registrierungsdatum',
  state: 'Status',
  studyId: 'Studie',
  studyInstituteId: 'Standort',
  studyPatientId: 'Studienpatient',
  text: 'Text',
  title: 'Titel',
  toDate: 'Bis',
  userName: 'Benutzername',
  values: 'Werte',
  version: 'Version',
  visitDate: 'Visitendatum',
  visitId: 'Visite',
};

const FORMATS: Readonly<Record<string, string>> = {
  date: 'ist kein Datum der Form JJJJ-MM-TT',
  'date-time': 'ist kein Zeitpunkt (ISO 8601)',
  email: 'ist keine E-Mail-Adresse',
  uuid: 'ist keine gültige Id',
  uri: 'ist keine Adresse (URI)',
};

/**
 * ajv-i18n's German localizer: its CommonJS module is the function itself, which its declaration (an ES default
 * export) does not say under NodeNext.
 */
const localizeGerman = localizeModule as unknown as (errors: SchemaRefusal[]) => void;

const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('de-DE') : String(value));

/** Our short text for the common rules; null: ajv-i18n's. */
function shortText({ keyword, params }: SchemaRefusal): string | null {
  switch (keyword) {
    case 'required':
      return 'fehlt';
    case 'maxLength':
      return `höchstens ${number(params.limit)} Zeichen`;
    case 'minLength':
      return params.limit === 1 ? 'darf nicht leer sein' : `mindestens ${number(params.limit)} Zeichen`;
    case 'maximum':
      return `höchstens ${number(params.limit)}`;
    case 'minimum':
      return `mindestens ${number(params.limit)}`;
    case 'maxItems':
      return `höchstens ${number(params.limit)} Einträge`;
    case 'pattern':
      return 'hat nicht die erwartete Form';
    case 'format':
      return FORMATS[String(params.format)] ?? null;
    case 'additionalProperties':
      return `kennt das Feld „${String(params.additionalProperty)}“ nicht`;
    default:
      return null;
  }
}

/** The refused field's path (`fields[0].values`), and for `required` the missing field within it. */
function pathOf(refusal: SchemaRefusal): string {
  const segments = refusal.instancePath.split('/').filter((segment) => segment !== '');
  if (refusal.keyword === 'required' && typeof refusal.params.missingProperty === 'string') segments.push(refusal.params.missingProperty);
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

/** The German field errors of a schema refusal, one per refused field, in the validator's order. */
export function schemaFieldErrors(refusals: readonly SchemaRefusal[]): FieldError[] {
  const localized = refusals.map((refusal) => ({ ...refusal, params: { ...refusal.params } }));
  localizeGerman(localized);
  return localized.map((refusal) => {
    const field = pathOf(refusal);
    const name =
      field
        .split(/[.[\]]/)
        .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
        .at(-1) ?? '';
    const label = FIELD_LABELS[name] ?? (name || 'Anfrage');
    return { field, message: `${label}: ${shortText(refusal) ?? refusal.message ?? 'ungültig'}` };
  });
}
