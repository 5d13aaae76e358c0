import { texts } from '../texts';
import { formatDay } from './dates';

type NamedIdentity = { readonly firstName?: string | null; readonly lastName?: string | null; readonly birthDate?: string | null };

/** "Nachname, Vorname (geb. dd.MM.yyyy)" as patient lists and headers show an identity. */
export function identityName(identity: NamedIdentity): string {
  const name = texts.identity.name(identity.lastName ?? '', identity.firstName ?? '');
  return identity.birthDate ? texts.identity.nameWithBirth(name, formatDay(identity.birthDate)) : name;
}
