/**
 * The backend's user-facing messages, in German, in one catalogue (ARCHITECTURE.md "User-facing messages … come from
 * one catalogue per service"; issue 26 item 3): clients show them as they are (ecrf-core.md §8 "other API errors:
 * alert with the response title or message"). The spec's exact texts are copied as written. Texts of the rules shared
 * with the browser stay in @ecrf/rules (validators, refusals of queries, e-learning …).
 */

/** German texts of the documentation errors (ecrf-core.md §8: the client shows the message). */
export const DOCUMENTATION_MESSAGES = {
  stale:
    'Die Daten wurden inzwischen von einer anderen Person geändert. Ihre Änderungen wurden nicht gespeichert; bitte laden Sie den aktuellen Stand.',
  fieldLocked: 'Das Feld ist gesperrt und kann nicht geändert werden.',
  fieldNotEditable: 'Das Feld kann nicht bearbeitet werden.',
  reasonRequired: 'Für Änderungen an einer abgeschlossenen oder signierten Visite wird ein Änderungsgrund benötigt.',
} as const;

export const SIGN_MESSAGES = {
  signed: 'Die Visite wurde signiert.',
  wrongPassword: 'Das Passwort ist nicht korrekt. Die Visite wurde nicht signiert.',
  incomplete: 'Die Visite ist unvollständig und kann nicht signiert werden.',
} as const;

export const VERIFICATION_FLAG_MESSAGES = {
  unknownType: (identifier: string) => `Unbekannter Verifizierungstyp '${identifier}'.`,
  obsolete: 'Das Feld dieses Flags wurde gelöscht; das Flag kann nicht mehr gesetzt werden.',
  exists: 'Für dieses Feld gibt es bereits ein Flag dieses Typs.',
  stale: 'Das Flag wurde inzwischen von einer anderen Person geändert. Bitte laden Sie den aktuellen Stand.',
} as const;

export const QUERY_TARGET_MESSAGES = {
  fieldNeedsPatient: 'Für einen Query zu einem Feld wird der Studienpatient (studyPatientId) benötigt.',
  locationNeedsStudy: 'Für einen Query zu einem Standort wird die Studie (studyId) benötigt.',
  locationNotInStudy: 'Der Standort nimmt nicht an dieser Studie teil.',
  unknownQueryType: (identifier: string) => `Unbekannter Query-Typ '${identifier}'.`,
} as const;

export const QUERY_TEXT_MESSAGES = {
  title: (limit: number) => `Der Titel ist erforderlich und darf höchstens ${limit} Zeichen lang sein.`,
  text: (limit: number) => `Der Text ist erforderlich und darf höchstens ${limit} Zeichen lang sein.`,
} as const;

export const PROJECT_MESSAGES = {
  otherStudy: 'Das Projekt gehört nicht zur Studie des Patienten.',
  deletedProject: 'Das Projekt ist gelöscht; es können keine Patienten mehr zugeordnet werden.',
  overlap: 'Der Patient ist diesem Projekt in diesem Zeitraum bereits zugeordnet.',
  stale: 'Die Zuordnung wurde inzwischen von einer anderen Person geändert. Bitte laden Sie den aktuellen Stand.',
} as const;

export const NEWS_WRITE_MESSAGES = {
  deleted: 'Das Dokument ist gelöscht. Stellen Sie es wieder her, bevor Sie es ändern.',
  alreadyDeleted: 'Das Dokument ist bereits gelöscht.',
  notDeleted: 'Das Dokument ist nicht gelöscht.',
  versionMissing: 'Bitte senden Sie die gelesene Version (Version) mit.',
} as const;

export const SAFETY_MESSAGES = {
  studyNeeded: 'Bitte wählen Sie eine Studie: das Register führt mehrere.',
} as const;

