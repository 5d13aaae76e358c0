/**
 * Password rules.
 * - Account password change (ecrf-core.md §5): at least 6 characters, one uppercase letter, one lowercase
 *   letter, one digit; old and new differ; repeat equals new unless the new password is shown in clear.
 * - Administrator-set passwords (ecrf-calls.md §5, user administration validator): the same plus one
 *   special character from `!§$%&/()=.,;:-`.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_SPECIAL_CHARACTERS = '!§$%&/()=.,;:-';

export const passwordMessages = {
  required: 'Wird Benötigt.',
  minLength: 'Mindestens 6 Zeichen',
  uppercase: 'Mindestens 1 Großbuchstaben',
  lowercase: 'Mindestens 1 Kleinbuchstabe',
  digit: 'Mindestens eine Zahl',
  // ecrf-calls.md §5 names the rule but not its message; worded like its siblings (docs/decisions.md).
  special: 'Mindestens 1 Sonderzeichen (!§$%&/()=.,;:-)',
  mustDiffer: 'Das alte und neue Passwort muss unterschiedlich sein',
  mustMatch: 'Neue Passwörter müssen gleich sein',
} as const;

/** `account`: a user's own password (core §5); `administrator`: set by an administrator (calls §5). */
export type PasswordPolicy = 'account' | 'administrator';

type StrengthRule = { test: (password: string) => boolean; message: string };

const accountRules: readonly StrengthRule[] = [
  { test: (p) => [...p].length >= PASSWORD_MIN_LENGTH, message: passwordMessages.minLength },
  { test: (p) => /\p{Lu}/u.test(p), message: passwordMessages.uppercase },
  { test: (p) => /\p{Ll}/u.test(p), message: passwordMessages.lowercase },
  { test: (p) => /\p{Nd}/u.test(p), message: passwordMessages.digit },
];

const administratorRules: readonly StrengthRule[] = [
  ...accountRules,
  { test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)), message: passwordMessages.special },
];

/** The messages of every strength rule the password breaks, in the order of the spec; empty when it is strong enough. */
export function passwordStrengthErrors(password: string, policy: PasswordPolicy = 'account'): string[] {
  const rules = policy === 'administrator' ? administratorRules : accountRules;
  return rules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** The administrator policy as data, for GET password and for clients that explain it. */
export const administratorPasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  specialCharacters: PASSWORD_SPECIAL_CHARACTERS,
  rules: administratorRules.map((rule) => rule.message),
} as const;

/** Length of generated passwords: twice the minimum, so they stay strong if the minimum rises a little. */
export const GENERATED_PASSWORD_LENGTH = 12;

// Letters and digits that are easy to misread when a password is passed on by phone or on paper are left out.
const generatorClasses = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', PASSWORD_SPECIAL_CHARACTERS] as const;

/**
 * A password that meets the administrator policy: one character of each class, the rest from all classes,
 * shuffled. `randomIndex(bound)` returns an integer in [0, bound); the caller passes a cryptographic source.
 */
export function generatePassword(randomIndex: (bound: number) => number): string {
  const all = generatorClasses.join('');
  const pick = (alphabet: string) => [...alphabet][randomIndex([...alphabet].length)] as string;
  const characters = generatorClasses.map(pick);
  while (characters.length < GENERATED_PASSWORD_LENGTH) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [characters[i], characters[j]] = [characters[j] as string, characters[i] as string];
  }
  return characters.join('');
}

export type PasswordChangeInput = {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
  /** While the new password is shown in clear, the repeat field is hidden and not checked. */
  showInClear: boolean;
};

export type PasswordChangeErrors = {
  oldPassword: string[];
  newPassword: string[];
  repeatPassword: string[];
};

export type PasswordChangeValidation = { errors: PasswordChangeErrors; canSubmit: boolean };

/** Validates the account password change form (ecrf-core.md §5) and says whether the change button is enabled. */
export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeValidation {
  const { oldPassword, newPassword, repeatPassword, showInClear } = input;
  const errors: PasswordChangeErrors = { oldPassword: [], newPassword: [], repeatPassword: [] };
  if (oldPassword === '') errors.oldPassword.push(passwordMessages.required);
  if (newPassword === '') errors.newPassword.push(passwordMessages.required);
  else {
    errors.newPassword.push(...passwordStrengthErrors(newPassword, 'account'));
    if (oldPassword !== '' && newPassword === oldPassword) errors.newPassword.push(passwordMessages.mustDiffer);
  }
  if (!showInClear && repeatPassword !== newPassword) errors.repeatPassword.push(passwordMessages.mustMatch);
  const canSubmit = errors.oldPassword.length === 0 && errors.newPassword.length === 0 && errors.repeatPassword.length === 0;
  return { errors, canSubmit };
}
