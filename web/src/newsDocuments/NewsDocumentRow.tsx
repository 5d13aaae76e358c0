import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button, Label, useConfirm } from '@primer/react';
import { DownloadIcon } from '@primer/octicons-react';
import { registryToday } from '@ecrf/rules';
import type {
  NewsDocumentRow_newsDocument$data,
  NewsDocumentRow_newsDocument$key,
} from '../__generated__/NewsDocumentRow_newsDocument.graphql';
import { useFileDownload } from '../components/useFileDownload';
import { useFeedback } from '../feedback/feedbackContext';
import { useDeleteNewsDocumentMutation } from '../mutations/DeleteNewsDocumentMutation';
import { useRestoreNewsDocumentMutation } from '../mutations/RestoreNewsDocumentMutation';
import { formatDay } from '../patients/dates';
import { texts } from '../texts';
import { EditNewsDocumentDialog } from './EditNewsDocumentDialog';
import adminStyles from '../administration/AdminTable.module.css';
import styles from './NewsDocuments.module.css';

const t = texts.newsDocuments;

/** What the page needs to upload a new version of a row's document. */
export type VersionTarget = { id: string; title: string; version: number; nextDocVersion: number };

type Props = {
  newsDocument: NewsDocumentRow_newsDocument$key;
  can: { readonly update: boolean; readonly delete: boolean };
  onNewVersion: (target: VersionTarget) => void;
  /** The document was changed, deleted or restored: the list is loaded again, with `message` for the snackbar. */
  onChanged: (message: string | null) => void;
};

/** One document of a list: title with description and marks, tags, version, date, download and the editors' actions. */
export function NewsDocumentRow({ newsDocument, can, onNewVersion, onChanged }: Props) {
  const document = useFragment(
    graphql`
      fragment NewsDocumentRow_newsDocument on NewsDocument {
        id
        title
        description
        tags
        kind
        digiNetOnly
        isDeleted
        isUnread
        version
        latestVersion {
          id
          docVersion
          uploadedAt
        }
        ...EditNewsDocumentDialog_newsDocument
      }
    `,
    newsDocument,
  );
  const download = useFileDownload();
  const [editing, setEditing] = useState(false);
  const { title, latestVersion } = document;
  return (
    <tr className={document.isDeleted ? styles.deleted : undefined}>
      <td>
        <div className={styles.titleLine}>
          <strong>{title}</strong>
          {document.kind === 'NEWS' && document.isUnread && <Label variant="accent">{t.unread}</Label>}
          {document.digiNetOnly && <Label variant="attention">{t.digiNet}</Label>}
          {document.isDeleted && <Label variant="danger">{t.deleted}</Label>}
        </div>
        {document.description !== '' && <p className={styles.description}>{document.description}</p>}
      </td>
      <td>
        <div className={styles.tags}>
          {document.tags.map((tag) => (
            <Label key={tag}>{tag}</Label>
          ))}
        </div>
      </td>
      <td className={styles.nowrap}>{t.versionNumber(latestVersion.docVersion)}</td>
      <td className={styles.nowrap}>{formatDay(registryToday(new Date(latestVersion.uploadedAt)))}</td>
      <td>
        <div className={adminStyles.actions}>
          <Button size="small" leadingVisual={DownloadIcon} aria-label={t.downloadLabel(title)} onClick={() => download(latestVersion.id)}>
            {t.download}
          </Button>
          {can.update && !document.isDeleted && (
            <>
              <Button
                size="small"
                aria-label={t.newVersionLabel(title)}
                onClick={() =>
                  onNewVersion({ id: document.id, title, version: document.version, nextDocVersion: latestVersion.docVersion + 1 })
                }
              >
                {t.newVersion}
              </Button>
              <Button size="small" aria-label={t.editLabel(title)} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            </>
          )}
          {can.delete && <StateAction document={document} onChanged={onChanged} />}
        </div>
        {editing && (
          <EditNewsDocumentDialog
            newsDocument={document}
            onClose={() => setEditing(false)}
            onSaved={(message) => {
              setEditing(false);
              onChanged(message);
            }}
          />
        )}
      </td>
    </tr>
  );
}

/** Löschen (after a confirmation) or Wiederherstellen, with the version read. */
function StateAction({ document, onChanged }: { document: NewsDocumentRow_newsDocument$data; onChanged: Props['onChanged'] }) {
  const [remove, removing] = useDeleteNewsDocumentMutation();
  const [restore, restoring] = useRestoreNewsDocumentMutation();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const input = { id: document.id, version: document.version };
  const done = (errors: readonly { readonly message: string }[], success: string) => {
    if (errors.length > 0) feedback.showAlert(errors.map((e) => e.message).join(' '));
    onChanged(errors.length > 0 ? null : success);
  };
  if (document.isDeleted)
    return (
      <Button
        size="small"
        disabled={restoring}
        aria-label={t.restoreLabel(document.title)}
        onClick={() =>
          restore({
            variables: { input },
            onCompleted: ({ restoreNewsDocument }) => done(restoreNewsDocument.errors, t.restored(document.title)),
          })
        }
      >
        {t.restore}
      </Button>
    );
  return (
    <Button
      size="small"
      variant="danger"
      disabled={removing}
      aria-label={t.removeLabel(document.title)}
      onClick={async () => {
        const confirmed = await confirm({
          title: t.removeTitle,
          content: t.removeConfirm(document.title),
          confirmButtonContent: t.remove,
          confirmButtonType: 'danger',
        });
        if (!confirmed) return;
        remove({
          variables: { input },
          onCompleted: ({ deleteNewsDocument }) => done(deleteNewsDocument.errors, t.removed(document.title)),
        });
      }}
    >
      {t.remove}
    </Button>
  );
}