export const IMPORT_MESSAGES = {
  tooLarge: 'Die Datei ist größer als 10 MB und wurde nicht importiert.',
  noFile: 'Es wurde keine Datei übermittelt.',
  extension: 'Nur CSV-Dateien (Endung .csv) können importiert werden.',
  notText: 'Die Datei ist keine CSV-Textdatei (UTF-8) und wurde nicht importiert.',
  unreadable: (line: number | undefined) =>
    `Die CSV-Datei kann nicht gelesen werden${line ? ` (Zeile ${line})` : ''}: Anführungszeichen oder Spaltenzahl stimmen nicht.`,
  noRows: 'Die Datei enthält keine Kennzahlen: nach der Kopfzeile folgt keine Datenzeile.',
  location: 'Der Standort gehört nicht zu Ihren Standorten.',
} as const;

export const LIST_POSITION_MESSAGES = {
  invalid:
    'Die Listenposition (after) ist ungültig oder gehört zu einer anderen Liste (Studie, Filter oder Sortierung). Bitte laden Sie die Liste neu.',
  withPage: 'Eine Listenposition (after) und eine Seite (page) größer als 1 schließen einander aus.',
} as const;

/** What a 404 names (the record asked for), with its German name. */
export const RECORD_NAMES = {
  'case process step': 'Der Fallverlaufsschritt',
  'data field': 'Das Datenfeld',
  'data query': 'Der Query',
  'e-learning': 'Das E-Learning',
  'e-learning of the study definition': 'Das E-Learning der Studiendefinition',
  'export file': 'Die Exportdatei',
  'export job': 'Der Export',
  'generic export': 'Der generische Export',
  'generic export definition': 'Die Definition des generischen Exports',
  'identity of the patient': 'Die Identität des Patienten',
  import: 'Der Import',
  institute: 'Das Zentrum',
  instrument: 'Das Instrument',
  interview: 'Die Befragung',
  language: 'Die Sprache',
  'news document': 'Das Dokument',
  'news document version': 'Die Version des Dokuments',
  'parent field': 'Das übergeordnete Feld',
  patient: 'Der Patient',
  person: 'Die Person',
  'possible match': 'Die mögliche Dublette',
  project: 'Das Projekt',
  'project assignment': 'Die Projektzuordnung',
  'query template': 'Die Query-Vorlage',
  questionnaire: 'Der Fragebogen',
  right: 'Das Recht',
  role: 'Die Rolle',
  route: 'Diese Adresse der API',
  study: 'Die Studie',
  'study definition': 'Die Studiendefinition',
  'study definition of the study': 'Die Studiendefinition der Studie',
  'study definition version': 'Diese Version der Studiendefinition',
  'study institute': 'Der Standort',
  'study patient': 'Der Studienpatient',
  'terminology code': 'Der Code der Terminologie',
  'terminology collection': 'Die Terminologie',
  user: 'Der Nutzer',
  'verification flag': 'Das Verifizierungsflag',
  visit: 'Die Visite',
} as const;

export type RecordName = keyof typeof RECORD_NAMES;

/** Refusals of access, sign-in and requests as a whole. */
export const ACCESS_MESSAGES = {
  notFound: (what: RecordName) => `${RECORD_NAMES[what]} existiert nicht oder ist für Sie nicht sichtbar.`,
  missingRight: (right: string) => `Ihnen fehlt das Recht ${right}.`,
  missingOneRight: (rights: readonly string[]) => `Ihnen fehlt eines der Rechte ${rights.join(', ')}.`,
  authenticationRequired: 'Bitte melden Sie sich an.',
  noToken: 'Die Anfrage trägt kein Zugriffstoken (Authorization: Bearer …).',
  invalidToken: 'Das Zugriffstoken ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.',
  sessionEnded: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  accountInactive: 'Ihr Konto ist nicht aktiv.',
  eventsKey: 'Der Schlüssel des Ereignisstroms (X-Events-Key) fehlt oder ist falsch.',
  accountLocked: 'Das Konto ist nach wiederholten Fehlversuchen vorübergehend gesperrt. Bitte versuchen Sie es später erneut.',
  accountDeactivated: 'Ihr Konto ist deaktiviert.',
  ownPasswordOnly: 'Hier kann nur das eigene Passwort geändert werden.',
  notYourLocation: 'An diesem Standort dokumentieren Sie nicht.',
  idempotencyKeyReused: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
  idempotencyKeyInUse: 'Eine Anfrage mit diesem Idempotency-Key läuft noch.',
  questionnaireAccessInvalid: 'Der Zugangscode ist ungültig oder abgelaufen.',
  tooManyAccessCodes: 'Zu viele ungültige Zugangscodes. Bitte versuchen Sie es später erneut.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es erneut oder wenden Sie sich an den Support.',
} as const;

