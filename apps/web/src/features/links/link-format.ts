import type { DeckLink } from '@deckvalid/contract/links';

/** "45 s", "3 min 20 s", "1 h 5 min": reading time at the scale it was spent. */
export function formatSeconds(total: number): string {
  const seconds = Math.round(total);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "1 visit", "3 visits". */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One cell per page of a heat strip: its seconds and how deep its colour is (0 for none, up to 1
 * for the page read longest), over every page up to the deck's last or the furthest reported.
 */
export function heatCellsOf(
  pages: readonly { page: number; seconds: number }[],
  pageCount: number | null,
): { page: number; seconds: number; depth: number }[] {
  const byPage = new Map(pages.map((entry) => [entry.page, entry.seconds]));
  const last = Math.max(pageCount ?? 0, ...pages.map((entry) => entry.page), 0);
  const most = Math.max(0, ...pages.map((entry) => entry.seconds));
  return Array.from({ length: last }, (_, index) => {
    const seconds = byPage.get(index + 1) ?? 0;
    return { page: index + 1, seconds, depth: most > 0 ? seconds / most : 0 };
  });
}

/** The settings a link's card lists, in words. */
export function settingsSummaryOf(link: DeckLink): string[] {
  const items: string[] = [];
  if (link.verifyEmail) items.push('Verified email');
  else if (link.requireEmail) items.push('Email');
  if (link.allowList.length) items.push(`Allow list (${link.allowList.length})`);
  if (link.denyList.length) items.push(`Deny list (${link.denyList.length})`);
  if (link.hasPasscode) items.push('Passcode');
  if (link.agreement) items.push('Agreement');
  if (link.allowDownload) items.push('Downloads');
  if (link.watermark) items.push('Watermark');
  if (link.version !== null) items.push(`Version ${link.version}`);
  return items;
}
