import { graphql } from 'react-relay';

/**
 * What the documentation screens show of a patient: the documentation mutations select it, so the store holds
 * what was stored and every screen shows it without loading again (docs/web.md "Saves update the store").
 */
export const documentationResult = graphql`
  fragment documentationResult_studyPatient on StudyPatient {
    ...documentationContext_studyPatient
    ...PatientHeader_studyPatient
    ...VisitList_studyPatient
    ...StandaloneInstruments_studyPatient
    ...VisitScreen_studyPatient
  }
`;
