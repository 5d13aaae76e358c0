import { useCallback, useMemo } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Banner } from '@primer/react';
import { reasonForChangeRequired, type FormPlace, type InstrumentDefinition, type RedirectTarget } from '@ecrf/rules';
import instrumentScreenQueryNode from '../../__generated__/InstrumentScreenQuery.graphql';
import type { InstrumentScreenQuery } from '../../__generated__/InstrumentScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { StateLabel, documentedState } from '../../patients/StateLabel';
import {
  instrumentDefinitionsOf,
  useDocumentation,
  type DocumentationInstrument,
  type DocumentationPatient,
  type DocumentationQuery,
  type DocumentationVisit,
} from '../../patients/documentationContext';
import { useFormGeneration, useOpenedWith } from '../../patients/formGeneration';
import { DocumentationFormPage, NO_FIELDS, type SaveError } from '../../patients/DocumentationFormPage';
import type { FieldInput } from '../../forms/instances';
import { useCreateInstrumentMutation } from '../../mutations/CreateInstrumentMutation';
import { useUpdateInstrumentMutation } from '../../mutations/UpdateInstrumentMutation';
import { commitMutationAsync } from '../../relay/commitMutationAsync';
import { NETWORK_PAGE } from '../../patients/network';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { DataQueryButton } from '../../dataQueries/DataQueryButton';
import { useDataQueryTargets } from '../../dataQueries/dataQueryTargets';
import { usePatientQueryUpdates } from '../../dataQueries/usePatientQueryUpdates';
import type { RaiseTarget } from '../../dataQueries/raiseDecisions';
import { verificationFlagsByField } from '../../verification/fieldVerification';
import { useVerificationFlagUpdates } from '../../verification/useVerificationFlagUpdates';
import { fieldMarksOf, type FieldMarks } from '../../dataQueries/fieldMarks';
import { HISTORY_PARAM, HistoryButton, InstrumentHistoryPage, historyVariables } from './InstrumentHistoryPage';

/** The route preloads the screen's query with these variables. */
export const instrumentScreenQuery = defineScreenQuery<InstrumentScreenQuery>(instrumentScreenQueryNode, ({ params, request }) => ({
  patientId: params.patientId ?? '',
  // A new instrument's route names its definition; an existing one's names the instrument (then this finds no definition).
  instrumentDefinitionId: params.instrumentId ?? '',
  networkPage: NETWORK_PAGE,
  ...historyVariables(new URL(request.url).searchParams),
}));

/**
 * New and edit instrument, visit-bound and standalone (ecrf-core.md §2):
 * …/visit/{visitId}/instrument/{instrumentId}/edit, …/visit/{visitId}/instrument/{instrumentDefinitionId}/new,
 * …/instrument/{instrumentId}/edit and …/instrument/{instrumentDefinitionId}/new.
 */
