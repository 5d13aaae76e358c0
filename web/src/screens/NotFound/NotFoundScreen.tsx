import { Heading, Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { texts } from '../../texts';

/** Unknown routes of a signed-in user (signed-out users are sent to '/'). */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-heading">
      <Heading as="h1" id="not-found-heading">
        {texts.notFound.heading}
      </Heading>
      <p>{texts.notFound.text}</p>
      <Link as={RouterLink} to="/home">
        {texts.notFound.toHome}
      </Link>
    </section>
  );
}
