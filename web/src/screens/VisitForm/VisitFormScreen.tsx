import { useCallback, useMemo, useRef, useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { Banner, FormControl, TextInput } from '@primer/react';
import { EXECUTION_DATE_FIELDS, reasonForChangeRequired, type FormPlace, type VisitDefinition } from '@ecrf/rules';
import visitFormScreenQueryNode from '../../__generated__/VisitFormScreenQuery.graphql';
import type { VisitFormScreenQuery } from '../../__generated__/VisitFormScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import {
  useDocumentation,
  type DocumentationPatient,
  type DocumentationQuery,
  type DocumentationVisit,
} from '../../patients/documentationContext';
import { useFormGeneration, useOpenedWith } from '../../patients/formGeneration';
import { DocumentationFormPage, NO_FIELDS, type SaveError } from '../../patients/DocumentationFormPage';
import { NETWORK_PAGE } from '../../patients/network';
import type { FieldInput } from '../../forms/instances';
import { useCreateVisitMutation } from '../../mutations/CreateVisitMutation';
import { useUpdateVisitMutation } from '../../mutations/UpdateVisitMutation';
import { commitMutationAsync } from '../../relay/commitMutationAsync';
import { texts } from '../../texts';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { useDataQueryTargets } from '../../dataQueries/dataQueryTargets';
import { usePatientQueryUpdates } from '../../dataQueries/usePatientQueryUpdates';
import { fieldMarksOf, type FieldMarks } from '../../dataQueries/fieldMarks';
import { verificationFlagsByField } from '../../verification/fieldVerification';
import { useVerificationFlagUpdates } from '../../verification/useVerificationFlagUpdates';
import { DataQueryButton } from '../../dataQueries/DataQueryButton';

const t = texts.visit;

/** The route preloads the screen's query with these variables. */
export const visitFormScreenQuery = defineScreenQuery<VisitFormScreenQuery>(visitFormScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  // A stored visit's route names the visit, a new one's its definition (then this finds no visit).
  recordId: params.visitId ?? params.visitDefinitionId ?? '',
  networkPage: NETWORK_PAGE,
}));

