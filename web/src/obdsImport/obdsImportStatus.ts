import { texts } from '../texts';

type Import = { status: string; patientsDone: number; patientCount: number };

/** An import's status as the list shows it: the progress while it runs („120 von 500 Patienten“). */
export function statusText({ status, patientsDone, patientCount }: Import): string {
  const t = texts.obdsImport;
  if (status === 'RUNNING' || status === 'QUEUED') return t.running(patientsDone, patientCount);
  return t.statuses[status] ?? status;
}
