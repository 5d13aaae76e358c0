/**
 * @ecrf/rules - the pure rule engine of the registry eCRF (ARCHITECTURE.md): study definition model,
 * constraint expressions, field, visit and instrument state, partial dates, validators, insurance
 * numbers, consents, DigiNet follow-up, role groups, the rights catalogue and the case process catalogue. No I/O; "today" is
 * always passed in.
 * Module map and decisions: docs/rules.md.
 */
export * from './validators/password.js';
export * from './validators/messages.js';
export * from './validators/field-validators.js';
export * from './validators/cron.js';
export * from './validators/patient-identity.js';
export * from './insurance/insurance-number.js';

export * from './definition/constraints.js';
export * from './definition/fields.js';
export * from './definition/study.js';
export * from './definition/instances.js';
export * from './definition/definition-index.js';
export * from './definition/fixed-identifiers.js';

export * from './constraints/context.js';
export * from './constraints/operands.js';
export * from './constraints/subject.js';
export * from './constraints/operators.js';
export * from './constraints/evaluate.js';
export * from './constraints/create-context.js';

export * from './fields/field-state.js';
export * from './fields/redirect-target.js';
export * from './fields/child-fields.js';
export * from './fields/network.js';
export * from './fields/field-paths.js';
export * from './fields/field-values.js';
export * from './instruments/form-walk.js';
export * from './instruments/instrument-state.js';
export * from './instruments/form-place.js';
export * from './instruments/form-normalize.js';
export * from './instruments/form-evaluation.js';
export * from './instruments/form-hints.js';
export * from './visits/visit-state.js';
export * from './visits/visit-availability.js';
export * from './visits/reason-for-change.js';

export * from './dates/partial-date.js';
export * from './dates/registry-day.js';
export * from './exports/export-dates.js';
export * from './exports/export-visibility.js';
export * from './exports/export-kinds.js';
export * from './consents/consents.js';
export * from './follow-up/execution-date.js';
export * from './follow-up/availability.js';
export * from './follow-up/query-restriction.js';
export * from './projects/project-assignment.js';
export * from './merge/study-patient-merge.js';
export * from './follow-up/calendar.js';
export * from './roles/role-groups.js';
export * from './rights/rights-catalogue.js';
export * from './rights/has-right.js';
export * from './case-process/case-process.js';
export * from './queries/data-query.js';
export * from './queries/data-query-target.js';
export * from './queries/refusal-messages.js';
export * from './elearning/elearning.js';
export * from './verification/verification-flag.js';
export * from './exports/export-definition.js';
export * from './exports/export-period.js';
export * from './exports/export-identifiers.js';
export * from './exports/consent-summary.js';
export * from './exports/reward.js';
export * from './onkozert/key-figure-rows.js';
export * from './safety/free-text.js';
export * from './safety/screening-configuration.js';
export * from './terminology/terminology-search.js';
export * from './news-documents/news-documents.js';
export * from './limits/text-limits.js';
export * from './questionnaires/questionnaire.js';
export * from './questionnaires/access-code.js';
export * from './questionnaires/attempt-limiter.js';
