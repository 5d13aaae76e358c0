/**
 * The longest free texts the server takes, in one place (issue 26): the backend's request schemas and checks and the
 * pseudonymisation service refuse longer ones, and the web gives each input the same `maxLength`, so the limit is met
 * while typing rather than by a refused save. The backend's schemas keep their own numbers; its test
 * `text-limits.test.ts` holds each to the constant here.
 */
import { EXPORT_DEFINITION_DESCRIPTION_MAX, EXPORT_DEFINITION_NAME_MAX } from '../exports/export-definition.js';
import { NEWS_DOCUMENT_LIMITS } from '../news-documents/news-documents.js';

export const TEXT_LIMITS = {
  /** "Grund der Änderung" of a save, a deleted visit or patient, an identity change, a decision on a possible match. */
  reasonForChange: 2000,
  /** A query's and a query template's title (also the table's CHECK). */
  queryTitle: 200,
  /** A query's question, an answer, a comment of an action (also the table's CHECK). */
  queryText: 4000,
  /** What a signature means. */
  signatureMeaning: 500,
  /** The note of a project assignment. */
  projectNote: 1000,
  /** Every identifying field the pseudonymisation service keeps (names, address, city, insurance number). */
  identityField: 200,
  newsDocumentIdentifier: NEWS_DOCUMENT_LIMITS.identifier,
  newsDocumentTitle: NEWS_DOCUMENT_LIMITS.title,
  newsDocumentDescription: NEWS_DOCUMENT_LIMITS.description,
  exportDefinitionName: EXPORT_DEFINITION_NAME_MAX,
  exportDefinitionDescription: EXPORT_DEFINITION_DESCRIPTION_MAX,
  /** The schedule (cron) of a generic export. */
  exportSchedule: 200,
  /** The e-mail address a password recovery is asked for. */
  emailAddress: 320,
  /** A questionnaire's access code, typed on the public page. */
  accessCode: 64,
  /** The search of the patient list. */
  patientSearch: 100,
  /** The searches of the query overview, the user administration and the terminology pickers. */
  search: 200,
} as const;

export type TextLimit = keyof typeof TEXT_LIMITS;
