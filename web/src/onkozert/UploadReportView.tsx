import { Banner, Heading } from '@primer/react';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import onkozertStyles from './Onkozert.module.css';
import type { UploadReport } from './uploadOnkozertFile';

const t = texts.onkozert;

/** The report of an upload: how many rows were taken, and each refused row with column and German message. */
export function UploadReportView({ report }: { report: UploadReport }) {
  return (
    <section aria-labelledby="onkozert-report-heading">
      <Heading as="h2" id="onkozert-report-heading" className={styles.heading}>
        {t.reportHeading}: {report.fileName}
      </Heading>
      <Banner
        variant={report.rejectedRowCount === 0 ? 'success' : 'warning'}
        title={t.reportSummary(report.acceptedRowCount, report.rejectedRowCount)}
        description={report.rejectedRowCount === 0 ? t.allAccepted : undefined}
        hideTitle={false}
      />
      {report.rejectedRows.length > 0 && (
        <div className={onkozertStyles.scroll}>
          <table className={styles.table} aria-labelledby="onkozert-report-heading">
            <thead>
              <tr>
                <th scope="col">{t.row}</th>
                <th scope="col">{t.column}</th>
                <th scope="col">{t.message}</th>
              </tr>
            </thead>
            <tbody>
              {report.rejectedRows.map((problem, index) => (
                <tr key={`${problem.row}-${problem.column ?? ''}-${index}`}>
                  <td>{problem.row}</td>
                  <td>{problem.column ?? t.wholeRow}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
