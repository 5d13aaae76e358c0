import { useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Dialog } from '@primer/react';
import { useNavigate } from 'react-router';
import type { NewsRedirectDialogQuery } from '../__generated__/NewsRedirectDialogQuery.graphql';
import { useMarkNewsReadMutation } from '../mutations/MarkNewsReadMutation';
import { texts } from '../texts';
import styles from './NewsDocuments.module.css';

const t = texts.newsRedirect;

/**
 * 'Weiterleitung zu News' (ecrf-core.md §2, §6): shown by the shell once after sign-in to users of non-admin type,
 * when they have unread news. OK marks the news read and opens /newsDocuments; closing it leaves them unread for the
 * next sign-in. It asks the graph once per sign-in (its own query), so screens keep their one operation.
 */
export function NewsRedirectDialog({ onDone }: { onDone: () => void }) {
  const { viewer } = useLazyLoadQuery<NewsRedirectDialogQuery>(
    graphql`
      query NewsRedirectDialogQuery {
        viewer {
          hasUnreadNews
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  const navigate = useNavigate();
  const [markRead, marking] = useMarkNewsReadMutation();
  const due = viewer.hasUnreadNews;
  useEffect(() => {
    if (!due) onDone();
  }, [due, onDone]);
  if (!due) return null;

  const forward = () =>
    markRead({
      variables: { input: {} },
      onCompleted: () => {
        onDone();
        navigate('/newsDocuments');
      },
      onError: () => {
        onDone();
        navigate('/newsDocuments');
      },
    });

  return (
    <Dialog
      title={t.title}
      width="large"
      className={styles.dialog}
      onClose={onDone}
      footerButtons={[{ content: t.ok, buttonType: 'primary', disabled: marking, onClick: forward, autoFocus: true }]}
    >
      <p>{t.text}</p>
    </Dialog>
  );
}