/** Refusals of a write that contradicts what is stored, or of input as a whole. */
export const CONFLICT_MESSAGES = {
  patientExists: (pseudonym: string) => `Ein Patient mit dem Pseudonym „${pseudonym}“ existiert bereits.`,
  identityLinked: 'Der Patient oder die Identität ist bereits verknüpft.',
  identityUnknown: (pseudonym: string) => `Die Mainzelliste kennt das Pseudonym „${pseudonym}“ nicht.`,
  userNameTaken: (userName: string) => `Der Benutzername ${userName} ist bereits vergeben.`,
  studyExists: (identifier: string) => `Eine Studie „${identifier}“ existiert bereits.`,
  studyDefinitionExists: (identifier: string) =>
    `Eine Studiendefinition „${identifier}“ existiert bereits; laden Sie sie als neue Version hoch.`,
  languageExists: (identifier: string) => `Die Sprache „${identifier}“ existiert für diese Studiendefinition bereits.`,
  displayKeyTwice: (displayKey: string) => `Der Schlüssel „${displayKey}“ kommt zweimal vor.`,
  roleHeld: 'Die Rolle ist Nutzern zugewiesen und kann nicht gelöscht werden.',
  catalogueRightRenamed: 'Rechte des Katalogs schützen Aufrufe über ihren Namen und können nicht umbenannt werden.',
  catalogueRightDeleted: 'Rechte des Katalogs schützen Aufrufe über ihren Namen und können nicht gelöscht werden.',
  instituteInUse: 'Dem Zentrum sind Nutzer oder Patienten zugeordnet; es kann nicht gelöscht werden.',
  instituteInStudy: 'Das Zentrum nimmt bereits an der Studie teil.',
  locationNotInStudy: 'Der Standort nimmt nicht an dieser Studie teil.',
  studyWithoutDefinition: 'Die Studie hat keine Studiendefinition.',
  periodReversed: 'Der Beginn darf nicht nach dem Ende liegen.',
  notAnEventId: 'Keine Ereignis-Id dieses Ereignisstroms.',
  referencedMissing: 'Ein verknüpfter Datensatz existiert nicht.',
  duplicate: 'Ein Datensatz mit diesen Werten existiert bereits.',
  malformed: 'Ein Wert ist fehlerhaft, außerhalb des erlaubten Bereichs oder fehlt.',
  fieldNotAtThisPlace: 'Das Feld gehört nicht an diese Stelle des Formulars.',
  fieldNotInForm: 'Das Feld gehört nicht zu diesem Formular.',
  fieldOtherDefinition: 'Das Feld hat eine andere Felddefinition.',
  unstorableText: (at: string) => `${at}: enthält ein Nullzeichen oder ein einzelnes Surrogat und kann nicht gespeichert werden.`,
} as const;

/**
 * Every error code's German text (issue 26 item 3): what an answer says when nothing more specific is known, e.g.
 * Fastify's own refusals of a request (malformed JSON, a body too large), whose English text never reaches a client.
 * errors.ts types it by the codes, and `error-catalogue.test.ts` checks every code the backend uses against it.
 */
