import axe from 'axe-core';
import type { Page } from './browser';

type AxeWindow = Window & { axe: typeof axe };

/** Waits for transitions that end (fade-ins would skew contrast) but not for endless spinners. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Runs axe-core on the page as it stands (after finite animations) and answers the violations of
 * moderate impact or worse, one line each; `within` (a CSS selector) checks only that part of the
 * page, for a test about one component on a page others change. The context needs `bypassCSP`:
 * the product's `script-src 'self'` refuses axe's inline script.
 */
export async function axeViolations(page: Page, { within }: { within?: string } = {}): Promise<string[]> {
  await settleAnimations(page);
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(
    (selector) =>
      (window as unknown as AxeWindow).axe.run(selector ? { include: [selector] } : document, {
        resultTypes: ['violations'],
      }),
    within ?? null,
  );
  return results.violations
    .filter((violation) => violation.impact !== 'minor')
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
