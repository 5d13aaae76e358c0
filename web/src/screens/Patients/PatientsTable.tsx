import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Button, Checkbox, FormControl, Label, Link, Select, TextInput } from '@primer/react';
import type { PatientsTable_query$key } from '../../__generated__/PatientsTable_query.graphql';
import type { StudyPatientOrderField } from '../../__generated__/PatientsTablePaginationQuery.graphql';
import { useRefetchOnChange } from '../../administration/useRefetchOnChange';
import { formatDay } from '../../patients/dates';
import { identityName } from '../../patients/identityName';
import { StateLabel } from '../../patients/StateLabel';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { locationLabel } from '../../location/locationLabel';

export const PATIENTS_PAGE = 25;
const t = texts.patients;
const sortFields = Object.entries(t.sortFields) as [StudyPatientOrderField, string][];

type Props = {
  query: PatientsTable_query$key;
  studyId: string;
  locations: readonly { id: string; identifier: string; displayName: string }[];
  mayListAssigned: boolean;
  /** The viewer may read identities: the graph answers them for the patients the read token covers. */
  showNames: boolean;
  /** Visit states need the patient context (StudyPatientGetContextCmd), which billing roles lack: the graph answers none. */
  showVisits: boolean;
};

/** Filters (all off by default, ecrf-calls.md §9), search, sorting and paging of the patient table. */
export function PatientsTable({ query, studyId, locations, mayListAssigned, showNames, showVisits }: Props) {
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
              visits {
                id
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
          <TextInput type="search" value={search} placeholder={t.searchPlaceholder} onChange={(event) => setSearch(event.target.value)} />
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
        <FormControl>
          <FormControl.Label>{t.sortBy}</FormControl.Label>
          <Select value={field} onChange={(event) => setField(event.target.value as StudyPatientOrderField)}>
            {sortFields.map(([value, label]) => (
              <Select.Option key={value} value={value}>
                {label}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {flag(t.descending, descending, setDescending)}
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
        <table className={styles.table} aria-label={t.heading}>
          <thead>
            <tr>
              <th scope="col">{t.pseudonym}</th>
              {showNames && <th scope="col">{t.name}</th>}
              <th scope="col">{t.location}</th>
              <th scope="col">{t.registrationDate}</th>
              {showVisits && <th scope="col">{t.visits}</th>}
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.id}>
                <td>
                  <Link as={RouterLink} to={`/patient/${encodeURIComponent(node.id)}`} aria-label={t.open(node.pseudonym)}>
                    {node.pseudonym}
                  </Link>{' '}
                  {node.isDigiNet && <Label variant="accent">{t.digiNet}</Label>}
                </td>
                {showNames && <td>{node.identity ? identityName(node.identity) : '–'}</td>}
                <td>{locationLabel(node.location)}</td>
                <td>{formatDay(node.registrationDate)}</td>
                {showVisits && (
                  <td>
                    {node.visits.length === 0 ? (
                      '–'
                    ) : (
                      <span className={styles.actions}>
                        {node.visits.map((visit) => (
                          <StateLabel key={visit.id} state={visit.state} />
                        ))}
                      </span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
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