export const ERROR_CODE_MESSAGES = {
  ECRF_ERR_VALIDATION: 'Die Anfrage ist fehlerhaft: Ein Wert fehlt oder ist ungültig.',
  ECRF_ERR_WRONG_PASSWORD: 'Das Passwort ist nicht korrekt.',
  ECRF_ERR_WEAK_PASSWORD: 'Das neue Passwort erfüllt die Passwortregeln nicht.',
  ECRF_ERR_INVALID_CREDENTIALS: 'Benutzername oder Passwort ist falsch.',
  ECRF_ERR_UNAUTHENTICATED: ACCESS_MESSAGES.authenticationRequired,
  ECRF_ERR_REFRESH_TOKEN_EXPIRED: ACCESS_MESSAGES.sessionEnded,
  ECRF_ERR_FORBIDDEN: 'Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.',
  ECRF_ERR_ACCOUNT_DEACTIVATED: ACCESS_MESSAGES.accountDeactivated,
  ECRF_ERR_ELEARNING_REQUIRED: 'Bitte schließen Sie zuerst das E-Learning der Studie ab.',
  ECRF_ERR_NOT_FOUND: 'Die angeforderten Daten existieren nicht oder sind für Sie nicht sichtbar.',
  ECRF_ERR_CONFLICT: 'Die Änderung widerspricht dem gespeicherten Stand.',
  ECRF_ERR_STALE_WRITE: DOCUMENTATION_MESSAGES.stale,
  ECRF_ERR_FIELD_LOCKED: DOCUMENTATION_MESSAGES.fieldLocked,
  ECRF_ERR_VISIT_NOT_EDITABLE: 'Die Visite kann nicht mehr geändert werden.',
  ECRF_ERR_VISIT_NOT_AVAILABLE: 'Diese Visite kann jetzt nicht angelegt werden.',
  ECRF_ERR_FIELD_NOT_EDITABLE: DOCUMENTATION_MESSAGES.fieldNotEditable,
  ECRF_ERR_REASON_REQUIRED: DOCUMENTATION_MESSAGES.reasonRequired,
  ECRF_ERR_IDEMPOTENCY_KEY_REUSED: ACCESS_MESSAGES.idempotencyKeyReused,
  ECRF_ERR_IDEMPOTENCY_KEY_IN_USE: ACCESS_MESSAGES.idempotencyKeyInUse,
  ECRF_ERR_FILE_TOO_LARGE: 'Die Datei ist zu groß.',
  ECRF_ERR_UNSUPPORTED_FILE_TYPE: 'Dateien dieser Art werden nicht angenommen.',
  ECRF_ERR_ACCOUNT_LOCKED: ACCESS_MESSAGES.accountLocked,
  ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID: ACCESS_MESSAGES.questionnaireAccessInvalid,
  ECRF_ERR_TOO_MANY_ATTEMPTS: ACCESS_MESSAGES.tooManyAccessCodes,
  ECRF_ERR_INTERNAL: ACCESS_MESSAGES.internal,
  QUERY_ACTION_REFUSED: 'Diese Aktion ist für diesen Query nicht erlaubt.',
  QUERY_WRONG_STATUS: 'Der Status des Querys erlaubt diese Aktion nicht.',
  STALE_WRITE: 'Der Datensatz wurde inzwischen von einer anderen Person geändert. Bitte laden Sie den aktuellen Stand.',
  ALREADY_EXISTS: 'Ein Datensatz mit diesen Werten existiert bereits.',
  ECRF_ERR_MAINZELLISTE_400: 'Die Mainzelliste hat die Eingabe als ungültig abgelehnt.',
  ECRF_ERR_MAINZELLISTE_401: 'Die Anmeldung bei der Mainzelliste ist fehlgeschlagen.',
  ECRF_ERR_MAINZELLISTE_404: 'Die Mainzelliste antwortet nicht.',
  ECRF_ERR_MAINZELLISTE_409: 'Die Mainzelliste hat eine mögliche Übereinstimmung gefunden.',
  ECRF_ERR_MAINZELLISTE_500: 'In der Mainzelliste ist ein interner Fehler aufgetreten.',
  ECRF_ERR_DRAINING: 'Der Dienst wird gerade neu gestartet. Bitte versuchen Sie es erneut.',
} as const;
