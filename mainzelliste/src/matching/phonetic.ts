/**
 * Kölner Phonetik (Hans Joachim Postel, 1969): a phonetic code made for German names, used here for
 * blocking (mainzelliste-api.md §1 "Blocking" names only English Soundex, which groups German spellings
 * worse: Meier/Meyer/Mayr → 67, Schmidt/Schmitt/Schmid → 862). Input is a normalised name (A–Z, spaces);
 * other characters are skipped. Written here because the npm implementations are little used.
 */

const VOWELS = new Set('AEIJOUY');
const C_HARD_AT_START = new Set('AHKLOQRUX');
const C_HARD_INSIDE = new Set('AHKOQUX');

function codeOf(letter: string, previous: string, next: string, atStart: boolean): string {
  if (VOWELS.has(letter)) return '0';
  switch (letter) {
    case 'H':
      return '';
    case 'B':
      return '1';
    case 'P':
      return next === 'H' ? '3' : '1';
    case 'D':
    case 'T':
      return 'CSZ'.includes(next) && next !== '' ? '8' : '2';
    case 'F':
    case 'V':
    case 'W':
      return '3';
    case 'G':
    case 'K':
    case 'Q':
      return '4';
    case 'C':
      if (atStart) return C_HARD_AT_START.has(next) ? '4' : '8';
      return C_HARD_INSIDE.has(next) && previous !== 'S' && previous !== 'Z' ? '4' : '8';
    case 'X':
      return previous !== '' && 'CKQ'.includes(previous) ? '8' : '48';
    case 'L':
      return '5';
    case 'M':
    case 'N':
      return '6';
    case 'R':
      return '7';
    case 'S':
    case 'Z':
      return '8';
    default:
      return '';
  }
}

export function koelnerPhonetik(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  let raw = '';
  for (let i = 0; i < letters.length; i += 1) {
    const letter = letters.charAt(i);
    raw += codeOf(letter, letters.charAt(i - 1), letters.charAt(i + 1), i === 0);
  }
  // Collapse runs of the same digit, then drop every 0 but a leading one.
  let collapsed = '';
  for (const digit of raw) if (collapsed.at(-1) !== digit) collapsed += digit;
  return collapsed.charAt(0) + collapsed.slice(1).replace(/0/g, '');
}
