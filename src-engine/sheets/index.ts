/** Spreadsheets in and out: the shape of a sheet, CSV, prize tables and session results as sheets. */
export * from './sheet-table';
export * from './csv';
export * from './formula-guard';
export * from './table-sheet';
export * from './session-sheets';
