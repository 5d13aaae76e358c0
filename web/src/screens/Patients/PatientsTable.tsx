import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Button, Checkbox, FormControl, Label, Link, Select, TextInput } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import type { PatientsTable_query$data, PatientsTable_query$key } from '../../__generated__/PatientsTable_query.graphql';
import type { StudyPatientOrderField } from '../../__generated__/PatientsTablePaginationQuery.graphql';
import { useRefetchOnChange } from '../../administration/useRefetchOnChange';
import { SortControls } from '../../components/SortControls';
import { formatDay } from '../../patients/dates';
import { identityName } from '../../patients/identityName';
import { StateLabel } from '../../patients/StateLabel';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { locationLabel } from '../../location/locationLabel';
import { TEXT_LIMITS } from '@ecrf/rules';

export const PATIENTS_PAGE = 25;
const t = texts.patients;
const sortFields = Object.entries(t.sortFields) as [StudyPatientOrderField, string][];

type Patient = PatientsTable_query$data['studyPatients']['edges'][number]['node'];

type Props = {
  query: PatientsTable_query$key;
  /** The id of the screen heading that names the table. */
  labelledBy: string;
  studyId: string;
  locations: readonly { id: string; identifier: string; displayName: string }[];
  mayListAssigned: boolean;
  /** The viewer may read identities: the graph answers them for the patients the read token covers. */
  showNames: boolean;
  /**
   * The patient screen and the visit states need the patient context (StudyPatientGetContextCmd), which billing
   * roles lack: then the pseudonym is no link and the visits column is left out.
   */
  mayOpenPatients: boolean;
};

/** Filters (all off by default, ecrf-calls.md §9), search, sorting and paging of the patient table. */
export function PatientsTable({ query, labelledBy, studyId, locations, mayListAssigned, showNames, mayOpenPatients }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment PatientsTable_query on Query
      @argumentDefinitions(
        studyId: { type: "ID!" }
        first: { type: "Int!" }
        after: { type: "String" }
        filter: { type: "StudyPatientFilter" }
        orderBy: { type: "StudyPatientOrder", defaultValue: { field: PSEUDONYM, descending: false } }
      )
      @refetchable(queryName: "PatientsTablePaginationQuery") {
        studyPatients(studyId: $studyId, filter: $filter, orderBy: $orderBy, first: $first, after: $after)
          @connection(key: "PatientsTable_studyPatients") {
          totalCount
          edges {
            node {
              id
              pseudonym
              registrationDate
              isDigiNet
              identity {
                firstName
                lastName
                birthDate
              }
              location {
                identifier
                displayName
              }
              visitSummaries {
                visitId
                state
              }
            }
          }
        }
      }
    `,
    query,
  );
  const [search, setSearch] = useState('');
  const [isDigiNet, setIsDigiNet] = useState(false);
  const [hasMuripedia, setHasMuripedia] = useState(false);
  const [hasDropout, setHasDropout] = useState(false);
  const [studyInstituteId, setStudyInstituteId] = useState('');
  const [assignedOnly, setAssignedOnly] = useState(false);
  const [includeDeleted, setIncludeDeleted] = useState(false);
  const [field, setField] = useState<StudyPatientOrderField>('PSEUDONYM');
  const [descending, setDescending] = useState(false);
  useRefetchOnChange(
    {
      studyId,
      first: PATIENTS_PAGE,
      filter: {
        search: search.trim() || null,
        isDigiNet,
        hasMuripedia,
        hasDropout,
        studyInstituteId: studyInstituteId || null,
        assignedOnly,
        includeDeleted,
      },
      orderBy: { field, descending },
    },
    (variables) => refetch(variables, { fetchPolicy: 'network-only' }),
  );

  const flag = (label: string, checked: boolean, set: (value: boolean) => void) => (
    <FormControl>
      <Checkbox checked={checked} onChange={(event) => set(event.target.checked)} />
      <FormControl.Label>{label}</FormControl.Label>
    </FormControl>
  );
  const edges = data.studyPatients.edges;
  return (
    <>
      <div className={styles.toolbar}>
        <FormControl>
          <FormControl.Label>{texts.admin.search}</FormControl.Label>
          <TextInput
            type="search"
            maxLength={TEXT_LIMITS.patientSearch}
            value={search}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t.filterStudyInstitute}</FormControl.Label>
          <Select value={studyInstituteId} onChange={(event) => setStudyInstituteId(event.target.value)}>
            <Select.Option value="">{t.anyLocation}</Select.Option>
            {locations.map((location) => (
              <Select.Option key={location.id} value={location.id}>
                {locationLabel(location)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <SortControls
          labels={t}
          fields={sortFields}
          field={field}
          onFieldChange={setField}
          descending={descending}
          onDescendingChange={setDescending}
        />
      </div>
      <fieldset className={styles.toolbar}>
        <legend className={styles.muted}>{t.filters}</legend>
        {flag(t.filterIsDiginet, isDigiNet, setIsDigiNet)}
        {flag(t.filterHasMuripedia, hasMuripedia, setHasMuripedia)}
        {flag(t.filterHasDropout, hasDropout, setHasDropout)}
        {mayListAssigned && flag(t.assignedOnly, assignedOnly, setAssignedOnly)}
        {flag(t.includeDeleted, includeDeleted, setIncludeDeleted)}
      </fieldset>
      {edges.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <DataTable
          aria-labelledby={labelledBy}
          cellPadding="condensed"
          columns={patientColumns(showNames, mayOpenPatients)}
          data={edges.map(({ node }) => node)}
        />
      )}
      <div className={styles.footer}>
        <span className={styles.muted}>{texts.admin.count(edges.length, data.studyPatients.totalCount)}</span>
        {hasNext && (
          <Button onClick={() => loadNext(PATIENTS_PAGE)} disabled={isLoadingNext}>
            {texts.admin.loadMore}
          </Button>
        )}
      </div>
    </>
  );
}

/** The name column needs the right to read identities, the visits column the patient context. */
function patientColumns(showNames: boolean, mayOpenPatients: boolean): Column<Patient>[] {
  const columns: (Column<Patient> | false)[] = [
    {
      id: 'pseudonym',
      header: t.pseudonym,
      renderCell: (node) => (
        <span>
          {mayOpenPatients ? (
            <Link as={RouterLink} to={`/patient/${encodeURIComponent(node.id)}`} aria-label={t.open(node.pseudonym)}>
              {node.pseudonym}
            </Link>
          ) : (
            node.pseudonym
          )}{' '}
          {node.isDigiNet && <Label variant="accent">{t.digiNet}</Label>}
        </span>
      ),
    },
    showNames && { id: 'name', header: t.name, renderCell: (node) => (node.identity ? identityName(node.identity) : '–') },
    { id: 'location', header: t.location, renderCell: (node) => locationLabel(node.location) },
    { id: 'registrationDate', header: t.registrationDate, width: 'auto', renderCell: (node) => formatDay(node.registrationDate) },
    mayOpenPatients && {
      id: 'visits',
      header: t.visits,
      renderCell: (node) =>
        node.visitSummaries.length === 0 ? (
          '–'
        ) : (
          <span className={styles.actions}>
            {node.visitSummaries.map((visit) => (
              <StateLabel key={visit.visitId} state={visit.state} />
            ))}
          </span>
        ),
    },
  ];
  return columns.filter((column) => column !== false);
}
