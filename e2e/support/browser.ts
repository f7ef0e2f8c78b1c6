import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');

/** Flags this machine needs (FIELD-NOTES.md): no sandbox as root, no background network calls. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Debian's Chromium driven by playwright-core; never a downloaded browser. Playwright starts it
 * on a fresh temporary profile (its own --user-data-dir) every launch.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

export async function newContext(browser: Browser, baseURL: string, viewport: keyof typeof viewports = 'desktop') {
  return browser.newContext({ baseURL, viewport: viewports[viewport] });
}

/** Saves a full-page screenshot as e2e/artifacts/<name>-<viewport>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(artifactsDir, `${name}-${width <= 400 ? 'mobile' : 'desktop'}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type { Browser, BrowserContext, Page };
