/**
 * What a documentation mutation brings back of its patient: every display fragment of the documentation
 * screens, so they show the change from the store without loading again (docs/web.md "Forms on the rule engine's documents"). The eight
 * documentation mutations spread this one list; a new patient fragment of those screens is added here once.
 */
import { graphql } from 'react-relay';

export const documentationRefreshFragment = graphql`
  fragment documentationRefresh_studyPatient on StudyPatient {
    id
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the documentation screens
    ...documentationContext_studyPatient
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the documentation screens
    ...PatientHeader_studyPatient
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the documentation screens
    ...VisitList_studyPatient
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the documentation screens
    ...StandaloneInstruments_studyPatient
    # eslint-disable-next-line relay/must-colocate-fragment-spreads -- refreshes the documentation screens
    ...VisitScreen_studyPatient
  }
`;