/** /patient/{patientId}/visit/{visitDefinitionId}/new and /patient/{patientId}/visit/{visitId}/edit: visit date and visit fields. */
export function VisitFormScreen({ mode }: { mode: 'new' | 'edit' }) {
  const { visitId = '', visitDefinitionId = '' } = useParams();
  const { generation, reopen } = useFormGeneration();
  const data = usePreloadedQuery<VisitFormScreenQuery>(
    graphql`
      query VisitFormScreenQuery($patientId: ID!, $recordId: ID!, $networkPage: Int!) {
        ...AppShell_query
        viewer {
          ...dataQueryTargets_viewer
        }
        # The stored visit's fields down to list entries' children: their verification flags.
        storedVisit: node(id: $recordId) {
          ... on Visit {
            fields {
              ...fieldVerification_dataField
              childFields {
                ...fieldVerification_dataField
                childFields {
                  ...fieldVerification_dataField
                }
              }
            }
          }
        }
        studyPatient(id: $patientId) {
          visitOptions {
            available
            reason
            definition {
              id
              key
            }
          }
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
          ...dataQueryTargets_studyPatient
          ...DataQueryButton_studyPatient
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(visitFormScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  const targets = useDataQueryTargets(data.studyPatient, data.viewer);
  const storedFields = data.storedVisit?.fields;
  const flagsByField = useMemo(() => verificationFlagsByField(storedFields ?? []), [storedFields]);
  usePatientQueryUpdates(patient?.id ?? '');
  useVerificationFlagUpdates(patient?.id ?? '');
  if (!data.studyPatient || !patient || !targets) return <Banner variant="critical" title={texts.patient.notFound} />;
  const visit = mode === 'edit' ? patient.visits.find((candidate) => candidate.id === visitId && candidate.isDeleted !== true) : undefined;
  const option = data.studyPatient.visitOptions.find((candidate) => candidate.definition.id === visitDefinitionId);
  const definition = patient.index.visitById.get(mode === 'edit' ? (visit?.definitionId ?? '') : (option?.definition.key ?? ''));
  if (!definition || (mode === 'edit' && !visit)) return <Banner variant="critical" title={t.notFound} />;
  if (mode === 'new' && option?.available !== true) {
    const reason = option?.reason && option.reason !== '%future added value' ? texts.patient.unavailable[option.reason] : t.notFound;
    return <Banner variant="warning" title={reason} />;
  }
  return (
    <VisitForm
      // A form per visit (or new visit) and generation: the route may change the visit under the same screen.
      key={`${visit?.id ?? visitDefinitionId}-${generation}`}
      header={data.studyPatient}
      marks={{ studyPatient: data.studyPatient, targets, flagsByField }}
      patient={patient}
      query={query}
      visit={visit ?? null}
      definition={definition}
      definitionNodeId={visitDefinitionId}
      onReload={reopen}
    />
  );
}

type FormProps = {
  header: NonNullable<VisitFormScreenQuery['response']['studyPatient']>;
  marks: FieldMarks;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  visit: DocumentationVisit | null;
  definition: VisitDefinition;
  /** The route's id of the visit definition, for a new visit (what createVisit takes). */
  definitionNodeId: string;
  onReload: () => void;
};

function VisitForm({ header, marks, definitionNodeId, onReload, ...current }: FormProps) {
  const { patient, query, visit, definition } = useOpenedWith(current);
  const navigate = useNavigate();
  const [create] = useCreateVisitMutation();
  const [update] = useUpdateVisitMutation();
  const [visitDate, setVisitDate] = useState(visit?.visitDate ?? '');
  const created = useRef<string | null>(null);
  const patientPath = `/patient/${encodeURIComponent(patient.id)}`;
  const place = useMemo<FormPlace>(() => ({ kind: 'visit', visitId: visit?.id ?? 'new' }), [visit]);
  const formFieldsOf = useCallback(() => definition.fields, [definition]);
  // A definition that names its own date field asks for the date there, once (issue 18, defect 8).
  const asksOwnDate = !(definition.identifier in EXECUTION_DATE_FIELDS);
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    const date = asksOwnDate ? visitDate || null : undefined;
    if (visit) {
      const answer = await commitMutationAsync(update, {
        input: { id: visit.id, version: visit.version, visitDate: date, fields, reasonForChange },
      });
      return answer.updateVisit.errors;
    }
    const answer = await commitMutationAsync(create, {
      input: { studyPatientId: patient.id, definitionId: definitionNodeId, visitDate: date, fields },
    });
    created.current = answer.createVisit.visit?.id ?? null;
    return answer.createVisit.errors;
  };
  const name = patient.text(definition.displayKey);
  const target = {
    locationId: marks.targets.locationId,
    visit: { identifier: definition.identifier, isFollowUpRegistry: definition.definition.isFollowUpRegistry },
  };
  const fieldExtras = fieldMarksOf(marks, target, patient.text);
  return (
    <>
      <PatientHeader studyPatient={header} title={visit ? t.editHeading(name) : t.newHeading(name)}>
        {visit && (
          <DataQueryButton
            studyPatient={marks.studyPatient}
            targets={marks.targets}
            subject={{ kind: 'VISIT', id: visit.id, label: name }}
            target={target}
          />
        )}
      </PatientHeader>
      {visit?.isSigned && patient.viewerCan.document && !visit.locked && (
        <Banner variant="warning" title={texts.states.signed} hideTitle>
          {texts.visit.signedWarning}
        </Banner>
      )}
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={formFieldsOf}
        original={visit?.fields ?? NO_FIELDS}
        reasonRequired={reasonForChangeRequired({
          formState: null,
          visit: visit ? { state: visit.state, isSigned: visit.isSigned } : null,
        })}
        readOnly={!patient.viewerCan.document || (visit?.locked ?? false)}
        header={
          asksOwnDate
            ? {
                dirty: visitDate !== (visit?.visitDate ?? ''),
                node: (
                  <FormControl>
                    <FormControl.Label>{t.visitDate}</FormControl.Label>
                    <TextInput type="date" value={visitDate} onChange={(event) => setVisitDate(event.target.value)} />
                  </FormControl>
                ),
              }
            : undefined
        }
        save={save}
        savedName={name}
        onSaved={() => {
          const savedId = visit?.id ?? created.current;
          // A new visit's address ("…/new") would offer an empty form again on Back: the saved visit takes its place.
          navigate(savedId ? `${patientPath}/visit/${encodeURIComponent(savedId)}` : patientPath, { replace: visit === null });
        }}
        onCancel={() => navigate(visit ? `${patientPath}/visit/${encodeURIComponent(visit.id)}` : patientPath)}
        lockOwnerVersion={visit?.version ?? null}
        onReload={onReload}
        fieldExtras={visit ? fieldExtras : undefined}
      />
    </>
  );
}
