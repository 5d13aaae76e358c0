import { graphql, useFragment } from 'react-relay';
import type { usePairSide_studyPatient$key } from '../__generated__/usePairSide_studyPatient.graphql';
import { locationLabel } from '../location/locationLabel';
import { formatDay } from '../patients/dates';
import { texts } from '../texts';

/** A gender as German users read it; a dash when not recorded. */
function genderText(gender: string | null | undefined): string {
  const genders: Readonly<Record<string, string>> = texts.identity.genders;
  return (gender && genders[gender]) ?? '–';
}

/** The labels of the comparison's rows, in their order. */
export const PAIR_ROWS = [
  texts.identity.lastName,
  texts.identity.firstName,
  texts.identity.birthDate,
  texts.identity.gender,
  texts.possibleMatches.pseudonym,
  texts.identity.location,
] as const;

/** One patient of a pair as the comparison shows it: a value per row of PAIR_ROWS ('–' without an identity). */
export function usePairSide(studyPatient: usePairSide_studyPatient$key): readonly string[] {
  const side = useFragment(
    graphql`
      fragment usePairSide_studyPatient on StudyPatient {
        pseudonym
        identity {
          firstName
          lastName
          birthDate
          gender
        }
        location {
          identifier
          displayName
        }
      }
    `,
    studyPatient,
  );
  return [
    side.identity?.lastName ?? '–',
    side.identity?.firstName ?? '–',
    formatDay(side.identity?.birthDate),
    genderText(side.identity?.gender),
    side.pseudonym,
    locationLabel(side.location),
  ];
}
