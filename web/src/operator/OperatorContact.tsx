import { graphql, useFragment } from 'react-relay';
import { Link } from '@primer/react';
import type { OperatorContact_clientConfig$key } from '../__generated__/OperatorContact_clientConfig.graphql';
import { texts } from '../texts';
import styles from './OperatorContact.module.css';

/** The registry's operator with postal address, support phone and mail, as the gateway's configuration names them. */
export function OperatorContact({ clientConfig }: { clientConfig: OperatorContact_clientConfig$key }) {
  const { operatorName, operatorAddress, supportPhone, supportEmail } = useFragment(
    graphql`
      fragment OperatorContact_clientConfig on ClientConfig {
        operatorName
        operatorAddress
        supportPhone
        supportEmail
      }
    `,
    clientConfig,
  );
  return (
    <address className={styles.address}>
      <strong>{operatorName}</strong>
      {operatorAddress.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>
        {texts.operator.phone}: <Link href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</Link>
      </span>
      <span>
        {texts.operator.email}: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
      </span>
    </address>
  );
}
