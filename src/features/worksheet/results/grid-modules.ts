import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  NumberFilterModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';

/**
 * Only the grid features the result view uses, so the grid chunk stays small. The core already brings
 * sorting, resizing, moving and pinning columns, and keyboard focus (getFocusedCell). Each API call needs its
 * module, and a missing one fails only at run time (error #200), so the e2e suite drives every one of them:
 * text and number filters, the quick filter (search box), cell classes (NULL, selected block),
 * refreshCells (RenderApi), getDisplayedRowAtIndex and getDisplayedRowCount (RowApi),
 * getAllDisplayedColumns (ColumnApi), and double-click auto-size of a column edge (ColumnAutoSize).
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TextFilterModule,
  NumberFilterModule,
  QuickFilterModule,
  CellStyleModule,
  RenderApiModule,
  RowApiModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  // Explains misconfigurations in development; left out of production builds.
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);
