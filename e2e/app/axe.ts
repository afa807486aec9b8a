import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The success criteria checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Longest wait for the page's transitions to end before it is checked. */
const SETTLE_MS = 3_000;

/**
 * The serious and critical WCAG violations of the page as it stands, one line each (rule: targets).
 * Transitions and animations that end are let end first: a dialog still fading in has see-through
 * text, and its contrast is not what the member reads. Endless ones (a pulse) are not waited for.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(
    (limit) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, limit)),
      ]),
    SETTLE_MS,
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
