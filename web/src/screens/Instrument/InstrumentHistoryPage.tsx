/**
 * The instrument screen's "Änderungshistorie" and "Stand vom …" (issue 25 item 5). Both are states of the
 * instrument's route, `?history` and `?history&at=<ISO instant>`, so the route's one query brings them (docs/web.md
 * "Loading"): the history's first page, and the instrument as it was at `at`. Shown only to viewers holding
 * AuditLogLogCmd (docs/decisions.md "Form history").
 */
import { useCallback, useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@primer/react';
import { HistoryIcon } from '@primer/octicons-react';
import type { FormPlace, InstrumentDefinition } from '@ecrf/rules';
import type { InstrumentHistoryPage_instrument$key } from '../../__generated__/InstrumentHistoryPage_instrument.graphql';
import type { PatientHeader_studyPatient$key } from '../../__generated__/PatientHeader_studyPatient.graphql';
import { AsOfChooser } from '../../formHistory/AsOfChooser';
import { FormAsOf } from '../../formHistory/FormAsOf';
import { InstrumentHistory } from '../../formHistory/InstrumentHistory';
import { valueSources } from '../../formHistory/changeText';
import type { DocumentationInstrument, DocumentationPatient, DocumentationQuery } from '../../patients/documentationContext';
import { networkDirectory } from '../../patients/network';
import { PatientHeader } from '../../patients/PatientHeader';
import { texts } from '../../texts';

export const HISTORY_PARAM = 'history';
const AT_PARAM = 'at';
/** `$at` is required by the query; without `?at=` the snapshot is not asked for and this stands in. */
const NO_MOMENT = '1970-01-01T00:00:00.000Z';

/** The screen query's variables of the history: whether it is shown, and the moment of "Stand vom …". */
export function historyVariables(search: URLSearchParams): { withHistory: boolean; withAsOf: boolean; at: string } {
  const at = search.get(AT_PARAM);
  const valid = at !== null && !Number.isNaN(Date.parse(at));
  return { withHistory: search.has(HISTORY_PARAM), withAsOf: valid && search.has(HISTORY_PARAM), at: valid ? at : NO_MOMENT };
}

/** "Änderungshistorie" in the instrument's header: the same route with `?history`. */
export function HistoryButton() {
  return (
    <Button as={RouterLink} to={`?${HISTORY_PARAM}`} leadingVisual={HistoryIcon}>
      {texts.formHistory.open}
    </Button>
  );
}

type Props = {
  header: PatientHeader_studyPatient$key;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  located: { instrument: DocumentationInstrument | null; definition: InstrumentDefinition };
  instrument: InstrumentHistoryPage_instrument$key;
};

export function InstrumentHistoryPage({ header, patient, query, located, instrument: instrumentRef }: Props) {
  const stored = useFragment(
    graphql`
      fragment InstrumentHistoryPage_instrument on Instrument
      @argumentDefinitions(withAsOf: { type: "Boolean!" }, at: { type: "DateTime!" }) {
        ...InstrumentHistory_instrument
        # Null when the instrument did not exist then.
        asOf(at: $at) @include(if: $withAsOf) {
          ...FormAsOf_snapshot
        }
      }
    `,
    instrumentRef,
  );
  const { instrument, definition } = located;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { withAsOf, at } = historyVariables(search);
  const sources = useMemo(() => valueSources(patient.definition, patient.text, networkDirectory(query)), [patient, query]);
  const formFieldsOf = useCallback(() => definition.fields, [definition]);
  const place: FormPlace = { kind: 'instrument', instrumentId: instrument?.id ?? '', state: instrument?.state ?? 'new' };
  const showAsOf = (moment: string) => {
    void navigate(`?${new URLSearchParams({ [HISTORY_PARAM]: '', [AT_PARAM]: moment }).toString()}`);
    // The past state stands at the top of the page, above the history the user chose it in.
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <PatientHeader studyPatient={header} title={`${patient.text(definition.displayKey)} – ${texts.formHistory.heading}`}>
        <Button as={RouterLink} to=".">
          {texts.formHistory.backToForm}
        </Button>
      </PatientHeader>
      {withAsOf && (
        <FormAsOf snapshot={stored.asOf ?? null} at={at} patient={patient} query={query} place={place} formFieldsOf={formFieldsOf} />
      )}
      <AsOfChooser onChoose={showAsOf} />
      <InstrumentHistory
        instrument={stored}
        sources={sources}
        definitionOf={(key) => patient.index.fieldById.get(key)}
        onShowAsOf={showAsOf}
      />
    </>
  );
}
