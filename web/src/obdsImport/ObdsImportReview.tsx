import { graphql, useFragment } from 'react-relay';
import { Banner, Heading, Link, Text } from '@primer/react';
import { DownloadIcon } from '@primer/octicons-react';
import type { ObdsImportReview_obdsImport$key } from '../__generated__/ObdsImportReview_obdsImport.graphql';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import obdsStyles from './ObdsImport.module.css';
import { ObdsMessageReview } from './ObdsMessageReview';
import { statusText } from './obdsImportStatus';

const t = texts.obdsImport;

/** An import: its file, its counts, the report to download, and each message with its proposals. */
export function ObdsImportReview({ obdsImport }: { obdsImport: ObdsImportReview_obdsImport$key }) {
  const data = useFragment(
    graphql`
      fragment ObdsImportReview_obdsImport on ObdsImport {
        fileName
        patientCount
        patientsDone
        messageCount
        status
        failureReason
        reportUrl
        messages {
          id
          ...ObdsMessageReview_message
        }
      }
    `,
    obdsImport,
  );
  return (
    <section aria-labelledby="obds-review-heading" className={obdsStyles.review}>
      <Heading as="h2" id="obds-review-heading" className={styles.heading}>
        {data.fileName}
      </Heading>
      <Text as="p">
        {t.summary(data.patientCount, data.messageCount)} · {statusText(data)}
      </Text>
      {data.failureReason && <Banner variant="critical" title={data.failureReason} />}
      <p>
        <Link href={data.reportUrl} download>
          <DownloadIcon /> {t.report}
        </Link>
      </p>
      {data.messages.map((message) => (
        <ObdsMessageReview key={message.id} message={message} />
      ))}
    </section>
  );
}
