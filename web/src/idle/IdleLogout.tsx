import { useEffect, useEffectEvent, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button } from '@primer/react';
import type { IdleLogout_clientConfig$key } from '../__generated__/IdleLogout_clientConfig.graphql';
import { createIdleTimer, formatCountdown } from './idleTimer';
import { sharedTabSession } from '../relay/environment';
import { texts } from '../texts';
import styles from './IdleLogout.module.css';

/** Activity that keeps the session (ecrf-core.md §4). `focus` is the window regaining focus. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;

type Props = { clientConfig: IdleLogout_clientConfig$key; onTimeout: () => void };

/**
 * Watches activity (in this tab and the other tabs of the session) and shows the countdown 'Abmeldung in m:ss'. The warning does not take focus, so
 * showing it is not itself "activity"; any pointer, key, wheel or touch input cancels it.
 */
export function IdleLogout({ clientConfig, onTimeout }: Props) {
  const { idleWarningAfterMs, autoLogoutAfterWarn } = useFragment(
    graphql`
      fragment IdleLogout_clientConfig on ClientConfig {
        idleWarningAfterMs
        autoLogoutAfterWarn
      }
    `,
    clientConfig,
  );
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // Not a dependency of the timer: a re-render with a new callback must not restart the idle period.
  const timeout = useEffectEvent(() => onTimeout());

  useEffect(() => {
    const timer = createIdleTimer({
      warnAfterMs: idleWarningAfterMs,
      countdownSeconds: autoLogoutAfterWarn,
      onCountdown: setSecondsLeft,
      onCancel: () => setSecondsLeft(null),
      onTimeout: () => {
        setSecondsLeft(null);
        timeout();
      },
    });
    // The idle period is the session's: activity in another tab of it counts here too.
    const tabs = sharedTabSession();
    const onActivity = () => {
      timer.activity();
      tabs.announceActivity();
    };
    const stopFollowing = tabs.onActivity(() => timer.activity());
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      timer.stop();
      stopFollowing();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [idleWarningAfterMs, autoLogoutAfterWarn]);

  if (secondsLeft === null) return null;
  return (
    <div className={styles.region} role="alert" aria-label={texts.idle.title}>
      <Banner
        variant="warning"
        title={texts.idle.title}
        description={
          <>
            <span>{texts.idle.warning}</span> <strong>{texts.idle.countdown(formatCountdown(secondsLeft))}</strong>
          </>
        }
        primaryAction={<Button onClick={() => setSecondsLeft(null)}>{texts.idle.stay}</Button>}
      />
    </div>
  );
}
