import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUESTIONNAIRE_MESSAGES,
  questionnaireAnswerErrors,
  questionnaireDefinitionErrors,
  scoreQuestionnaire,
  scoreRange,
  unansweredItems,
  type QuestionnaireAnswer,
  type QuestionnaireDefinition,
} from './questionnaire.js';

/** The structure and published scoring of the PHQ-9 (Kroenke et al. 2001; PHQ-D, Löwe et al. 2002); texts shortened. */
const phq9: QuestionnaireDefinition = {
  identifier: 'phq-9',
  version: 'test',
  title: 'PHQ-9',
  shortTitle: 'PHQ-9',
  language: 'de',
  instruction: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
  citation: '',
  answerSets: {
    frequency: [
      { code: '0', text: 'Überhaupt nicht', value: 0 },
      { code: '1', text: 'An einzelnen Tagen', value: 1 },
      { code: '2', text: 'An mehr als der Hälfte der Tage', value: 2 },
      { code: '3', text: 'Beinahe jeden Tag', value: 3 },
    ],
    difficulty: [
      { code: '0', text: 'Überhaupt nicht erschwert', value: 0 },
      { code: '3', text: 'Sehr stark erschwert', value: 3 },
    ],
  },
  items: [
    ...Array.from({ length: 9 }, (_, i) => ({
      id: `phq9_0${i + 1}`,
      number: String(i + 1),
      text: `Frage ${i + 1}`,
      answerSet: 'frequency',
      required: true,
    })),
    { id: 'phq9_difficulty', number: '10', text: 'Erschwert?', answerSet: 'difficulty', required: false },
  ],
  scoring: {
    method: 'sum',
    items: Array.from({ length: 9 }, (_, i) => `phq9_0${i + 1}`),
    bands: [
      { code: 'minimal', label: 'Minimal', min: 0, max: 4 },
      { code: 'mild', label: 'Leicht', min: 5, max: 9 },
      { code: 'moderate', label: 'Mittelgradig', min: 10, max: 14 },
      { code: 'moderately_severe', label: 'Mittelgradig bis schwer', min: 15, max: 19 },
      { code: 'severe', label: 'Schwer', min: 20, max: 27 },
    ],
    flags: [{ code: 'suicidal_thoughts', label: 'Suizidgedanken', item: 'phq9_09', minValue: 1 }],
  },
};

const answersOf = (values: readonly number[]): QuestionnaireAnswer[] =>
  values.map((value, i) => ({ itemId: `phq9_0${i + 1}`, code: String(value) }));

describe('PHQ-9 scoring', () => {
  it('sums the nine items to 0–27', () => {
    expect(scoreRange(phq9)).toEqual({ min: 0, max: 27 });
    expect(scoreQuestionnaire(phq9, answersOf([0, 0, 0, 0, 0, 0, 0, 0, 0])).total).toBe(0);
    expect(scoreQuestionnaire(phq9, answersOf([3, 3, 3, 3, 3, 3, 3, 3, 3])).total).toBe(27);
    expect(scoreQuestionnaire(phq9, answersOf([1, 2, 0, 3, 1, 0, 2, 1, 0])).total).toBe(10);
  });

  it.each([
    [[1, 1, 1, 1, 0, 0, 0, 0, 0], 4, 'minimal'],
    [[1, 1, 1, 1, 1, 0, 0, 0, 0], 5, 'mild'],
    [[3, 3, 3, 0, 0, 0, 0, 0, 0], 9, 'mild'],
    [[3, 3, 3, 1, 0, 0, 0, 0, 0], 10, 'moderate'],
    [[3, 3, 3, 3, 2, 0, 0, 0, 0], 14, 'moderate'],
    [[3, 3, 3, 3, 3, 0, 0, 0, 0], 15, 'moderately_severe'],
    [[3, 3, 3, 3, 3, 3, 1, 0, 0], 19, 'moderately_severe'],
    [[3, 3, 3, 3, 3, 3, 2, 0, 0], 20, 'severe'],
  ])('reads %j (total %i) as %s', (values, total, band) => {
    const score = scoreQuestionnaire(phq9, answersOf(values));
    expect(score.total).toBe(total);
    expect(score.band.code).toBe(band);
  });

  it('flags item 9 above 0 for clinical attention, whatever the total', () => {
    expect(scoreQuestionnaire(phq9, answersOf([0, 0, 0, 0, 0, 0, 0, 0, 1])).flags).toEqual([
      { code: 'suicidal_thoughts', label: 'Suizidgedanken' },
    ]);
    expect(scoreQuestionnaire(phq9, answersOf([3, 3, 3, 3, 3, 3, 3, 3, 0])).flags).toEqual([]);
  });

  it('leaves the optional functional question out of the total', () => {
    const answers = [...answersOf([1, 1, 1, 1, 1, 1, 1, 1, 1]), { itemId: 'phq9_difficulty', code: '3' }];
    expect(questionnaireAnswerErrors(phq9, answers)).toEqual([]);
    expect(scoreQuestionnaire(phq9, answers).total).toBe(9);
  });

  const nineValues = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 });

  it('holds every total in 0–27 and in exactly the band that contains it', () => {
    fc.assert(
      fc.property(nineValues, (values) => {
        const score = scoreQuestionnaire(phq9, answersOf(values));
        expect(score.total).toBe(values.reduce((a, b) => a + b, 0));
        const holding = phq9.scoring.bands.filter((b) => score.total >= b.min && score.total <= b.max);
        expect(holding.map((b) => b.code)).toEqual([score.band.code]);
      }),
    );
  });

  it('never lowers total or band when an answer rises, and flags exactly when item 9 is above 0', () => {
    const order = phq9.scoring.bands.map((b) => b.code);
    fc.assert(
      fc.property(nineValues, fc.integer({ min: 0, max: 8 }), (values, index) => {
        const raised = values.map((v, i) => (i === index ? Math.min(3, v + 1) : v));
        const before = scoreQuestionnaire(phq9, answersOf(values));
        const after = scoreQuestionnaire(phq9, answersOf(raised));
        expect(after.total).toBeGreaterThanOrEqual(before.total);
        expect(order.indexOf(after.band.code)).toBeGreaterThanOrEqual(order.indexOf(before.band.code));
        expect(after.flags.length > 0).toBe((raised[8] ?? 0) > 0);
      }),
    );
  });
});

