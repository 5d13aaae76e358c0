import { useState } from 'react';
import { useRefetchOnChange } from '../../administration/useRefetchOnChange';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Banner, Button, Checkbox, FormControl, Heading, TextInput } from '@primer/react';
import institutesScreenQueryNode from '../../__generated__/InstitutesScreenQuery.graphql';
import type { InstitutesScreenQuery } from '../../__generated__/InstitutesScreenQuery.graphql';
import type { InstitutesScreen_list$key } from '../../__generated__/InstitutesScreen_list.graphql';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { InstituteCard, type InstituteCapabilities } from './InstituteCard';
import { InstituteFormDialog } from './InstituteFormDialog';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
export const institutesScreenQuery = defineScreenQuery<InstitutesScreenQuery>(institutesScreenQueryNode, () => ({}));

/** /institutes: institutes with their locations and assigned users (ecrf-calls.md §7; issue 3). */
export function InstitutesScreen() {
  const data = usePreloadedQuery<InstitutesScreenQuery>(
    graphql`
      query InstitutesScreenQuery {
        ...AppShell_query
        viewer {
          administration {
            canListInstitutes
            canCreateInstitute
            canEditInstitute
            canDeleteInstitute
            canRestoreInstitute
            canAssignUsers
            canRemoveUsers
            canListUsers
            canReadRecordHistory
          }
        }
        ...InstitutesScreen_list
      }
    `,
    useScreenReference(institutesScreenQuery),
  );
  const can = data.viewer.administration;
  const [creating, setCreating] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  if (!can.canListInstitutes) return <Banner variant="critical" title={texts.admin.forbidden} />;

  return (
    <section aria-labelledby="institutes-heading">
      <div className={styles.toolbar}>
        <Heading as="h1" id="institutes-heading" className={styles.heading}>
          {texts.institutes.heading}
        </Heading>
        {can.canCreateInstitute && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {texts.institutes.create}
          </Button>
        )}
      </div>
      <InstitutesList
        list={data}
        capabilities={{ ...can, canAssignUsers: can.canAssignUsers && can.canListUsers }}
        refreshKey={refreshKey}
      />
      {creating && (
        <InstituteFormDialog
          institute={null}
          onClose={(saved) => {
            setCreating(false);
            if (saved) setRefreshKey((key) => key + 1);
          }}
        />
      )}
    </section>
  );
}

type ListProps = {
  list: InstitutesScreen_list$key;
  capabilities: InstituteCapabilities;
  refreshKey: number;
};

function InstitutesList({ list, capabilities, refreshKey }: ListProps) {
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment InstitutesScreen_list on Query
      @argumentDefinitions(search: { type: "String" }, includeDeleted: { type: "Boolean", defaultValue: false })
      @refetchable(queryName: "InstitutesListRefetchQuery") {
        institutes(search: $search, includeDeleted: $includeDeleted) {
          totalCount
          edges {
            node {
              id
              ...InstituteCard_institute
            }
          }
        }
      }
    `,
    list,
  );
  const [search, setSearch] = useState('');
  const [includeDeleted, setIncludeDeleted] = useState(false);
  useRefetchOnChange(
    { search: search.trim() || null, includeDeleted },
    (variables) => refetch(variables, { fetchPolicy: 'network-only' }),
    refreshKey,
  );

  return (
    <>
      <div className={styles.toolbar}>
        <FormControl>
          <FormControl.Label>{texts.admin.search}</FormControl.Label>
          <TextInput
            type="search"
            value={search}
            placeholder={texts.institutes.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <Checkbox checked={includeDeleted} onChange={(event) => setIncludeDeleted(event.target.checked)} />
          <FormControl.Label>{texts.institutes.showDeleted}</FormControl.Label>
        </FormControl>
      </div>
      {data.institutes.edges.length === 0 && <p>{texts.institutes.empty}</p>}
      {data.institutes.edges.map(({ node }) => (
        <InstituteCard key={node.id} institute={node} capabilities={capabilities} />
      ))}
    </>
  );
}
