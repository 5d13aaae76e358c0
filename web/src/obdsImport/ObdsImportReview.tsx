import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Heading, Link, Text } from '@primer/react';
import { DownloadIcon } from '@primer/octicons-react';
import type { ObdsImportReview_obdsImport$key } from '../__generated__/ObdsImportReview_obdsImport.graphql';
import { mayRegisterPatients } from '../patients/identityRights';
import { getStoredRights } from '../session/sessionStore';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import obdsStyles from './ObdsImport.module.css';
import { ObdsMessageReview } from './ObdsMessageReview';
import { statusText } from './obdsImportStatus';

const t = texts.obdsImport;

/**
 * What to do for the patients the import did not find definitely (shown once per import). The identity of the file is not kept (it never leaves
 * the gateway), so the registration cannot be prefilled and a possible match not shown here: the registration matches
 * the person again (a possible match is decided there, in the possible-match review), and uploading the file again
 * then proposes the messages.
 */
function UnmatchedHint() {
  const rights = getStoredRights();
  return (
    <Banner variant="info" title={t.unmatchedTitle}>
      {t.unmatchedHint}{' '}
      {rights && mayRegisterPatients(rights) && (
        <Link as={RouterLink} to="/patientCreate">
          {t.register}
        </Link>
      )}
    </Banner>
  );
}

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
        outcomeCounts {
          unmatched
        }
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
      {data.outcomeCounts.unmatched > 0 && <UnmatchedHint />}
      {data.messages.map((message) => (
        <ObdsMessageReview key={message.id} message={message} />
      ))}
    </section>
  );
}
