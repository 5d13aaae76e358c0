/**
 * The gateway's user-facing messages, in German, in one catalogue (ARCHITECTURE.md "User-facing messages … one
 * catalogue per service"; issue 26 item 3): the refusals the graph writes itself, its file routes and uploads.
 */

/** Refusals the gateway itself writes; what the backend refuses arrives with the backend's German message. */
export const GATEWAY_MESSAGES = {
  studyPatientNotFound: 'Der Studienpatient existiert nicht oder ist für Sie nicht sichtbar.',
  locationNotFound: 'Der Standort existiert nicht oder ist für Sie nicht sichtbar.',
  studyDefinitionNotFound: 'Die Studiendefinition existiert nicht oder ist für Sie nicht sichtbar.',
  unknownStudyDefinition: 'Unbekannte Studiendefinition.',
  unknownId: 'Unbekannte Id',
  reasonRequired: 'Bitte geben Sie einen Änderungsgrund an.',
  decisionReasonRequired: 'Bitte geben Sie eine Begründung an.',
  possibleMatchClosed: 'Diese mögliche Dublette ist nicht mehr offen.',
  lockOrDateRequired: 'Bitte geben Sie eine Sperre oder ein Sperrdatum an.',
  fieldNotOfPatient: 'Das Feld gehört nicht zu diesem Patienten.',
  noFlagOfThisType: 'Kein Prüfvermerk dieser Art am Feld',
  noElearning: 'Für diese Studie gibt es kein E-Learning.',
  insuranceMismatch: 'Versichertennummer und weitere Patientendaten passen nicht zusammen.',
  persistedOperationRequired: 'Der Browser sendet gespeicherte Operationen (doc_id), keine Dokumente.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es erneut oder wenden Sie sich an den Support.',
  badRequest: 'Die Anfrage ist fehlerhaft.',
  uploadDocumentInvalid: 'Bitte wählen Sie ein gültiges Dokument.',
  uploadLocationInvalid: 'Bitte wählen Sie einen gültigen Standort.',
} as const;

export const FILE_MESSAGES = {
  expired: 'Der Download-Link ist abgelaufen oder ungültig. Bitte starten Sie den Download erneut.',
  forbidden: 'Sie haben keine Berechtigung, diese Datei herunterzuladen.',
  notFound: 'Die Datei wurde nicht gefunden. Sie ist möglicherweise abgelaufen oder wurde gelöscht.',
  failed: 'Die Datei konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
} as const;

export const UPLOAD_MESSAGES = {
  unauthenticated: 'Bitte melden Sie sich an.',
  multipart: 'Bitte senden Sie die Datei als multipart/form-data.',
  failed: 'Die Datei konnte nicht übertragen werden. Bitte versuchen Sie es später erneut.',
} as const;

export const QUESTIONNAIRE_ACCESS_MESSAGES = {
  invalid: 'Dieser Zugang ist nicht gültig: Er ist abgelaufen, wurde bereits verwendet oder ist falsch.',
  tooMany: 'Zu viele ungültige Zugangscodes. Bitte versuchen Sie es später erneut.',
  validDays: 'Ein Zugang ist 1 bis 30 Tage gültig.',
  unknown: 'Unbekannte Id',
} as const;
