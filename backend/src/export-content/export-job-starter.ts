/** How other areas start an export job (the generic export's schedule): the job runner implements it. */
import type { ExportKind } from '@ecrf/rules';

export type StartExportJob = {
  kind: ExportKind;
  studyId: string;
  /** Validated parameters of the kind (the generic export: `{ definitionId }`). */
  parameters: Readonly<Record<string, unknown>>;
  /** The user the job runs for: their rights and locations decide what the file holds. */
  startedBy: string;
};

export type ExportJobStarter = { start(request: StartExportJob): Promise<{ id: string }> };
