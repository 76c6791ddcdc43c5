/** The header's font, as the grid theme sets it (grid-theme.ts: fontSize 13, headerFontWeight 600). */
const HEADER_FONT_PX = 13;
const HEADER_FONT_WEIGHT = 600;

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width in pixels of a header name in the header's own font, measured by the browser, or null where
 * nothing can measure text (tests). A guess from the number of letters cuts names of wide letters
 * ("amount" sorted read "amo…").
 */
export function measureHeaderText(name: string): number | null {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      context.font = `${HEADER_FONT_WEIGHT} ${HEADER_FONT_PX}px ${family}`;
    }
  }
  return context ? context.measureText(name).width : null;
}
