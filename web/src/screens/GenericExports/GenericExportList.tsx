import { graphql, readInlineData } from 'react-relay';
import { Button } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import type {
  GenericExportList_definition$data,
  GenericExportList_definition$key,
} from '../../__generated__/GenericExportList_definition.graphql';
import { formatDateTime } from '../../errors/errorCatalogue';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

const t = texts.genericExports;

export type ListCapabilities = { readonly canEdit: boolean; readonly canDuplicate: boolean; readonly canDelete: boolean };

type Actions = {
  onEdit: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string, name: string) => void;
};

type Row = GenericExportList_definition$data & { selected: boolean };

/** What one row shows; inline, so the list reads every row it hands to Primer's DataTable. */
function readRow(definition: GenericExportList_definition$key): GenericExportList_definition$data {
  return readInlineData(
    graphql`
      fragment GenericExportList_definition on GenericExportDefinition @inline {
        id
        name
        outputFormat
        cron
        changedAt
        changedBy
      }
    `,
    definition,
  );
}

type Props = Actions & {
  definitions: readonly GenericExportList_definition$key[];
  labelledBy: string;
  selectedId: string | null;
  can: ListCapabilities;
  busy: boolean;
};

/** The study's export definitions by name, with the actions the viewer may take on each. */
export function GenericExportList({ definitions, labelledBy, selectedId, can, busy, ...actions }: Props) {
  const rows: Row[] = definitions
    .map(readRow)
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map((row) => ({ ...row, selected: row.id === selectedId }));
  if (rows.length === 0) return <p className={styles.muted}>{t.empty}</p>;
  const columns: Column<Row>[] = [
    { id: 'name', header: t.columns.name, rowHeader: true, renderCell: (row) => (row.selected ? <strong>{row.name}</strong> : row.name) },
    { id: 'format', header: t.columns.format, renderCell: (row) => (row.outputFormat === 'XLSX' ? t.formats.XLSX : t.formats.CSV) },
    { id: 'schedule', header: t.columns.schedule, renderCell: (row) => (row.cron ? <code>{row.cron}</code> : t.manualOnly) },
    {
      id: 'changed',
      header: t.columns.changed,
      renderCell: (row) => t.changed(formatDateTime(row.changedAt) ?? row.changedAt, row.changedBy),
    },
    {
      id: 'actions',
      header: texts.admin.actions,
      renderCell: (row) => (
        <div className={styles.actions}>
          <Button
            size="small"
            aria-label={can.canEdit ? t.editLabel(row.name) : t.showLabel(row.name)}
            onClick={() => actions.onEdit(row.id)}
          >
            {can.canEdit ? t.edit : t.show}
          </Button>
          {can.canDuplicate && (
            <Button size="small" aria-label={t.duplicateLabel(row.name)} disabled={busy} onClick={() => actions.onDuplicate(row.id)}>
              {t.duplicate}
            </Button>
          )}
          {can.canDelete && (
            <Button
              size="small"
              variant="danger"
              aria-label={t.deleteLabel(row.name)}
              disabled={busy}
              onClick={() => actions.onDelete(row.id, row.name)}
            >
              {t.delete}
            </Button>
          )}
        </div>
      ),
    },
  ];
  return <DataTable aria-labelledby={labelledBy} cellPadding="condensed" columns={columns} data={rows} />;
}
