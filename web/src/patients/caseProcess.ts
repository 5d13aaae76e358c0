import { texts } from '../texts';

/** German label of a case process identifier (step, main state or sub state); the identifier when unknown. */
export function caseProcessLabel(identifier: string): string {
  return texts.caseProcess.labels[identifier] ?? identifier;
}

type Step = { readonly definitionIdentifier: string } | null | undefined;

/** Where the case process stands: stopped at a step, else the latest filled step, else nothing yet (ecrf-core.md §4). */
export function caseProcessSummary(stoppingStep: Step, latestFilledStep: Step): string {
  if (stoppingStep) return texts.caseProcess.summaryStopped(caseProcessLabel(stoppingStep.definitionIdentifier));
  if (latestFilledStep) return texts.caseProcess.summaryLatest(caseProcessLabel(latestFilledStep.definitionIdentifier));
  return texts.caseProcess.summaryEmpty;
}
