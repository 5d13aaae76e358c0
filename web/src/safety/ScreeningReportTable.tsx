import { graphql, usePaginationFragment } from 'react-relay';
import { Button, Heading } from '@primer/react';
import type { ScreeningReportTable_query$key } from '../__generated__/ScreeningReportTable_query.graphql';
import { formatDay } from '../patients/dates';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import onkozertStyles from '../onkozert/Onkozert.module.css';
import { screeningValueText } from './safetyForms';

export const SCREENING_PAGE = 50;
const t = texts.safety;

/** The patients registered since the day with the configured fields, oldest registration first. */
export function ScreeningReportTable({ query }: { query: ScreeningReportTable_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ScreeningReportTable_query on Query
      @argumentDefinitions(studyId: { type: "ID!" }, fromDate: { type: "Date!" }, first: { type: "Int!" }, after: { type: "String" })
      @refetchable(queryName: "ScreeningReportTablePaginationQuery") {
        screeningReport(studyId: $studyId, fromDate: $fromDate) {
          columns {
            name
            label
          }
          rows(first: $first, after: $after) @connection(key: "ScreeningReportTable_rows") {
            totalCount
            edges {
              node {
                studyPatientId
                pseudonym
                locationIdentifier
                locationName
                registrationDate
                values
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { columns, rows } = data.screeningReport;
  return (
    <section aria-labelledby="screening-report-heading">
      <Heading as="h2" id="screening-report-heading" className={styles.heading}>
        {t.reportHeading}
      </Heading>
      {columns.length === 0 && <p className={styles.muted}>{t.noColumns}</p>}
      {rows.edges.length === 0 ? (
        <p>{t.reportEmpty}</p>
      ) : (
        <div className={onkozertStyles.scroll}>
          <table className={styles.table} aria-labelledby="screening-report-heading">
            <thead>
              <tr>
                <th scope="col">{t.pseudonym}</th>
                <th scope="col">{t.location}</th>
                <th scope="col">{t.registrationDate}</th>
                {columns.map((column) => (
                  <th scope="col" key={column.name}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.edges.map(({ node }) => (
                <tr key={node.studyPatientId}>
                  <td>{node.pseudonym}</td>
                  <td>
                    {node.locationIdentifier} - {node.locationName}
                  </td>
                  <td>{formatDay(node.registrationDate)}</td>
                  {node.values.map((value, index) => (
                    <td key={columns[index]?.name ?? index}>{screeningValueText(value)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasNext && (
        <Button onClick={() => loadNext(SCREENING_PAGE)} disabled={isLoadingNext}>
          {t.more}
        </Button>
      )}
    </section>
  );
}
