import { themeQuartz } from 'ag-grid-community';

/**
 * The grid draws with the console's CSS variables, so it turns light or dark with the rest of the page (as the
 * OS says, or as the user chose). The font is the page's own: the default theme font would be fetched from the
 * network.
 */
export const gridTheme = themeQuartz.withParams({
  backgroundColor: 'var(--bg-elev)',
  foregroundColor: 'var(--fg)',
  textColor: 'var(--fg)',
  subtleTextColor: 'var(--fg-muted)',
  accentColor: 'var(--accent)',
  borderColor: 'var(--border)',
  chromeBackgroundColor: 'var(--bg-sunken)',
  headerBackgroundColor: 'var(--bg-sunken)',
  headerTextColor: 'var(--fg)',
  rowHoverColor: 'var(--accent-soft)',
  selectedRowBackgroundColor: 'var(--accent-soft)',
  oddRowBackgroundColor: 'var(--bg-elev)',
  menuBackgroundColor: 'var(--bg-elev)',
  menuTextColor: 'var(--fg)',
  tooltipBackgroundColor: 'var(--bg-elev)',
  tooltipTextColor: 'var(--fg)',
  inputFocusBorder: { color: 'var(--focus)' },
  fontFamily: 'inherit',
  cellFontFamily: 'var(--mono)',
  fontSize: 13,
  dataFontSize: 12.5,
  headerFontWeight: 600,
  rowHeight: 28,
  headerHeight: 32,
  spacing: 6,
  wrapperBorderRadius: 0,
  borderRadius: 4,
  browserColorScheme: 'inherit',
});
