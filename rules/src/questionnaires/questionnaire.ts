/**
 * Patient-reported questionnaires (ecrf-calls.md §1, §7 "Questionnaire system", called SynQuest in the contract):
 * the definition a data file holds (docs/backend.md "Questionnaires"), its checks, the checks of a patient's
 * answers and the published scoring. Scoring is a sum of the option values of the scored items, read against
 * the definition's bands (e.g. PHQ-9: 0–4 minimal … 20–27 severe) and flags (PHQ-9 item 9 above 0: clinical
 * attention). The backend scores with it on submission; the web checks completeness with it before sending.
 */

export type QuestionnaireOption = { code: string; text: string; value: number };

export type QuestionnaireItem = {
  /** Stable id, also the export's variable name (letters, digits, _). */
  id: string;
  /** As printed on the form ("1" … "9"). */
  number: string;
  text: string;
  /** Key into `answerSets`. */
  answerSet: string;
  required: boolean;
};

/** A range of totals and its name; the bands of a definition cover its score range without gaps. */
export type ScoreBand = { code: string; label: string; min: number; max: number };

/** Raised when the item's value is at least `minValue` (PHQ-9: item 9 ≥ 1). */
export type ScoreFlag = { code: string; label: string; item: string; minValue: number };

export type QuestionnaireScoring = { method: 'sum'; items: string[]; bands: ScoreBand[]; flags: ScoreFlag[] };

export type QuestionnaireDefinition = {
  identifier: string;
  version: string;
  title: string;
  shortTitle: string;
  language: string;
  /** The question every item answers (PHQ-9: 'Wie oft fühlten Sie sich …'). */
  instruction: string;
  /** Source and licence of the instrument, shown under the form. */
  citation: string;
  answerSets: Record<string, QuestionnaireOption[]>;
  items: QuestionnaireItem[];
  scoring: QuestionnaireScoring;
};

export type QuestionnaireAnswer = { itemId: string; code: string };

export type QuestionnaireScore = {
  total: number;
  min: number;
  max: number;
  band: Pick<ScoreBand, 'code' | 'label'>;
  flags: Pick<ScoreFlag, 'code' | 'label'>[];
};

/** German messages for answers that do not fit (shown to the patient or the staff member entering). */
export const QUESTIONNAIRE_MESSAGES = {
  unanswered: (number: string) => `Bitte beantworten Sie Frage ${number}.`,
  unknownItem: (id: string) => `Die Frage ${id} gehört nicht zu diesem Fragebogen.`,
  unknownOption: (number: string) => `Die Antwort zu Frage ${number} gehört nicht zu dieser Frage.`,
  duplicate: (number: string) => `Frage ${number} ist mehrfach beantwortet.`,
} as const;

const ITEM_ID = /^[a-z][a-z0-9_]*$/;
const IDENTIFIER = /^[a-z0-9][a-z0-9-]*$/;

/** The lowest and highest total the scored items allow. */
export function scoreRange(definition: QuestionnaireDefinition): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const itemId of definition.scoring.items) {
    const item = definition.items.find((i) => i.id === itemId);
    const values = (item ? (definition.answerSets[item.answerSet] ?? []) : []).map((o) => o.value);
    if (values.length === 0) continue;
    min += Math.min(...values);
    max += Math.max(...values);
  }
  return { min, max };
}

function bandErrors(definition: QuestionnaireDefinition): string[] {
  const { min, max } = scoreRange(definition);
  const bands = [...definition.scoring.bands].sort((a, b) => a.min - b.min);
  const errors: string[] = [];
  if (bands.length === 0) return ['the scoring needs at least one band'];
  let next = min;
  for (const band of bands) {
    if (band.min > band.max) errors.push(`band ${band.code} ends before it starts`);
    if (band.min !== next) errors.push(`band ${band.code} starts at ${band.min}, expected ${next} (bands must not overlap or leave gaps)`);
    next = band.max + 1;
  }
  if (next - 1 !== max) errors.push(`the bands end at ${next - 1}, the highest total is ${max}`);
  if (new Set(bands.map((b) => b.code)).size !== bands.length) errors.push('band codes must be unique');
  return errors;
}

