/**
 * Why a query action is refused, in German (ecrf-calls.md §6 "Query restrictions"): the backend answers
 * these messages with its 403/409 and the web shows them beside the action the viewer may not take.
 */
import type { DataQueryRefusal } from './data-query.js';

export const DATA_QUERY_REFUSAL_MESSAGES: Record<DataQueryRefusal, string> = {
  right: 'Ihnen fehlt das Recht für diese Aktion.',
  role: 'Ihre Rolle darf diese Aktion bei diesem Query-Typ nicht ausführen.',
  location: 'Dieser Query gehört zu einem anderen Standort.',
  state: 'Im aktuellen Status des Queries ist diese Aktion nicht möglich.',
  followUpRestriction:
    'Seit dem 01.05.2025 dürfen nur Ärztinnen und Ärzte, Dokumentationsassistenz, Universaldokumentation, Datenmanagement, Case Management und Standortleitung Queries im Nachsorgeregister anlegen oder bearbeiten.',
};
