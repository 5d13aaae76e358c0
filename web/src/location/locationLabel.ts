import { texts } from '../texts';

type Location = { readonly identifier: string; readonly displayName: string };

/** A location as the spec shows it everywhere: 'identifier - displayName' (ecrf-core.md §2); a dash when none. */
export function locationLabel(location: Location | null | undefined): string {
  return location ? texts.location.label(location.identifier, location.displayName) : '–';
}
