import { describe, expect, it } from 'vitest';
import { decomposeFirstName, decomposeLastName } from './decompose.js';
import { dice } from './dice.js';
import { normalizeInteger, normalizeString } from './normalize.js';
import { koelnerPhonetik } from './phonetic.js';

describe('normalizeString (mainzelliste-api.md §1 StringNormalizer)', () => {
  it.each([
    ['  Müller ', 'MUELLER'],
    ['Weiß', 'WEISS'],
    ['Öztürk', 'OEZTUERK'],
    ['Ärzte', 'AERZTE'],
    ['-Anna Maria.', 'ANNA MARIA'],
    ['José', 'JOSE'],
    ['Mu\u0308ller', 'MUELLER'],
    ['Hans   Peter', 'HANS PETER'],
  ])('%j → %j', (input, expected) => expect(normalizeString(input)).toBe(expected));

  it('treats integers as numbers', () => {
    expect(normalizeInteger('01')).toBe('1');
    expect(normalizeInteger('1')).toBe('1');
    expect(normalizeInteger('01067')).toBe('1067');
  });
});

describe('name decomposition', () => {
  it('splits first names into three parts', () => {
    expect(decomposeFirstName('ANNA-MARIA')).toEqual(['ANNA', 'MARIA', '']);
    expect(decomposeFirstName('HANS PETER KARL OTTO')).toEqual(['HANS', 'PETER', 'KARL OTTO']);
    expect(decomposeFirstName('')).toEqual(['', '', '']);
  });

  it('moves particles of last names into the last part', () => {
    expect(decomposeLastName('VON GOETHE')).toEqual(['GOETHE', '', 'VON']);
    expect(decomposeLastName('MUELLER-LUEDENSCHEIDT')).toEqual(['MUELLER', 'LUEDENSCHEIDT', '']);
    expect(decomposeLastName('FREIHERR VON UND ZU GUTTENBERG')).toEqual(['FREIHERR', 'GUTTENBERG', 'VON UND ZU']);
    expect(decomposeLastName('LE')).toEqual(['LE', '', '']);
  });
});

describe('bigram Dice with one space of padding (mainzelliste-api.md §1 NGramComparator)', () => {
  it('computes the padded coefficient', () => {
    expect(dice('MEIER', 'MEIER')).toBe(1);
    // ' M','ME','EI','IE','ER','R ' vs ' M','ME','EY','YE','ER','R ': 4 shared of 6 + 6.
    expect(dice('MEIER', 'MEYER')).toBeCloseTo(8 / 12, 10);
    // The padding makes single letters comparable: ' A','A ' vs ' B','B '.
    expect(dice('A', 'B')).toBe(0);
    expect(dice('AB', 'BA')).toBe(0);
  });

  it('counts repeated bigrams as a multiset', () => {
    // ' A','AA','AA','A ' vs ' A','AA','A ': 3 shared of 4 + 3.
    expect(dice('AAA', 'AA')).toBeCloseTo(6 / 7, 10);
  });
});

describe('Kölner Phonetik', () => {
  it.each([
    ['WIKIPEDIA', '3412'],
    ['MUELLERLUEDENSCHEIDT', '65752682'],
    ['BRESCHNEW', '17863'],
    ['MEIER', '67'],
    ['MEYER', '67'],
    ['MAYR', '67'],
    ['SCHMIDT', '862'],
    ['SCHMITT', '862'],
    ['CHRISTINE', '47826'],
    ['CAESAR', '487'],
    ['AXEL', '0485'],
    ['ERIKA', '074'],
  ])('%s → %s', (name, code) => expect(koelnerPhonetik(name)).toBe(code));
});
