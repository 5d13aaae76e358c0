/**
 * E-learning of a study definition (ecrf-calls.md §3, §7 "E-learning"): checking a definition, checking
 * a user's answers and scoring them. A question is answered correctly when exactly its correct options
 * are chosen; the attempt passes when at least `passThreshold` questions are correct.
 */

export type ElearningOption = { id: string; text: string };
export type ElearningQuestion = { id: string; text: string; options: ElearningOption[]; correctOptionIds: string[] };
export type ElearningDefinitionContent = { title: string; questions: ElearningQuestion[]; passThreshold: number };
export type ElearningAnswer = { questionId: string; optionIds: string[] };
export type ElearningScore = { correctCount: number; questionCount: number; passed: boolean };

/** German texts of the server's refusals (the web's own texts are in web/src/texts.ts). */
export const ELEARNING_MESSAGES = {
  required: 'Bitte absolvieren Sie zuerst das E-Learning dieser Studie. Erst danach können Sie in ihr dokumentieren.',
  unanswered: (n: number) => `Frage ${n} ist nicht beantwortet.`,
  unknownQuestion: (id: string) => `Die Frage ${id} gehört nicht zu diesem E-Learning.`,
  unknownOption: (n: number) => `Frage ${n} hat eine Antwort, die nicht zur Frage gehört.`,
  duplicate: (n: number) => `Frage ${n} ist mehrfach beantwortet.`,
} as const;

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** Why a definition cannot be stored (English: these are authoring errors, not user messages). */
export function elearningDefinitionErrors(definition: ElearningDefinitionContent): string[] {
  const errors: string[] = [];
  if (definition.questions.length === 0) errors.push('an e-learning needs at least one question');
  const questionIds = new Set<string>();
  for (const question of definition.questions) {
    if (questionIds.has(question.id)) errors.push(`question ${question.id} appears twice`);
    questionIds.add(question.id);
    const optionIds = new Set(question.options.map((o) => o.id));
    if (optionIds.size !== question.options.length) errors.push(`question ${question.id} repeats an option id`);
    if (question.correctOptionIds.length === 0) errors.push(`question ${question.id} has no correct option`);
    for (const id of question.correctOptionIds) {
      if (!optionIds.has(id)) errors.push(`question ${question.id}: correct option ${id} is not an option`);
    }
  }
  if (
    !Number.isInteger(definition.passThreshold) ||
    definition.passThreshold < 1 ||
    definition.passThreshold > definition.questions.length
  ) {
    errors.push('the pass threshold must lie between 1 and the number of questions');
  }
  return errors;
}

/** German messages for answers that do not fit the definition: every question once, options of that question. */
export function elearningAnswerErrors(questions: readonly ElearningQuestion[], answers: readonly ElearningAnswer[]): string[] {
  const errors: string[] = [];
  const numberOf = new Map(questions.map((q, i) => [q.id, i + 1]));
  const seen = new Set<string>();
  for (const answer of answers) {
    const n = numberOf.get(answer.questionId);
    if (n === undefined) {
      errors.push(ELEARNING_MESSAGES.unknownQuestion(answer.questionId));
      continue;
    }
    if (seen.has(answer.questionId)) errors.push(ELEARNING_MESSAGES.duplicate(n));
    seen.add(answer.questionId);
    const options = new Set(questions[n - 1]?.options.map((o) => o.id));
    if (answer.optionIds.some((id) => !options.has(id))) errors.push(ELEARNING_MESSAGES.unknownOption(n));
  }
  questions.forEach((q, i) => {
    const answer = answers.find((a) => a.questionId === q.id);
    if (!answer || answer.optionIds.length === 0) errors.push(ELEARNING_MESSAGES.unanswered(i + 1));
  });
  return errors;
}

/** Scores answers already checked by elearningAnswerErrors. */
export function scoreElearning(definition: Omit<ElearningDefinitionContent, 'title'>, answers: readonly ElearningAnswer[]): ElearningScore {
  const correctCount = definition.questions.filter((question) => {
    const answer = answers.find((a) => a.questionId === question.id);
    return answer !== undefined && sameSet(answer.optionIds, question.correctOptionIds);
  }).length;
  return { correctCount, questionCount: definition.questions.length, passed: correctCount >= definition.passThreshold };
}
