import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, commonPasswordError } from './common-passwords.js';

describe('commonPasswordError (issue 15)', () => {
  it.each(['Passwort123!', 'Sommer2024!', 'Hallo123', 'Abc12345', 'Passwort1', 'Geheim1', 'Password1!', 'Fussball1'])(
    'refuses the common password %s in German',
    (password) => {
      expect(commonPasswordError(password)).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  it.each(['Demo-Passwort1', 'Test-Passwort1', 'Neues-Passwort2', 'Start-Passwort1', 'Graph-Pw1', 'Kx9!mPq2vL'])(
    'accepts %s (the demo and test passwords among them)',
    (password) => {
      expect(commonPasswordError(password)).toBeNull();
    },
  );
});
