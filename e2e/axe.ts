import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core with its default rules (WCAG 2.x A and AA, best practices) and target size: the check every page
// of the console passes, in the light and the dark theme (accessibility.spec.ts walks them all; a page's own
// spec may check its states with the same rules).

export const THEMES = ['light', 'dark'] as const;
/** The rules whose outcome depends on colours: the only ones the dark theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's minified build. The builder sends its full build (1.3 MB) into the page twice for every check, which
 * cost most of a spec's time; this puts the small one in once per page, and the builder is given a source
 * that only refers to it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_IN_PAGE = 'window.axe';

/** Each violation as `rule (impact): target`, one line per element, so a failure says where to look. */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Legacy mode runs axe in the page itself: the console has no frames, and the default way opens a second
  // page for each check just to gather the frames' results.
  const builder = new AxeBuilder({ page, axeSource: AXE_IN_PAGE }).setLegacyMode(true);
  // Only violations are read: axe then keeps one example of each rule that passed, not every element.
  // Target size (WCAG 2.2, 24 px or room around) is off in axe by default; Lighthouse checks it, and so do we.
  builder.options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  // The dark theme: only the rules whose outcome depends on colours.
  if (rules) builder.withRules(rules);
  const results = await builder.analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
  );
}

/** What axe finds on screen now, in both themes, keyed `state [theme]`; empty when nothing. */
export async function axeBothThemes(page: Page, state: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    const list = await axeViolations(page, theme === 'dark' ? COLOUR_RULES : undefined);
    if (list.length) found[`${state} [${theme}]`] = list;
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