describe('questionnaire answers', () => {
  it('asks for every required item by its number, in the order of the form', () => {
    const answers = answersOf([0, 1, 2, 3, 0, 1]).filter((a) => a.itemId !== 'phq9_02');
    expect(unansweredItems(phq9.items, answers).map((i) => i.number)).toEqual(['2', '7', '8', '9']);
    expect(questionnaireAnswerErrors(phq9, answers).map((e) => e.message)).toEqual(
      ['2', '7', '8', '9'].map((n) => QUESTIONNAIRE_MESSAGES.unanswered(n)),
    );
  });

  it('refuses unknown items and options and an item answered twice', () => {
    const answers = [
      ...answersOf([0, 0, 0, 0, 0, 0, 0, 0, 0]),
      { itemId: 'phq9_01', code: '1' },
      { itemId: 'phq9_difficulty', code: '2' },
      { itemId: 'other', code: '0' },
    ];
    expect(questionnaireAnswerErrors(phq9, answers)).toEqual([
      { itemId: 'phq9_01', message: QUESTIONNAIRE_MESSAGES.duplicate('1') },
      { itemId: 'phq9_difficulty', message: QUESTIONNAIRE_MESSAGES.unknownOption('10') },
      { itemId: 'other', message: QUESTIONNAIRE_MESSAGES.unknownItem('other') },
    ]);
  });
});

describe('questionnaire definitions', () => {
  it('accepts the PHQ-9 structure', () => {
    expect(questionnaireDefinitionErrors(phq9)).toEqual([]);
  });

  it('refuses bands with a gap, an overlap or a wrong end', () => {
    const withBands = (bands: QuestionnaireDefinition['scoring']['bands']) => ({ ...phq9, scoring: { ...phq9.scoring, bands } });
    expect(
      questionnaireDefinitionErrors(
        withBands([
          { code: 'a', label: 'A', min: 0, max: 4 },
          { code: 'b', label: 'B', min: 6, max: 27 },
        ]),
      ),
    ).toEqual(['band b starts at 6, expected 5 (bands must not overlap or leave gaps)']);
    expect(
      questionnaireDefinitionErrors(
        withBands([
          { code: 'a', label: 'A', min: 0, max: 5 },
          { code: 'b', label: 'B', min: 5, max: 26 },
        ]),
      ),
    ).toEqual(['band b starts at 5, expected 6 (bands must not overlap or leave gaps)', 'the bands end at 26, the highest total is 27']);
  });

  it('refuses a scored item that is optional or unknown and a flag on an unknown item', () => {
    const broken: QuestionnaireDefinition = {
      ...phq9,
      scoring: {
        ...phq9.scoring,
        items: [...phq9.scoring.items, 'phq9_difficulty', 'nope'],
        flags: [{ code: 'x', label: 'X', item: 'missing', minValue: 1 }],
      },
    };
    expect(questionnaireDefinitionErrors(broken)).toEqual([
      'scored item phq9_difficulty must be required, or the total would be incomplete',
      'scored item nope is not an item',
      'flag x names the unknown item missing',
    ]);
  });
});
