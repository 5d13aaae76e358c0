import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoreQuestionnaire } from '@ecrf/rules';
import { describe, expect, it } from 'vitest';
import { readQuestionnaireFile, readQuestionnaireFiles, shippedQuestionnairesDir } from './questionnaire-files.js';

const phq9 = readQuestionnaireFile(join(shippedQuestionnairesDir, 'phq-9.json'));
const allAt = (value: number, item9 = value) => phq9.scoring.items.map((itemId, i) => ({ itemId, code: String(i === 8 ? item9 : value) }));

describe('the shipped PHQ-9 (PHQ-D, Löwe et al.)', () => {
  it('asks the nine items in German with the published answer options', () => {
    expect(phq9.instruction).toBe(
      'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
    );
    expect(phq9.answerSets.frequency).toEqual([
      { code: '0', text: 'Überhaupt nicht', value: 0 },
      { code: '1', text: 'An einzelnen Tagen', value: 1 },
      { code: '2', text: 'An mehr als der Hälfte der Tage', value: 2 },
      { code: '3', text: 'Beinahe jeden Tag', value: 3 },
    ]);
    const required = phq9.items.filter((item) => item.required);
    expect(required.map((item) => item.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(required[0]?.text).toBe('Wenig Interesse oder Freude an Ihren Tätigkeiten');
    expect(required[8]?.text).toBe('Gedanken, dass Sie lieber tot wären oder sich Leid zufügen möchten');
    const difficulty = phq9.items.find((item) => !item.required);
    expect(difficulty?.text).toMatch(/^Wenn eines oder mehrere dieser Probleme bei Ihnen vorliegen/);
    expect(phq9.answerSets[difficulty?.answerSet ?? '']?.map((o) => o.text)).toEqual([
      'Überhaupt nicht erschwert',
      'Etwas erschwert',
      'Relativ stark erschwert',
      'Sehr stark erschwert',
    ]);
  });

  it('scores 0–27 in the published bands and flags item 9 above 0', () => {
    expect(phq9.scoring.bands.map((b) => [b.code, b.min, b.max])).toEqual([
      ['minimal', 0, 4],
      ['mild', 5, 9],
      ['moderate', 10, 14],
      ['moderately_severe', 15, 19],
      ['severe', 20, 27],
    ]);
    expect(scoreQuestionnaire(phq9, allAt(0))).toMatchObject({ total: 0, min: 0, max: 27, band: { code: 'minimal' }, flags: [] });
    expect(scoreQuestionnaire(phq9, allAt(3))).toMatchObject({
      total: 27,
      band: { code: 'severe' },
      flags: [{ code: 'suicidal_thoughts' }],
    });
    expect(scoreQuestionnaire(phq9, allAt(0, 1)).flags.map((f) => f.code)).toEqual(['suicidal_thoughts']);
  });
});

describe('questionnaire files', () => {
  it('refuses a file that breaks the format or the scoring rules, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-questionnaires-'));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ ...phq9, scoring: { ...phq9.scoring, bands: phq9.scoring.bands.slice(1) } }));
    expect(() => readQuestionnaireFiles(dir)).toThrow(/^questionnaire file broken\.json: band mild starts at 5, expected 0/);
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ ...phq9, extra: true }));
    expect(() => readQuestionnaireFiles(dir)).toThrow(/^questionnaire file broken\.json: /);
  });

  it('refuses the same version twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-questionnaires-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(phq9));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(phq9));
    expect(() => readQuestionnaireFiles(dir)).toThrow('questionnaire files: phq-9 PHQ-D 2002 is defined twice');
  });
});
