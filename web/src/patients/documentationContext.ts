/**
 * What every documentation form needs to evaluate the rules in the browser as the server does
 * (docs/web.md "Forms"): the patient's whole documentation and the definition version it is documented
 * under, both as the rule engine's own documents (no translation), the viewer and the network master data
 * for the picker fields.
 */
import { useMemo } from 'react';
import { graphql, readInlineData } from 'react-relay';
import { indexStudyDefinition, type DefinitionIndex, type PatientDocumentation, type StudyDefinition } from '@ecrf/rules';
import type {
  documentationContext_studyPatient$data,
  documentationContext_studyPatient$key,
} from '../__generated__/documentationContext_studyPatient.graphql';
import { textLookup } from './useDefinitionText';
import type { documentationContext_query$data, documentationContext_query$key } from '../__generated__/documentationContext_query.graphql';

const studyPatientFragment = graphql`
  fragment documentationContext_studyPatient on StudyPatient @inline {
    id
    pseudonym
    registrationDate
    isDigiNet
    version
    location {
      identifier
      displayName
    }
    viewerCan {
      edit
      document
      lockFields
    }
    documentation
    definitionVersion {
      id
      model
      texts(languageIdentifier: "de")
    }
  }
`;

const queryFragment = graphql`
  fragment documentationContext_query on Query @inline {
    viewer {
      user {
        id
        userName
      }
      role {
        identifier
      }
    }
    organizations(first: $networkPage) {
      edges {
        node {
          id
          displayName
        }
      }
    }
    persons(first: $networkPage) {
      edges {
        node {
          id
          title
          firstName
          lastName
          organizationPersonAssignments {
            organization {
              id
            }
          }
        }
      }
    }
  }
`;

// A definition version never changes (schema.graphql StudyDefinitionVersion), so its index is built once per version.
const indexes = new Map<string, DefinitionIndex>();

function indexOf(versionId: string, model: StudyDefinition): DefinitionIndex {
  let index = indexes.get(versionId);
  if (!index) {
    index = indexStudyDefinition(model);
    indexes.set(versionId, index);
  }
  return index;
}

type PatientData = Omit<documentationContext_studyPatient$data, ' $fragmentType' | 'documentation' | 'definitionVersion'>;

/** A patient's documentation with the definition version it is documented under, as the rules read them. */
export type DocumentationPatient = PatientData & {
  documentation: PatientDocumentation;
  fields: PatientDocumentation['fields'];
  visits: PatientDocumentation['visits'];
  standaloneInstruments: PatientDocumentation['standaloneInstruments'];
  /** Global id of the definition version. */
  versionId: string;
  definition: StudyDefinition;
  index: DefinitionIndex;
  /** German display value of a display key; the key itself when the language lacks it. */
  text: (displayKey: string) => string;
};
export type DocumentationVisit = DocumentationPatient['visits'][number];
export type DocumentationInstrument = DocumentationPatient['standaloneInstruments'][number];

export function readDocumentationPatient(ref: documentationContext_studyPatient$key): DocumentationPatient {
  const { documentation, definitionVersion, ...patient } = readInlineData(studyPatientFragment, ref);
  const index = indexOf(definitionVersion.id, definitionVersion.model);
  return {
    ...patient,
    documentation,
    fields: documentation.fields,
    visits: documentation.visits,
    standaloneInstruments: documentation.standaloneInstruments,
    versionId: definitionVersion.id,
    definition: index.study,
    index,
    text: textLookup(definitionVersion.texts),
  };
}

export type DocumentationQuery = Omit<documentationContext_query$data, ' $fragmentType'>;

export const readDocumentationQuery = (ref: documentationContext_query$key): DocumentationQuery => readInlineData(queryFragment, ref);

/** The documentation of a screen's query as plain data, read once per answer. */
export function useDocumentation(
  studyPatient: documentationContext_studyPatient$key | null | undefined,
  queryRef: documentationContext_query$key,
) {
  const patient = useMemo(() => (studyPatient ? readDocumentationPatient(studyPatient) : null), [studyPatient]);
  const query = useMemo(() => readDocumentationQuery(queryRef), [queryRef]);
  return { patient, query };
}

/** The instrument definitions a visit of this definition offers, or the standalone ones without a visit. */
export function instrumentDefinitionsOf(patient: DocumentationPatient, visit: DocumentationVisit | null) {
  return visit ? (patient.index.visitById.get(visit.definitionId)?.instruments ?? []) : patient.definition.standaloneInstruments;
}
