import { useEffect, useState, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Banner, Button, Heading, useConfirm } from '@primer/react';
import { hasRight } from '@ecrf/rules';
import genericExportsScreenQueryNode from '../../__generated__/GenericExportsScreenQuery.graphql';
import type { GenericExportsScreenQuery } from '../../__generated__/GenericExportsScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { exportStudyOfRoute, useExportStudy } from '../../exports/ExportStudy';
import { PageSpinner } from '../../components/PageSpinner';
import { useFeedback } from '../../feedback/feedbackContext';
import { useDeleteGenericExportDefinitionMutation } from '../../mutations/DeleteGenericExportDefinitionMutation';
import { useDuplicateGenericExportDefinitionMutation } from '../../mutations/DuplicateGenericExportDefinitionMutation';
import { getStoredRights } from '../../session/sessionStore';
import { texts } from '../../texts';
import { GenericExportRuns } from '../../exports/GenericExportRuns';
import { GenericExportEditor } from './GenericExportEditor';
import { GenericExportList } from './GenericExportList';
import styles from './GenericExports.module.css';

const t = texts.genericExports;

/** A study's definitions fit one page; the size travels as a variable, which the cost limit does not multiply. */
const DEFINITIONS_PAGE = 500;

/** The screen's variables: the items are asked for only with their right, so the query is not refused without it. */
const variablesFor = (studyId: string, rights: readonly string[] | null) => ({
  studyId,
  first: DEFINITIONS_PAGE,
  withItems: rights === null || hasRight(rights, 'ExportDefinitionGetDataProviderItemsCmd'),
});

/** The rights the shell found last lack the screen's: the server would only refuse the query. */
const refusedByStoredRights = () => {
  const rights = getStoredRights();
  return rights !== null && !hasRight(rights, 'ExportDefinitionGetCmd');
};

/** As /exports: the study the shell found last, or the one chosen on the screen (a role without a location). */
export const genericExportsScreenQuery = defineScreenQuery<GenericExportsScreenQuery>(genericExportsScreenQueryNode, (route) => {
  const studyId = exportStudyOfRoute(route);
  return studyId === null || refusedByStoredRights() ? null : variablesFor(studyId, getStoredRights());
});

/** /safety/generic-exports: the generic export definitions of the selected study (ecrf-core.md §2 "Konfiguration: Exporte"). */
export function GenericExportsScreen() {
  const { studyId, choice } = useExportStudy();
  const preloaded = usePreloadedScreen(genericExportsScreenQuery);
  const [loaded, load] = useQueryLoader<GenericExportsScreenQuery>(genericExportsScreenQueryNode);
  const usable = preloaded !== null && preloaded.variables.studyId === studyId ? preloaded : null;
  const refused = refusedByStoredRights();
  useEffect(() => {
    if (studyId !== null && usable === null && !refused)
      load(variablesFor(studyId, getStoredRights()), { fetchPolicy: 'store-and-network' });
  }, [usable, studyId, refused, load]);
  if (refused) return <Banner variant="critical" title={texts.admin.forbidden} />;
  if (studyId === null) return choice ?? <Banner variant="warning" title={t.noStudy} />;
  const reference = usable ?? loaded ?? null;
  return reference === null ? <PageSpinner /> : <GenericExports studyId={studyId} reference={reference} studyChoice={choice} />;
}

type Selection = { kind: 'new' } | { kind: 'definition'; id: string } | null;

type GenericExportsProps = { studyId: string; reference: PreloadedQuery<GenericExportsScreenQuery>; studyChoice: ReactNode };

