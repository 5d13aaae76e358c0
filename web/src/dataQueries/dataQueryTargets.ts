/**
 * What the query buttons and verification toggles of a patient's screens need besides the queries, read
 * once per answer: the query and flag types of the patient's definition with their German names, what the
 * viewer may do, and the viewer as the rules see them.
 */
import { useMemo } from 'react';
import { graphql, readInlineData } from 'react-relay';
import { hasRight, type DataQueryViewer, type QueryType } from '@ecrf/rules';
import type { dataQueryTargets_studyPatient$key } from '../__generated__/dataQueryTargets_studyPatient.graphql';
import type { dataQueryTargets_viewer$key } from '../__generated__/dataQueryTargets_viewer.graphql';
import { textLookup } from '../patients/useDefinitionText';

const studyPatientFragment = graphql`
  fragment dataQueryTargets_studyPatient on StudyPatient @inline {
    id
    location {
      id
    }
    viewerCan {
      raiseDataQuery
      verifyFields
    }
    definitionVersion {
      texts(languageIdentifier: "de")
      queryTypes {
        identifier
        displayKey
        canView
        canCreate
        canEdit
        canAccept
        canAnswer
        canRevoke
        canSolve
        canDefer
      }
      verificationFlagTypes {
        identifier
        displayKey
      }
    }
  }
`;

const viewerFragment = graphql`
  fragment dataQueryTargets_viewer on Viewer @inline {
    rights
    role {
      identifier
    }
    locations {
      id
    }
  }
`;

export type SubjectKind = 'STUDY_PATIENT' | 'VISIT' | 'INSTRUMENT' | 'DATA_FIELD';

export type DataQueryTargets = {
  studyPatientId: string;
  locationId: string;
  viewer: DataQueryViewer;
  queryTypes: readonly QueryType[];
  flagTypes: readonly { identifier: string; displayKey: string }[];
  text: (displayKey: string) => string;
  /** The viewer may see queries (QueryGetCmd). */
  canSee: boolean;
  /** The viewer may raise queries on this patient (right and a query type naming the role). */
  canRaise: boolean;
  canVerify: boolean;
};

export function readDataQueryTargets(
  patientRef: dataQueryTargets_studyPatient$key,
  viewerRef: dataQueryTargets_viewer$key,
): DataQueryTargets {
  const patient = readInlineData(studyPatientFragment, patientRef);
  const viewer = readInlineData(viewerFragment, viewerRef);
  const { definitionVersion } = patient;
  return {
    studyPatientId: patient.id,
    locationId: patient.location?.id ?? '',
    viewer: { roleIdentifier: viewer.role.identifier, rights: viewer.rights, locationIds: viewer.locations.map((location) => location.id) },
    // The rules know query types by identifier; the graph's need no other id.
    queryTypes: definitionVersion.queryTypes.map((type) => ({ ...type, id: type.identifier, displayKey: type.displayKey ?? undefined })),
    flagTypes: definitionVersion.verificationFlagTypes,
    text: textLookup(definitionVersion.texts),
    canSee: hasRight(viewer.rights, 'QueryGetCmd'),
    canRaise: patient.viewerCan.raiseDataQuery,
    canVerify: patient.viewerCan.verifyFields,
  };
}

export function useDataQueryTargets(
  patientRef: dataQueryTargets_studyPatient$key | null | undefined,
  viewerRef: dataQueryTargets_viewer$key,
): DataQueryTargets | null {
  return useMemo(() => (patientRef ? readDataQueryTargets(patientRef, viewerRef) : null), [patientRef, viewerRef]);
}
