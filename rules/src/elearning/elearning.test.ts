import { describe, expect, it } from 'vitest';
import { elearningAnswerErrors, elearningDefinitionErrors, scoreElearning, type ElearningQuestion } from './elearning.js';

const questions: ElearningQuestion[] = [
  {
    id: 'q1',
    text: 'Eins?',
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
    ],
    correctOptionIds: ['a'],
  },
  {
    id: 'q2',
    text: 'Zwei?',
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
      { id: 'c', text: 'C' },
    ],
    correctOptionIds: ['a', 'c'],
  },
  {
    id: 'q3',
    text: 'Drei?',
    options: [
      { id: 'x', text: 'X' },
      { id: 'y', text: 'Y' },
    ],
    correctOptionIds: ['y'],
  },
];
const definition = { title: 'Test', questions, passThreshold: 2 };

describe('scoreElearning', () => {
  it('passes at the threshold and counts a question correct only with exactly its correct options', () => {
    const answers = [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q2', optionIds: ['c', 'a'] },
      { questionId: 'q3', optionIds: ['x'] },
    ];
    expect(scoreElearning(definition, answers)).toEqual({ correctCount: 2, questionCount: 3, passed: true });
  });

  it('fails below the threshold; a partly right or over-complete choice is wrong', () => {
    const answers = [
      { questionId: 'q1', optionIds: ['a', 'b'] },
      { questionId: 'q2', optionIds: ['a'] },
      { questionId: 'q3', optionIds: ['y'] },
    ];
    expect(scoreElearning(definition, answers)).toEqual({ correctCount: 1, questionCount: 3, passed: false });
  });
});

describe('elearningAnswerErrors', () => {
  it('accepts one answer per question with its own options', () => {
    const answers = questions.map((q) => ({ questionId: q.id, optionIds: [q.options[0]?.id ?? ''] }));
    expect(elearningAnswerErrors(questions, answers)).toEqual([]);
  });

  it('names unanswered, repeated, foreign questions and foreign options in German', () => {
    const errors = elearningAnswerErrors(questions, [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q1', optionIds: ['b'] },
      { questionId: 'q2', optionIds: ['x'] },
      { questionId: 'q9', optionIds: ['a'] },
    ]);
    expect(errors).toEqual([
      'Frage 1 ist mehrfach beantwortet.',
      'Frage 2 hat eine Antwort, die nicht zur Frage gehört.',
      'Die Frage q9 gehört nicht zu diesem E-Learning.',
      'Frage 3 ist nicht beantwortet.',
    ]);
  });

  it('counts an empty choice as unanswered', () => {
    const answers = [
      { questionId: 'q1', optionIds: [] },
      { questionId: 'q2', optionIds: ['a'] },
      { questionId: 'q3', optionIds: ['x'] },
    ];
    expect(elearningAnswerErrors(questions, answers)).toEqual(['Frage 1 ist nicht beantwortet.']);
  });
});

describe('elearningDefinitionErrors', () => {
  it('accepts a consistent definition', () => {
    expect(elearningDefinitionErrors(definition)).toEqual([]);
  });

  it('refuses a threshold above the question count and correct options that are no options', () => {
    const broken = {
      title: 'x',
      passThreshold: 4,
      questions: [{ id: 'q1', text: '?', options: [{ id: 'a', text: 'A' }], correctOptionIds: ['z'] }],
    };
    expect(elearningDefinitionErrors(broken)).toEqual([
      'question q1: correct option z is not an option',
      'the pass threshold must lie between 1 and the number of questions',
    ]);
  });
});