function GenericExports({ studyId, reference, studyChoice }: GenericExportsProps) {
  const data = usePreloadedQuery<GenericExportsScreenQuery>(
    graphql`
      query GenericExportsScreenQuery($studyId: ID!, $first: Int!, $withItems: Boolean!) {
        ...AppShell_query
        viewer {
          rights
        }
        genericExportDefinitions(studyId: $studyId, first: $first) @connection(key: "GenericExportsScreen_genericExportDefinitions") {
          __id
          edges {
            node {
              id
              name
              ...GenericExportList_definition
              ...GenericExportEditor_definition
            }
          }
        }
        ...GenericExportEditor_query @arguments(studyId: $studyId, withItems: $withItems)
      }
    `,
    reference,
  );
  const [selection, setSelection] = useState<Selection>(null);
  const [duplicate, duplicating] = useDuplicateGenericExportDefinitionMutation();
  const [remove, removing] = useDeleteGenericExportDefinitionMutation();
  const confirm = useConfirm();
  const feedback = useFeedback();
  const { rights } = data.viewer;
  const connectionId = data.genericExportDefinitions.__id;
  const definitions = data.genericExportDefinitions.edges.map((edge) => edge.node);
  const selected = selection?.kind === 'definition' ? (definitions.find((d) => d.id === selection.id) ?? null) : null;
  const can = {
    canCreate: hasRight(rights, 'ExportDefinitionCreateCmd'),
    canEdit: hasRight(rights, 'ExportDefinitionUpdateCmd'),
    canDuplicate: hasRight(rights, 'ExportDefinitionDuplicateCmd'),
    canDelete: hasRight(rights, 'ExportDefinitionDeleteCmd'),
  };

  const reportErrors = (errors: readonly { readonly message: string }[]) => {
    if (errors.length > 0) feedback.showAlert(errors.map((error) => error.message).join(', '));
    return errors.length === 0;
  };
  const onDuplicate = (id: string) =>
    duplicate({
      variables: { input: { id }, connections: [connectionId] },
      onCompleted: ({ duplicateGenericExportDefinition: answer }) => {
        const copy = answer.genericExportDefinition;
        if (!reportErrors(answer.errors) || !copy) return;
        feedback.showSnackbar(t.duplicated(copy.name));
        setSelection({ kind: 'definition', id: copy.id });
      },
    });
  const onDelete = async (id: string, name: string) => {
    const confirmed = await confirm({
      title: t.deleteTitle,
      content: t.confirmDelete(name),
      confirmButtonType: 'danger',
      confirmButtonContent: t.delete,
      cancelButtonContent: t.cancel,
    });
    if (!confirmed) return;
    remove({
      variables: { input: { id }, connections: [connectionId] },
      onCompleted: ({ deleteGenericExportDefinition: answer }) => {
        if (!reportErrors(answer.errors)) return;
        feedback.showSnackbar(t.deleted(name));
        setSelection((current) => (current?.kind === 'definition' && current.id === id ? null : current));
      },
    });
  };

  return (
    <section aria-labelledby="generic-exports-heading">
      <div className={styles.header}>
        <Heading as="h1" id="generic-exports-heading" className={styles.heading}>
          {t.heading}
        </Heading>
        {can.canCreate && (
          <Button variant="primary" onClick={() => setSelection({ kind: 'new' })}>
            {t.create}
          </Button>
        )}
      </div>
      {studyChoice}
      <GenericExportList
        definitions={definitions}
        labelledBy="generic-exports-heading"
        selectedId={selected?.id ?? null}
        can={can}
        busy={duplicating || removing}
        onEdit={(id) => setSelection({ kind: 'definition', id })}
        onDuplicate={onDuplicate}
        onDelete={(id, name) => void onDelete(id, name)}
      />
      {(selection?.kind === 'new' || selected !== null) && (
        // Keyed by the definition, so another one starts its form afresh.
        <GenericExportEditor
          key={selected?.id ?? 'new'}
          definition={selected}
          query={data}
          studyId={studyId}
          connectionId={connectionId}
          readOnly={selected !== null ? !can.canEdit : !can.canCreate}
          onSaved={(id) => setSelection({ kind: 'definition', id })}
          onClose={() => setSelection(null)}
        />
      )}
      {selected !== null && (
        <GenericExportRuns
          // Not the editor's key: siblings with one key are mixed up by React.
          key={`runs-${selected.id}`}
          studyId={studyId}
          definitionId={selected.id}
          definitionName={selected.name}
          canRun={hasRight(rights, 'ExportDefinitionRunCmd')}
          canSeeFiles={hasRight(rights, 'ExportDefinitionGetFilesCmd')}
        />
      )}
    </section>
  );
}
