import { useCallback, useMemo, useRef, useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { Banner, FormControl, TextInput } from '@primer/react';
import { reasonForChangeRequired, type FormPlace, type StudyDefinition } from '@ecrf/rules';
import visitFormScreenQueryNode from '../../__generated__/VisitFormScreenQuery.graphql';
import type { VisitFormScreenQuery } from '../../__generated__/VisitFormScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDocumentation, useReload, type DocumentationPatient, type DocumentationQuery } from '../../patients/documentationContext';
import { DocumentationFormPage, NO_FIELDS, type SaveError } from '../../patients/DocumentationFormPage';
import { rulesState } from '../../patients/formEvaluation';
import { NETWORK_PAGE } from '../../patients/network';
import { textLookup } from '../../forms/definitionModel';
import type { FieldInput } from '../../forms/instances';
import { useCreateVisitMutation } from '../../mutations/CreateVisitMutation';
import { useUpdateVisitMutation } from '../../mutations/UpdateVisitMutation';
import { commitMutationAsync } from '../../relay/commitMutationAsync';
import { texts } from '../../texts';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const t = texts.visit;

/** The route preloads the screen's query with these variables. */
export const visitFormScreenQuery = defineScreenQuery<VisitFormScreenQuery>(visitFormScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  networkPage: NETWORK_PAGE,
}));

/** /patient/{patientId}/visit/{visitDefinitionId}/new and /patient/{patientId}/visit/{visitId}/edit: visit date and visit fields. */
export function VisitFormScreen({ mode }: { mode: 'new' | 'edit' }) {
  const { visitId = '', visitDefinitionId = '' } = useParams();
  const reload = useReload();
  const data = usePreloadedQuery<VisitFormScreenQuery>(
    graphql`
      query VisitFormScreenQuery($patientId: ID!, $networkPage: Int!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          visitOptions {
            available
            reason
            definition {
              id
            }
          }
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(visitFormScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  if (!data.studyPatient || !patient) return <Banner variant="critical" title={texts.patient.notFound} />;
  const visit = mode === 'edit' ? patient.visits.find((candidate) => candidate.id === visitId) : undefined;
  const definition =
    mode === 'edit'
      ? patient.studyDefinition.visits.find((candidate) => candidate.definitionId === visit?.definition?.definitionId)
      : patient.studyDefinition.visits.find((candidate) => candidate.id === visitDefinitionId);
  if (!definition || (mode === 'edit' && !visit)) return <Banner variant="critical" title={t.notFound} />;
  const option = data.studyPatient.visitOptions.find((candidate) => candidate.definition.id === definition.id);
  if (mode === 'new' && option?.available !== true) {
    const reason = option?.reason && option.reason !== '%future added value' ? texts.patient.unavailable[option.reason] : t.notFound;
    return <Banner variant="warning" title={reason} />;
  }
  return (
    <VisitForm
      key={`${visit?.id ?? 'new'}-${visit?.version ?? 0}`}
      header={data.studyPatient}
      patient={patient}
      query={query}
      visit={visit ?? null}
      definition={definition}
      onReload={reload}
    />
  );
}

type FormProps = {
  header: NonNullable<VisitFormScreenQuery['response']['studyPatient']>;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  visit: DocumentationPatient['visits'][number] | null;
  definition: DocumentationPatient['studyDefinition']['visits'][number];
  onReload: () => void;
};

function VisitForm({ header, patient, query, visit, definition, onReload }: FormProps) {
  const navigate = useNavigate();
  const [create] = useCreateVisitMutation();
  const [update] = useUpdateVisitMutation();
  const [visitDate, setVisitDate] = useState(visit?.visitDate ?? '');
  const created = useRef<string | null>(null);
  const text = useMemo(() => textLookup(patient.studyDefinition), [patient.studyDefinition]);
  const patientPath = `/patient/${encodeURIComponent(patient.id)}`;
  const place = useMemo<FormPlace>(() => ({ kind: 'visit', visitId: visit?.id ?? 'new' }), [visit]);
  const formFieldsOf = useCallback(
    (rules: StudyDefinition) => rules.visits.find((candidate) => candidate.id === definition.definitionId)?.fields ?? [],
    [definition.definitionId],
  );
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    const date = visitDate || null;
    if (visit) {
      const answer = await commitMutationAsync(update, {
        input: { id: visit.id, version: visit.version, visitDate: date, fields, reasonForChange },
      });
      return answer.updateVisit.errors;
    }
    const answer = await commitMutationAsync(create, {
      input: { studyPatientId: patient.id, definitionId: definition.id, visitDate: date, fields },
    });
    created.current = answer.createVisit.visit?.id ?? null;
    return answer.createVisit.errors;
  };
  const name = text(definition.displayKey);
  return (
    <>
      <PatientHeader studyPatient={header} title={visit ? t.editHeading(name) : t.newHeading(name)} />
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={formFieldsOf}
        original={visit?.fields ?? NO_FIELDS}
        reasonRequired={reasonForChangeRequired({
          formState: null,
          visit: visit ? { state: rulesState(visit.state), isSigned: visit.isSigned } : null,
        })}
        readOnly={!patient.viewerCan.document || (visit?.locked ?? false)}
        header={{
          dirty: visitDate !== (visit?.visitDate ?? ''),
          node: (
            <FormControl>
              <FormControl.Label>{t.visitDate}</FormControl.Label>
              <TextInput type="date" value={visitDate} onChange={(event) => setVisitDate(event.target.value)} />
            </FormControl>
          ),
        }}
        save={save}
        onSaved={() => {
          const savedId = visit?.id ?? created.current;
          navigate(savedId ? `${patientPath}/visit/${encodeURIComponent(savedId)}` : patientPath);
        }}
        onCancel={() => navigate(visit ? `${patientPath}/visit/${encodeURIComponent(visit.id)}` : patientPath)}
        lockOwnerVersion={visit?.version ?? null}
        onReload={onReload}
      />
    </>
  );
}
