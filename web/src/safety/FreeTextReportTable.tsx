import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '@primer/react';
import type { FreeTextReportTable_query$key } from '../__generated__/FreeTextReportTable_query.graphql';
import { formatAuditTime } from '../audit/auditFormat';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import onkozertStyles from '../onkozert/Onkozert.module.css';

export const FREETEXT_PAGE = 50;
const t = texts.safety;

/** The free texts of the report, oldest change first, with patient, location, form and field. */
export function FreeTextReportTable({ query, labelledBy }: { query: FreeTextReportTable_query$key; labelledBy: string }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment FreeTextReportTable_query on Query
      @argumentDefinitions(studyId: { type: "ID!" }, fromDate: { type: "Date!" }, first: { type: "Int!" }, after: { type: "String" })
      @refetchable(queryName: "FreeTextReportTablePaginationQuery") {
        freeTextReport(studyId: $studyId, fromDate: $fromDate, first: $first, after: $after)
          @connection(key: "FreeTextReportTable_freeTextReport") {
          totalCount
          edges {
            node {
              dataFieldId
              pseudonym
              locationIdentifier
              locationName
              visitLabel
              instrumentLabel
              fieldLabel
              text
              changedAt
              changedBy
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.freeTextReport.edges;
  if (edges.length === 0) return <p>{t.freetextEmpty}</p>;
  return (
    <>
      <div className={onkozertStyles.scroll}>
        <table className={styles.table} aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t.changedAt}</th>
              <th scope="col">{t.pseudonym}</th>
              <th scope="col">{t.location}</th>
              <th scope="col">{t.place}</th>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.text}</th>
              <th scope="col">{t.changedBy}</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.dataFieldId}>
                <td>{formatAuditTime(node.changedAt)}</td>
                <td>{node.pseudonym}</td>
                <td>
                  {node.locationIdentifier} - {node.locationName}
                </td>
                <td>{[node.visitLabel, node.instrumentLabel].filter(Boolean).join(' / ') || t.patientFields}</td>
                <td>{node.fieldLabel}</td>
                <td style={{ whiteSpace: 'pre-line' }}>{node.text}</td>
                <td>{node.changedBy ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasNext && (
        <Button onClick={() => loadNext(FREETEXT_PAGE)} disabled={isLoadingNext}>
          {t.more}
        </Button>
      )}
    </>
  );
}
