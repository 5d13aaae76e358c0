/**
 * Questionnaire definitions from files (docs/backend.md "Questionnaires"): every `*.json` of a directory is one
 * version of one questionnaire in the shape of `QuestionnaireDefinition` (@ecrf/rules). A file that is not valid
 * JSON, breaks the shape or fails `questionnaireDefinitionErrors` stops the start with the file and the problem.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { questionnaireDefinitionErrors, type QuestionnaireDefinition } from '@ecrf/rules';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/** backend/questionnaires: the shipped questionnaires, from src/ or dist/. */
export const shippedQuestionnairesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'questionnaires');

const Text = Type.String({ minLength: 1 });
const Option = Type.Object({ code: Text, text: Text, value: Type.Integer() }, { additionalProperties: false });
const Item = Type.Object(
  { id: Text, number: Text, text: Text, answerSet: Text, required: Type.Boolean() },
  { additionalProperties: false },
);
const Band = Type.Object({ code: Text, label: Text, min: Type.Integer(), max: Type.Integer() }, { additionalProperties: false });
const Flag = Type.Object({ code: Text, label: Text, item: Text, minValue: Type.Integer() }, { additionalProperties: false });

const QuestionnaireFile = Type.Object(
  {
    identifier: Text,
    version: Type.String({ minLength: 1, maxLength: 50 }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    shortTitle: Text,
    language: Text,
    instruction: Text,
    citation: Text,
    answerSets: Type.Record(Type.String(), Type.Array(Option)),
    items: Type.Array(Item),
    scoring: Type.Object(
      { method: Type.Literal('sum'), items: Type.Array(Text), bands: Type.Array(Band), flags: Type.Array(Flag) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

// The file's shape is the rules' definition; a drift between the two fails the type check here.
const sameShape: (file: Static<typeof QuestionnaireFile>) => QuestionnaireDefinition = (file) => file;

/** The definition a file holds, or an error naming the file and the problem. */
export function readQuestionnaireFile(file: string): QuestionnaireDefinition {
  const fail = (problem: string) => new Error(`questionnaire file ${basename(file)}: ${problem}`);
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(`not valid JSON: ${(error as Error).message}`);
  }
  const [problem] = Value.Errors(QuestionnaireFile, document);
  if (problem) throw fail(`${problem.instancePath || '(document)'} ${problem.message}`);
  const definition = sameShape(document as Static<typeof QuestionnaireFile>);
  const errors = questionnaireDefinitionErrors(definition);
  if (errors.length > 0) throw fail(errors.join('; '));
  return definition;
}

/** Every questionnaire file of the directory, by file name. */
export function readQuestionnaireFiles(dir: string = shippedQuestionnairesDir): QuestionnaireDefinition[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const definitions = files.map((name) => readQuestionnaireFile(join(dir, name)));
  const keys = definitions.map((d) => `${d.identifier} ${d.version}`);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw new Error(`questionnaire files: ${twice} is defined twice`);
  return definitions;
}