/** Why a definition cannot be loaded (English: authoring errors of the data file, not user messages). */
export function questionnaireDefinitionErrors(definition: QuestionnaireDefinition): string[] {
  const errors: string[] = [];
  if (!IDENTIFIER.test(definition.identifier)) errors.push('the identifier must be lower-case letters, digits and hyphens');
  for (const [name, options] of Object.entries(definition.answerSets)) {
    if (options.length === 0) errors.push(`answer set ${name} has no options`);
    if (new Set(options.map((o) => o.code)).size !== options.length) errors.push(`answer set ${name} repeats an option code`);
    if (options.some((o) => !Number.isInteger(o.value))) errors.push(`answer set ${name} has a value that is not an integer`);
  }
  const ids = new Set<string>();
  for (const item of definition.items) {
    if (!ITEM_ID.test(item.id)) errors.push(`item id ${item.id} must be lower-case letters, digits and _`);
    if (ids.has(item.id)) errors.push(`item ${item.id} appears twice`);
    ids.add(item.id);
    if (!definition.answerSets[item.answerSet]) errors.push(`item ${item.id} names the unknown answer set ${item.answerSet}`);
  }
  if (definition.items.length === 0) errors.push('a questionnaire needs at least one item');
  const scored = new Set(definition.scoring.items);
  if (scored.size !== definition.scoring.items.length) errors.push('a scored item is listed twice');
  for (const id of scored) {
    const item = definition.items.find((i) => i.id === id);
    if (!item) errors.push(`scored item ${id} is not an item`);
    else if (!item.required) errors.push(`scored item ${id} must be required, or the total would be incomplete`);
  }
  for (const flag of definition.scoring.flags) {
    if (!ids.has(flag.item)) errors.push(`flag ${flag.code} names the unknown item ${flag.item}`);
  }
  return errors.length > 0 ? errors : bandErrors(definition);
}

/** The required items the answers leave open, in the order of the form (the web asks for them before sending). */
export function unansweredItems<I extends Pick<QuestionnaireItem, 'id' | 'required'>>(
  items: readonly I[],
  answers: readonly Pick<QuestionnaireAnswer, 'itemId'>[],
): I[] {
  const answered = new Set(answers.map((a) => a.itemId));
  return items.filter((item) => item.required && !answered.has(item.id));
}

/** Problems of the answers, each at its item (`itemId`, null when the item is unknown). */
export function questionnaireAnswerErrors(
  definition: QuestionnaireDefinition,
  answers: readonly QuestionnaireAnswer[],
): { itemId: string; message: string }[] {
  const errors: { itemId: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const answer of answers) {
    const item = definition.items.find((i) => i.id === answer.itemId);
    if (!item) {
      errors.push({ itemId: answer.itemId, message: QUESTIONNAIRE_MESSAGES.unknownItem(answer.itemId) });
      continue;
    }
    if (seen.has(item.id)) errors.push({ itemId: item.id, message: QUESTIONNAIRE_MESSAGES.duplicate(item.number) });
    seen.add(item.id);
    if (!(definition.answerSets[item.answerSet] ?? []).some((o) => o.code === answer.code)) {
      errors.push({ itemId: item.id, message: QUESTIONNAIRE_MESSAGES.unknownOption(item.number) });
    }
  }
  for (const item of unansweredItems(definition.items, answers)) {
    errors.push({ itemId: item.id, message: QUESTIONNAIRE_MESSAGES.unanswered(item.number) });
  }
  return errors;
}

/** The value of an item's answer; null when unanswered. */
export function answerValue(definition: QuestionnaireDefinition, answers: readonly QuestionnaireAnswer[], itemId: string): number | null {
  const item = definition.items.find((i) => i.id === itemId);
  const answer = answers.find((a) => a.itemId === itemId);
  if (!item || !answer) return null;
  return (definition.answerSets[item.answerSet] ?? []).find((o) => o.code === answer.code)?.value ?? null;
}

/** Scores answers that `questionnaireAnswerErrors` accepted: the sum, its band and the raised flags. */
export function scoreQuestionnaire(definition: QuestionnaireDefinition, answers: readonly QuestionnaireAnswer[]): QuestionnaireScore {
  const total = definition.scoring.items.reduce((sum, id) => sum + (answerValue(definition, answers, id) ?? 0), 0);
  const band = definition.scoring.bands.find((b) => total >= b.min && total <= b.max);
  if (!band) throw new Error(`no band of ${definition.identifier} holds the total ${total}`);
  const flags = definition.scoring.flags
    .filter((flag) => (answerValue(definition, answers, flag.item) ?? -Infinity) >= flag.minValue)
    .map(({ code, label }) => ({ code, label }));
  return { total, ...scoreRange(definition), band: { code: band.code, label: band.label }, flags };
}
