/**
 * The case process of the nNGM registry (ecrf-core.md §3 "Case process step", §4): the steps a case goes
 * through, each with the main states it can be in and the sub states that can be ticked, and the two
 * derived steps §4 names. The spec lists the step fields but not the steps; this catalogue is ours
 * (docs/decisions.md "Case process steps"). Identifiers are English snake_case; the web owns the labels.
 */

export type CaseProcessStepDefinition = {
  identifier: string;
  /** Stored on each step as its `order`; steps are 10 apart so a step can be inserted without renumbering. */
  order: number;
  /** Main states (`mainStateIdentifier`); a step with one counts as filled. */
  mainStates: readonly string[];
  /** Sub states (`subStates`) that can be ticked alongside the main state. */
  subStates: readonly string[];
};

/** The nNGM case: inclusion at a network partner, diagnostics at the centre, board, therapy, follow-up. */
export const NNGM_CASE_PROCESS: readonly CaseProcessStepDefinition[] = [
  {
    identifier: 'inclusion',
    order: 10,
    mainStates: ['consent_given', 'consent_refused', 'not_eligible'],
    subStates: ['patient_informed', 'consent_form_received', 'diagnosis_confirmed'],
  },
  {
    identifier: 'sample_receipt',
    order: 20,
    mainStates: ['received', 'not_received', 'insufficient_material'],
    subStates: ['sample_requested', 'tissue_sample', 'liquid_biopsy', 'pathology_report_received'],
  },
  {
    identifier: 'molecular_diagnostics',
    order: 30,
    mainStates: ['in_progress', 'completed', 'failed'],
    subStates: ['dna_ngs_panel', 'rna_ngs_panel', 'fish', 'immunohistochemistry'],
  },
  {
    identifier: 'findings_report',
    order: 40,
    mainStates: ['pending', 'issued', 'amended'],
    subStates: ['report_sent_to_partner', 'report_discussed_with_patient'],
  },
  {
    identifier: 'molecular_tumour_board',
    order: 50,
    mainStates: ['scheduled', 'discussed', 'not_required'],
    subStates: ['case_submitted', 'partner_attended', 'second_opinion_requested'],
  },
  {
    identifier: 'therapy_recommendation',
    order: 60,
    mainStates: ['recommended', 'no_targeted_option', 'pending'],
    subStates: ['targeted_therapy', 'immunotherapy', 'chemotherapy', 'clinical_trial', 'best_supportive_care'],
  },
  {
    identifier: 'follow_up',
    order: 70,
    mainStates: ['ongoing', 'completed', 'lost_to_follow_up', 'deceased'],
    subStates: ['therapy_started', 'response_assessed', 'progression_documented'],
  },
];

export function caseProcessStepDefinition(identifier: string): CaseProcessStepDefinition | undefined {
  return NNGM_CASE_PROCESS.find((step) => step.identifier === identifier);
}

/** What §4 reads of a stored step. */
export type CaseProcessStepLike = {
  state: 'complete' | 'incomplete' | 'stop';
  order: number;
  mainStateIdentifier: string | null;
};

export type CaseProcessSummary<S extends CaseProcessStepLike> = {
  steps: S[];
  /** The first step in state stop by order. */
  stoppingStep: S | null;
  /** The highest-order step that has a main state (an empty identifier is none). */
  latestFilledStep: S | null;
};

/** ecrf-core.md §4: the steps by order with the stopping step and the latest filled step. */
export function caseProcessSummary<S extends CaseProcessStepLike>(steps: readonly S[]): CaseProcessSummary<S> {
  const byOrder = [...steps].sort((a, b) => a.order - b.order);
  const filled = byOrder.filter((step) => (step.mainStateIdentifier ?? '') !== '');
  return { steps: byOrder, stoppingStep: byOrder.find((step) => step.state === 'stop') ?? null, latestFilledStep: filled.at(-1) ?? null };
}
