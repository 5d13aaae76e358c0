import { useState } from 'react';
import { useRefetchOnChange } from '../../administration/useRefetchOnChange';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button, Checkbox, FormControl, Select, TextInput } from '@primer/react';
import { DataTable } from '@primer/react/experimental';
import type { UsersTable_query$key } from '../../__generated__/UsersTable_query.graphql';
import type { UserOrderField } from '../../__generated__/UsersTablePaginationQuery.graphql';
import type { UserFormDialog_options$key } from '../../__generated__/UserFormDialog_options.graphql';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import type { UserActionCapabilities } from './UserActions';
import { readUserRow, userColumns } from './UserRow';
import { TEXT_LIMITS } from '@ecrf/rules';

type Props = {
  query: UsersTable_query$key;
  options: UserFormDialog_options$key;
  capabilities: UserActionCapabilities;
  /** The id of the screen heading that names the table. */
  labelledBy: string;
  /** Changes when a user was created elsewhere: the list loads again. */
  refreshKey: number;
};

export const USERS_PAGE = 25;
const PAGE = USERS_PAGE;
const sortFields: { value: UserOrderField; label: string }[] = [
  { value: 'USER_NAME', label: texts.users.userName },
  { value: 'DISPLAY_NAME', label: texts.users.displayName },
  { value: 'EMAIL_ADDRESS', label: texts.users.emailAddress },
  { value: 'ROLE', label: texts.users.role },
];

/** The searchable, sortable, paged user table. */
export function UsersTable({ query, options, capabilities, labelledBy, refreshKey }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment UsersTable_query on Query
      @argumentDefinitions(
        first: { type: "Int!" }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "UserOrder", defaultValue: { field: USER_NAME, descending: false } }
        includeDeleted: { type: "Boolean", defaultValue: false }
      )
      @refetchable(queryName: "UsersTablePaginationQuery") {
        users(first: $first, after: $after, search: $search, orderBy: $orderBy, includeDeleted: $includeDeleted)
          @connection(key: "UsersTable_users") {
          totalCount
          edges {
            node {
              ...UserRow_user
            }
          }
        }
      }
    `,
    query,
  );
  const [search, setSearch] = useState('');
  const [field, setField] = useState<UserOrderField>('USER_NAME');
  const [descending, setDescending] = useState(false);
  const [includeDeleted, setIncludeDeleted] = useState(false);
  useRefetchOnChange(
    { search: search.trim() || null, orderBy: { field, descending }, includeDeleted, first: PAGE },
    (variables) => refetch(variables, { fetchPolicy: 'network-only' }),
    refreshKey,
  );

  const edges = data.users.edges;
  return (
    <>
      <div className={styles.toolbar}>
        <FormControl>
          <FormControl.Label>{texts.admin.search}</FormControl.Label>
          <TextInput
            type="search"
            maxLength={TEXT_LIMITS.search}
            value={search}
            placeholder={texts.users.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>{texts.users.sortBy}</FormControl.Label>
          <Select value={field} onChange={(event) => setField(event.target.value as UserOrderField)}>
            {sortFields.map((option) => (
              <Select.Option key={option.value} value={option.value}>
                {option.label}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <Checkbox checked={descending} onChange={(event) => setDescending(event.target.checked)} />
          <FormControl.Label>{texts.users.descending}</FormControl.Label>
        </FormControl>
        <FormControl>
          <Checkbox checked={includeDeleted} onChange={(event) => setIncludeDeleted(event.target.checked)} />
          <FormControl.Label>{texts.users.showDeleted}</FormControl.Label>
        </FormControl>
      </div>
      {edges.length === 0 ? (
        <p>{texts.users.empty}</p>
      ) : (
        <DataTable
          aria-labelledby={labelledBy}
          cellPadding="condensed"
          data={edges.map((edge) => readUserRow(edge.node))}
          columns={userColumns(options, capabilities)}
        />
      )}
      <div className={styles.footer}>
        <span className={styles.muted}>{texts.admin.count(edges.length, data.users.totalCount)}</span>
        {hasNext && (
          <Button onClick={() => loadNext(PAGE)} disabled={isLoadingNext}>
            {texts.admin.loadMore}
          </Button>
        )}
      </div>
    </>
  );
}
