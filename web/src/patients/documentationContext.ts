/**
 * What every documentation form needs to evaluate the rules in the browser as the server does
 * (docs/web.md "Forms"): the whole study definition, the patient's whole documentation (rules may read
 * other visits and instruments), the viewer and the network master data for the picker fields.
 * Field trees are selected four levels deep, as deep as definitions nest (List → entry → Table → value).
 */
import { useCallback, useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { graphql, readInlineData } from 'react-relay';
import type { documentationContextRule_rule$key } from '../__generated__/documentationContextRule_rule.graphql';
import type { documentationContextFieldDefinition_fieldDefinition$key } from '../__generated__/documentationContextFieldDefinition_fieldDefinition.graphql';
import type { documentationContextInstrumentDefinition_instrumentDefinition$key } from '../__generated__/documentationContextInstrumentDefinition_instrumentDefinition.graphql';
import type { documentationContextStudyDefinition_studyDefinition$key } from '../__generated__/documentationContextStudyDefinition_studyDefinition.graphql';
import type { documentationContextFieldValues_dataField$key } from '../__generated__/documentationContextFieldValues_dataField.graphql';
import type { documentationContextFields_dataField$key } from '../__generated__/documentationContextFields_dataField.graphql';
import type { documentationContextInstrument_instrument$key } from '../__generated__/documentationContextInstrument_instrument.graphql';
import type {
  documentationContext_studyPatient$data,
  documentationContext_studyPatient$key,
} from '../__generated__/documentationContext_studyPatient.graphql';
import type { documentationContext_query$data, documentationContext_query$key } from '../__generated__/documentationContext_query.graphql';
import type { GraphFieldDefinition, GraphFieldRule, GraphInstrumentDefinition, GraphStudyDefinition } from '../forms/definitionModel';
import type { GraphDataField } from '../forms/instances';

const ruleFragment = graphql`
  fragment documentationContextRule_rule on FieldRule @inline {
    kind
    displayKey
    value
    isDeleted
    expression {
      operator
      constraintDefinitionId
      children
    }
  }
`;

const fieldDefinitionFragment = graphql`
  fragment documentationContextFieldDefinition_fieldDefinition on FieldDefinition @inline {
    id
    definitionId
    identifier
    type
    displayKey
    order
    parentDefinitionId
    valueType
    enumValueSetIdentifier
    unit
    therapistRequired
    locationRequired
    isDeleted
    isReadonly
    rules {
      ...documentationContextRule_rule
    }
  }
`;

const instrumentDefinitionFragment = graphql`
  fragment documentationContextInstrumentDefinition_instrumentDefinition on InstrumentDefinition @inline {
    id
    definitionId
    identifier
    displayKey
    order
    isDeleted
    rules {
      ...documentationContextRule_rule
    }
    fields {
      ...documentationContextFieldDefinition_fieldDefinition
    }
  }
`;

const studyDefinitionFragment = graphql`
  fragment documentationContextStudyDefinition_studyDefinition on StudyDefinition @inline {
    id
    definitionId
    identifier
    displayName
    version
    patientFields {
      ...documentationContextFieldDefinition_fieldDefinition
    }
    visits {
      id
      definitionId
      identifier
      displayKey
      order
      type
      max
      isFollowUpRegistry
      isDeleted
      rules {
        ...documentationContextRule_rule
      }
      fields {
        ...documentationContextFieldDefinition_fieldDefinition
      }
      instruments {
        ...documentationContextInstrumentDefinition_instrumentDefinition
      }
    }
    instruments {
      ...documentationContextInstrumentDefinition_instrumentDefinition
    }
    standaloneInstruments {
      ...documentationContextInstrumentDefinition_instrumentDefinition
    }
    enumValueSets {
      identifier
      values {
        code
        displayKey
        order
      }
    }
    constraints {
      definitionId
      identifier
      type
      operator
      value
      property
      fieldPath
      fieldType
      visit
      instrument
    }
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
    languages {
      identifier
      entries {
        scope
        displayKey
        displayValue
      }
    }
  }
`;

const fieldValuesFragment = graphql`
  fragment documentationContextFieldValues_dataField on DataField @inline {
    id
    definition {
      definitionId
    }
    values {
      value
      unit
      organization {
        id
        displayName
      }
      person {
        id
        title
        firstName
        lastName
      }
    }
    tags
    order
    isDeleted
    isVisible
    lockedManually
    lockedAutomatically
    lockDate
  }
`;

const fieldTreeFragment = graphql`
  fragment documentationContextFields_dataField on DataField @inline {
    ...documentationContextFieldValues_dataField
    childFields {
      ...documentationContextFieldValues_dataField
      childFields {
        ...documentationContextFieldValues_dataField
        childFields {
          ...documentationContextFieldValues_dataField
        }
      }
    }
  }
`;

const instrumentFragment = graphql`
  fragment documentationContextInstrument_instrument on Instrument @inline {
    id
    state
    locked
    tags
    version
    definition {
      id
      definitionId
      identifier
    }
    fields {
      ...documentationContextFields_dataField
    }
  }
`;

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
      institute {
        id
      }
    }
    viewerCan {
      edit
      document
      lockFields
    }
    fields {
      ...documentationContextFields_dataField
    }
    visits {
      id
      state
      isSigned
      locked
      visitDate
      assignedInstitute {
        id
      }
      tags
      version
      definition {
        id
        definitionId
        identifier
      }
      fields {
        ...documentationContextFields_dataField
      }
      instruments {
        ...documentationContextInstrument_instrument
      }
    }
    standaloneInstruments {
      ...documentationContextInstrument_instrument
    }
    studyDefinition {
      ...documentationContextStudyDefinition_studyDefinition
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

const readRule = (ref: documentationContextRule_rule$key): GraphFieldRule => readInlineData(ruleFragment, ref);

function readFieldDefinition(ref: documentationContextFieldDefinition_fieldDefinition$key): GraphFieldDefinition {
  const definition = readInlineData(fieldDefinitionFragment, ref);
  return { ...definition, rules: definition.rules.map(readRule) };
}

function readInstrumentDefinition(ref: documentationContextInstrumentDefinition_instrumentDefinition$key) {
  const definition = readInlineData(instrumentDefinitionFragment, ref);
  return {
    ...definition,
    rules: definition.rules.map(readRule),
    fields: definition.fields.map(readFieldDefinition),
  } satisfies GraphInstrumentDefinition;
}

function readStudyDefinition(ref: documentationContextStudyDefinition_studyDefinition$key) {
  const definition = readInlineData(studyDefinitionFragment, ref);
  return {
    ...definition,
    patientFields: definition.patientFields.map(readFieldDefinition),
    visits: definition.visits.map((visit) => ({
      ...visit,
      rules: visit.rules.map(readRule),
      fields: visit.fields.map(readFieldDefinition),
      instruments: visit.instruments.map(readInstrumentDefinition),
    })),
    instruments: definition.instruments.map(readInstrumentDefinition),
    standaloneInstruments: definition.standaloneInstruments.map(readInstrumentDefinition),
  } satisfies GraphStudyDefinition;
}

type FieldLevel = documentationContextFieldValues_dataField$key & { readonly childFields?: readonly FieldLevel[] | null };

function readFieldLevel(level: FieldLevel): GraphDataField {
  return { ...readInlineData(fieldValuesFragment, level), childFields: level.childFields?.map(readFieldLevel) ?? [] };
}

const readFields = (refs: readonly documentationContextFields_dataField$key[]): GraphDataField[] =>
  refs.map((ref) => readFieldLevel(readInlineData(fieldTreeFragment, ref)));

function readInstrument(ref: documentationContextInstrument_instrument$key) {
  const instrument = readInlineData(instrumentFragment, ref);
  return { ...instrument, fields: readFields(instrument.fields) };
}

type PatientData = documentationContext_studyPatient$data;

/** The patient's documentation with every field tree and the study definition as plain data. */
export type DocumentationPatient = Omit<
  PatientData,
  'fields' | 'visits' | 'standaloneInstruments' | 'studyDefinition' | ' $fragmentType'
> & {
  fields: GraphDataField[];
  visits: (Omit<PatientData['visits'][number], 'fields' | 'instruments'> & {
    fields: GraphDataField[];
    instruments: DocumentationInstrument[];
  })[];
  standaloneInstruments: DocumentationInstrument[];
  studyDefinition: ReturnType<typeof readStudyDefinition>;
};
export type DocumentationInstrument = ReturnType<typeof readInstrument>;

export function readDocumentationPatient(ref: documentationContext_studyPatient$key): DocumentationPatient {
  const patient = readInlineData(studyPatientFragment, ref);
  return {
    ...patient,
    fields: readFields(patient.fields),
    visits: patient.visits.map((visit) => ({
      ...visit,
      fields: readFields(visit.fields),
      instruments: visit.instruments.map(readInstrument),
    })),
    standaloneInstruments: patient.standaloneInstruments.map(readInstrument),
    studyDefinition: readStudyDefinition(patient.studyDefinition),
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

/** Loads the screen again (after a refused stale save): its route preloads the screen's query anew. */
export function useReload(): () => void {
  const { revalidate } = useRevalidator();
  return useCallback(() => void revalidate(), [revalidate]);
}
