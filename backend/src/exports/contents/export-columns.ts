/** The columns several export kinds share: who the row is about and where. */
import type { ExportColumn } from '../../export-content/export-content.js';

export const column = (key: string, label: string, type: ExportColumn['type'] = 'string'): ExportColumn => ({ key, label, type });

export const PATIENT_ID_COLUMN = column('patient_id', 'Patienten-ID (Pseudonym)');
export const LOCATION_COLUMN = column('location', 'Standort (Institutskennung)');
export const LOCATION_NAME_COLUMN = column('location_name', 'Standort');
export const IS_DIGINET_COLUMN = column('is_diginet', 'DigiNet-Standort', 'boolean');

/** The columns every documentation table starts with. */
export const PATIENT_COLUMNS: readonly ExportColumn[] = [PATIENT_ID_COLUMN, LOCATION_COLUMN];
/** A location as the per-location tables name it. */
export const LOCATION_COLUMNS: readonly ExportColumn[] = [LOCATION_COLUMN, LOCATION_NAME_COLUMN, IS_DIGINET_COLUMN];
