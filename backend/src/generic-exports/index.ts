/** Generic exports: definitions, their data provider items, their export content and their schedules. */
export { genericExportJobParameters, genericExportSource } from './generic-export.source.js';
export { startGenericExportSchedule, type GenericExportSchedule, type GenericExportScheduleOptions } from './generic-export-schedule.js';
export { registerGenericExportRoutes } from './generic-exports.routes.js';
