/**
 * Why a query action is refused, in German (ecrf-calls.md §6, §8): one text per reason of
 * `dataQueryDecision`, shared by the backend's 403 message and the web's explanation of a disabled action.
 */
import type { DataQueryRefusal } from './data-query.js';

export const DATA_QUERY_REFUSAL_MESSAGES: Readonly<Record<DataQueryRefusal, string>> = {
  right: 'Dafür fehlt Ihnen das Recht.',
  role: 'Ihre Rolle darf diese Aktion für diesen Query-Typ nicht ausführen.',
  location: 'Die Query gehört zu einem Standort, dem Sie nicht zugeordnet sind.',
  state: 'Im aktuellen Status der Query ist diese Aktion nicht möglich.',
  followUpRestriction:
    'Seit dem 01.05.2025 dürfen nur Ärzte, Dokumentationsassistenten, Universaldokumentare, Datenmanager, Fallmanager und Standortleiter Queries im Follow-up-Register anlegen oder ändern.',
};