export function InstrumentScreen({ mode }: { mode: 'new' | 'edit' }) {
  const { visitId = null, instrumentId = '' } = useParams();
  const { generation, reopen } = useFormGeneration();
  const historyShown = useSearchParams()[0].has(HISTORY_PARAM);
  const data = usePreloadedQuery<InstrumentScreenQuery>(
    graphql`
      query InstrumentScreenQuery(
        $patientId: ID!
        $instrumentDefinitionId: ID!
        $networkPage: Int!
        $withHistory: Boolean!
        $withAsOf: Boolean!
        $at: DateTime!
      ) {
        ...AppShell_query
        viewer {
          ...dataQueryTargets_viewer
          administration {
            canReadRecordHistory
          }
        }
        studyPatient(id: $patientId) {
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
          ...dataQueryTargets_studyPatient
          ...DataQueryButton_studyPatient
          # Global ids of the instrument definitions by key: the route of the next instrument's new form.
          definitionVersion {
            visits {
              instruments {
                id
                key
              }
            }
          }
        }
        instrumentDefinition: node(id: $instrumentDefinitionId) {
          ... on InstrumentDefinition {
            key
          }
        }
        # The stored instrument's fields down to list entries' children: their verification flags.
        storedInstrument: node(id: $instrumentDefinitionId) {
          ... on Instrument {
            ...InstrumentHistoryPage_instrument @include(if: $withHistory) @alias(as: "history") @arguments(withAsOf: $withAsOf, at: $at)
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
        ...documentationContext_query
      }
    `,
    useScreenReference(instrumentScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  const targets = useDataQueryTargets(data.studyPatient, data.viewer);
  const storedFields = data.storedInstrument?.fields;
  const flagsByField = useMemo(() => verificationFlagsByField(storedFields ?? []), [storedFields]);
  usePatientQueryUpdates(patient?.id ?? '');
  useVerificationFlagUpdates(patient?.id ?? '');
  if (!data.studyPatient || !patient || !targets) return <Banner variant="critical" title={texts.patient.notFound} />;
  const located = locate(patient, mode, visitId, mode === 'new' ? (data.instrumentDefinition?.key ?? '') : instrumentId);
  if (!located) return <Banner variant="critical" title={texts.instrument.notFound} />;
  const offersHistory = data.viewer.administration.canReadRecordHistory && located.instrument !== null;
  const history = offersHistory && historyShown ? data.storedInstrument?.history : null;
  if (history)
    return <InstrumentHistoryPage header={data.studyPatient} patient={patient} query={query} located={located} instrument={history} />;
  return (
    <InstrumentForm
      offersHistory={offersHistory}
      // A form per instrument (or new instrument) and generation: the route may change it under the same screen.
      key={`${visitId ?? ''}-${instrumentId}-${generation}`}
      header={data.studyPatient}
      queries={{ studyPatient: data.studyPatient, targets, flagsByField }}
      patient={patient}
      query={query}
      located={located}
      definitionNodeId={instrumentId}
      definitionNodeIds={new Map(data.studyPatient.definitionVersion.visits.flatMap((v) => v.instruments.map((d) => [d.key, d.id])))}
      onReload={reopen}
    />
  );
}

type Located = {
  visit: DocumentationVisit | null;
  /** Null for a new instrument. */
  instrument: DocumentationInstrument | null;
  definition: InstrumentDefinition;
};

/** The form the route names: a new one by its definition's key, a stored one by id. */
function locate(patient: DocumentationPatient, mode: 'new' | 'edit', visitId: string | null, id: string): Located | null {
  const visit =
    visitId === null ? null : (patient.visits.find((candidate) => candidate.id === visitId && candidate.isDeleted !== true) ?? null);
  if (visitId !== null && !visit) return null;
  const definitions = instrumentDefinitionsOf(patient, visit);
  if (mode === 'new') {
    const definition = definitions.find((candidate) => candidate.id === id);
    return definition ? { visit, instrument: null, definition } : null;
  }
  const instrument = (visit ? visit.instruments : patient.standaloneInstruments).find(
    (candidate) => candidate.id === id && candidate.isDeleted !== true,
  );
  const definition = definitions.find((candidate) => candidate.id === instrument?.definitionId);
  return instrument && definition ? { visit, instrument, definition } : null;
}

type FormProps = {
  /** The viewer may read the stored instrument's history: the header offers it. */
  offersHistory: boolean;
  header: NonNullable<InstrumentScreenQuery['response']['studyPatient']>;
  queries: FieldMarks;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  located: Located;
  /** The route's id: of the definition for a new instrument (what createInstrument takes). */
  definitionNodeId: string;
  /** Global ids of the instrument definitions by their key (the rules model's id). */
  definitionNodeIds: ReadonlyMap<string, string>;
  onReload: () => void;
};

/** The form of an instrument definition in a visit: its stored instrument, else its new form. */
function instrumentRoute(
  patient: DocumentationPatient,
  visit: DocumentationVisit,
  definitionId: string,
  definitionNodeIds: ReadonlyMap<string, string>,
): string | null {
  const base = `/patient/${encodeURIComponent(patient.id)}/visit/${encodeURIComponent(visit.id)}/instrument`;
  const stored = visit.instruments.find((candidate) => candidate.definitionId === definitionId && candidate.isDeleted !== true);
  if (stored) return `${base}/${encodeURIComponent(stored.id)}/edit`;
  const nodeId = definitionNodeIds.get(definitionId);
  return nodeId ? `${base}/${encodeURIComponent(nodeId)}/new` : null;
}

/** The visit's instrument after `definition` in the definition's order; null after the last and for standalone ones. */
function nextInstrumentRoute(
  patient: DocumentationPatient,
  visit: DocumentationVisit | null,
  definition: InstrumentDefinition,
  definitionNodeIds: ReadonlyMap<string, string>,
): string | null {
  if (!visit) return null;
  const definitions = instrumentDefinitionsOf(patient, visit).filter((candidate) => candidate.isDeleted !== true);
  const position = definitions.findIndex((candidate) => candidate.id === definition.id);
  const next = position < 0 ? undefined : definitions[position + 1];
  return next ? instrumentRoute(patient, visit, next.id, definitionNodeIds) : null;
}

/** A redirect's instrument in the visit it names (this visit when it names none or this one's definition). */
function redirectRoute(
  patient: DocumentationPatient,
  current: DocumentationVisit | null,
  target: RedirectTarget,
  definitionNodeIds: ReadonlyMap<string, string>,
): string | null {
  const definition = patient.index.instrumentByIdentifier.get(target.instrument);
  const visitIdentifier = (visit: DocumentationVisit) => patient.index.visitById.get(visit.definitionId)?.identifier;
  const visit =
    target.visit === null || (current && visitIdentifier(current) === target.visit)
      ? current
      : patient.visits.find((candidate) => candidate.isDeleted !== true && visitIdentifier(candidate) === target.visit);
  return definition && visit ? instrumentRoute(patient, visit, definition.id, definitionNodeIds) : null;
}

function InstrumentForm({ header, queries, definitionNodeId, definitionNodeIds, onReload, offersHistory, ...current }: FormProps) {
  const { patient, query, located } = useOpenedWith(current);
  const { visit, instrument, definition } = located;
  const navigate = useNavigate();
  const [create] = useCreateInstrumentMutation();
  const [update] = useUpdateInstrumentMutation();
  const back = visit
    ? `/patient/${encodeURIComponent(patient.id)}/visit/${encodeURIComponent(visit.id)}`
    : `/patient/${encodeURIComponent(patient.id)}`;
  const place = useMemo<FormPlace>(
    () =>
      instrument
        ? { kind: 'instrument', instrumentId: instrument.id, state: instrument.state }
        : { kind: 'newInstrument', visitId: visit?.id ?? null, definitionId: definition.id },
    [instrument, visit, definition.id],
  );
  const formFieldsOf = useCallback(() => definition.fields, [definition]);
  const next = nextInstrumentRoute(patient, visit, definition, definitionNodeIds);
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    if (instrument) {
      const answer = await commitMutationAsync(update, {
        input: { id: instrument.id, version: instrument.version, fields, reasonForChange },
      });
      return answer.updateInstrument.errors;
    }
    const answer = await commitMutationAsync(create, {
      input: { studyPatientId: patient.id, visitId: visit?.id ?? null, definitionId: definitionNodeId, fields, reasonForChange },
    });
    return answer.createInstrument.errors;
  };
  const name = patient.text(definition.displayKey);
  const visitDefinition = visit ? patient.index.visitById.get(visit.definitionId) : undefined;
  const target: RaiseTarget = {
    locationId: queries.targets.locationId,
    visit: visitDefinition
      ? { identifier: visitDefinition.identifier, isFollowUpRegistry: visitDefinition.definition.isFollowUpRegistry }
      : null,
  };
  const fieldExtras = fieldMarksOf(queries, target, patient.text);
  const readOnly = !patient.viewerCan.document || (instrument?.locked ?? false) || (visit?.locked ?? false);
  const reasonRequired = reasonForChangeRequired({
    formState: instrument ? instrument.state : null,
    visit: visit ? { state: visit.state, isSigned: visit.isSigned } : null,
  });
  return (
    <>
      <PatientHeader studyPatient={header} title={instrument ? name : texts.instrument.newHeading(name)}>
        {instrument && (
          <DataQueryButton
            studyPatient={queries.studyPatient}
            targets={queries.targets}
            subject={{ kind: 'INSTRUMENT', id: instrument.id, label: name }}
            target={target}
          />
        )}
        {offersHistory && <HistoryButton />}
      </PatientHeader>
      {instrument && (
        <p className={styles.labels}>
          {texts.documentationForm.state}: <StateLabel state={documentedState(instrument.state)} />
        </p>
      )}
      {visit?.isSigned && !readOnly && (
        <Banner variant="warning" title={texts.states.signed} hideTitle>
          {texts.visit.signedWarning}
        </Banner>
      )}
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={formFieldsOf}
        original={instrument?.fields ?? NO_FIELDS}
        reasonRequired={reasonRequired}
        readOnly={readOnly}
        save={save}
        savedName={name}
        // A new instrument's address ("…/new") would offer an empty form again on Back: the saved one takes its place.
        onSaved={() => navigate(back, { replace: instrument === null })}
        onSavedNext={next === null ? undefined : () => navigate(next, { replace: instrument === null })}
        redirectHref={(redirect) => redirectRoute(patient, visit, redirect, definitionNodeIds)}
        onCancel={() => navigate(back)}
        lockOwnerVersion={instrument?.version ?? null}
        onReload={onReload}
        fieldExtras={instrument ? fieldExtras : undefined}
      />
    </>
  );
}
