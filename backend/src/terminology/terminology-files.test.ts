import { indexStudyDefinition } from '@ecrf/rules';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitionFile, shippedDefinitionsDir } from '../study-definitions/format/definition-file.js';
import { loadTerminologies } from './terminology-files.js';

const { compiled } = loadDefinitionFile(join(shippedDefinitionsDir, 'nngm-lung.definition.json'));
const fields = [...indexStudyDefinition(compiled.definition).fieldById.values()];
const collections = loadTerminologies();

describe('the shipped terminologies and the demo registry', () => {
  it('let the diagnosis form pick ICD-10-GM and the ICD-O-3 morphology code', () => {
    const picked = fields.filter((f) => f.definition?.terminology).map((f) => [f.identifier, f.definition?.terminology]);
    expect(picked).toEqual([
      ['icd10', 'icd-10-gm'],
      ['morphology_code', 'icd-o-3-morphology'],
    ]);
  });

  it('read as the diagnosis form labels its ICD-10 codes', () => {
    const document = JSON.parse(readFileSync(join(shippedDefinitionsDir, 'nngm-lung.definition.json'), 'utf8')) as {
      enumValueSets: Record<string, [string, string][]>;
    };
    const labels = [...(collections.get('icd-10-gm')?.codes ?? [])].map(({ code, display }) => [code, `${code} ${display}`]);
    expect(labels).toEqual(document.enumValueSets.icd10);
  });

  it('hold every code the demo definition enumerates for them', () => {
    const sets = new Map(compiled.definition.enumValueSets.map((set) => [set.identifier, set.values.map((v) => v.code)]));
    const codesOf = (collection: string) => [...(collections.get(collection)?.byCode.keys() ?? [])];
    expect(codesOf('icd-10-gm')).toEqual(sets.get('icd10'));
    expect(codesOf('icd-o-3-morphology')).toEqual(
      expect.arrayContaining(sets.get('histology')?.filter((code) => code !== 'other') ?? ['none']),
    );
  });
});
