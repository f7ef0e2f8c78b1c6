import {
  type AnalysisSection,
  analysisSectionLabels,
  type DeckFigure,
  figureLabels,
  formatFigureValue,
} from '@deckvalid/contract/analysis';
import type {
  DeckComparison,
  FigureChange,
  PageChange,
  SectionChange,
  TextChange,
} from '@deckvalid/contract/deck-compare';
import { pairPages } from '@/lib/page-matching';

type Page = { number: number; text: string };
type Report = { score: number; sections: AnalysisSection[]; figures: DeckFigure[] };

/** Words a page diff compares at most on each side; past that, the page is shown as replaced. */
const maxDiffWords = 2_000;

/** What changed from one version to another: pages, then the report. */
export function compareVersions(
  from: { number: number; pages: Page[]; report: Report },
  to: { number: number; pages: Page[]; report: Report },
): DeckComparison {
  return {
    from: from.number,
    to: to.number,
    ...comparePages(from.pages, to.pages),
    score: { before: from.report.score, after: to.report.score },
    sections: compareSections(from.report.sections, to.report.sections),
    figures: compareFigures(from.report.figures, to.report.figures),
  };
}

/** Figures a summary names at most; the rest are counted. */
const summaryFigures = 2;

/**
 * A comparison in one sentence for a notification: "2 pages changed, 1 added; Annual recurring
 * revenue USD 1.2M → USD 1.6M, p. 2; score 61 → 68".
 */
export function summariseComparison(comparison: DeckComparison): string {
  const counts = new Map<PageChange['kind'], number>();
  for (const page of comparison.pages) counts.set(page.kind, (counts.get(page.kind) ?? 0) + 1);
  const pageParts = (['changed', 'added', 'removed', 'moved'] as const)
    .filter((kind) => (counts.get(kind) ?? 0) > 0)
    .map((kind, index) => {
      const n = counts.get(kind) ?? 0;
      return index === 0 ? `${n} ${n === 1 ? 'page' : 'pages'} ${kind}` : `${n} ${kind}`;
    });
  const parts = [pageParts.length > 0 ? pageParts.join(', ') : 'No page changed'];
  const figures = comparison.figures.map((figure) => figure.summary);
  if (figures.length > 0) {
    const more = figures.length - summaryFigures;
    parts.push(
      figures.slice(0, summaryFigures).join('; ') +
        (more > 0 ? `; ${more} more ${more === 1 ? 'figure' : 'figures'}` : ''),
    );
  }
  if (comparison.score.before !== comparison.score.after) {
    parts.push(`score ${comparison.score.before} → ${comparison.score.after}`);
  }
  return parts.join('; ');
}

/** Pages in the newer version's order, with each removed page after the page that preceded it. */
export function comparePages(
  fromPagesAsRead: Page[],
  toPagesAsRead: Page[],
): { pages: PageChange[]; unchangedPages: number } {
  const fromPages = withoutPageNumbers(fromPagesAsRead);
  const toPages = withoutPageNumbers(toPagesAsRead);
  const pairs = pairPages(fromPages, toPages);
  const fromOf = new Map(pairs.map(([from, to]) => [to, from]));
  const paired = new Set(pairs.map(([from]) => from));
  const textOf = (pages: Page[], number: number) => pages.find((page) => page.number === number)?.text ?? '';
  const pages: PageChange[] = [];
  let unchangedPages = 0;
  for (const page of toPages) {
    const fromPage = fromOf.get(page.number);
    if (fromPage === undefined) {
      pages.push({ kind: 'added', toPage: page.number });
      continue;
    }
    const before = textOf(fromPages, fromPage);
    if (normalise(before) === normalise(page.text)) {
      if (fromPage === page.number) unchangedPages++;
      else pages.push({ kind: 'moved', fromPage, toPage: page.number });
    } else {
      pages.push({ kind: 'changed', fromPage, toPage: page.number, changes: diffWords(before, page.text) });
    }
  }
  // Removed pages stand after the change of the page that came before them in the older version.
  for (const page of fromPages.filter((each) => !paired.has(each.number))) {
    const at = pages.findLastIndex((change) => 'fromPage' in change && change.fromPage < page.number);
    pages.splice(at + 1, 0, { kind: 'removed', fromPage: page.number });
  }
  return { pages, unchangedPages };
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A page's text without its own page number ("3 / 12", or a lone "3" first or last): a page that
 * only moved would otherwise read as changed by its footer.
 */
function withoutPageNumbers(pages: Page[]): Page[] {
  return pages.map((page) => {
    const own = String(page.number);
    const total = String(pages.length);
    const text = normalise(page.text)
      .replace(new RegExp(`(^|\\s)${own}\\s*/\\s*${total}(?=\\s|$)`, 'g'), ' ')
      .replace(new RegExp(`^${own}(?=\\s)|(?<=\\s)${own}$`, 'g'), ' ');
    return { number: page.number, text: normalise(text) };
  });
}

/** A word-level difference (longest common subsequence), runs of the same kind joined. */
export function diffWords(before: string, after: string): TextChange[] {
  const a = normalise(before).split(' ').filter(Boolean);
  const b = normalise(after).split(' ').filter(Boolean);
  if (a.length > maxDiffWords || b.length > maxDiffWords) {
    return join([
      { kind: 'removed', text: a.join(' ') },
      { kind: 'added', text: b.join(' ') },
    ]);
  }
  // lcs(i, j): the length of the longest common subsequence of a[i..] and b[j..], in one flat table.
  const width = b.length + 1;
  const table = new Uint16Array((a.length + 1) * width);
  const lcs = (i: number, j: number) => table[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  const runs: TextChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && left === right) {
      runs.push({ kind: 'same', text: left });
      i++;
      j++;
    } else if (left !== undefined && (right === undefined || lcs(i + 1, j) >= lcs(i, j + 1))) {
      runs.push({ kind: 'removed', text: left });
      i++;
    } else if (right !== undefined) {
      runs.push({ kind: 'added', text: right });
      j++;
    }
  }
  return join(runs);
}

function join(runs: TextChange[]): TextChange[] {
  const joined: TextChange[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = joined.at(-1);
    if (last?.kind === run.kind) last.text = `${last.text} ${run.text}`;
    else joined.push({ ...run });
  }
  return joined;
}

function compareSections(before: AnalysisSection[], after: AnalysisSection[]): SectionChange[] {
  const changes: SectionChange[] = [];
  for (const next of after) {
    const previous = before.find((section) => section.key === next.key);
    if (!previous) continue;
    if (previous.found === next.found && previous.pages.join() === next.pages.join()) continue;
    changes.push({
      key: next.key,
      label: analysisSectionLabels[next.key],
      before: { found: previous.found, pages: previous.pages },
      after: { found: next.found, pages: next.pages },
    });
  }
  return changes;
}

/** A figure's identity across versions: what it measures, and which slice, time and purpose. */
const identity = (figure: DeckFigure) =>
  [figure.key, figure.scope ?? '', figure.period, figure.year ?? '', figure.per ?? '', figure.purpose ?? ''].join('|');

const side = (figure: DeckFigure) => ({ value: figure.value, unit: figure.unit, text: figure.text, page: figure.page });

function compareFigures(before: DeckFigure[], after: DeckFigure[]): FigureChange[] {
  const firstBy = (figures: DeckFigure[]) => {
    const byIdentity = new Map<string, DeckFigure>();
    for (const figure of figures) if (!byIdentity.has(identity(figure))) byIdentity.set(identity(figure), figure);
    return byIdentity;
  };
  const older = firstBy(before);
  const newer = firstBy(after);
  const changes: FigureChange[] = [];
  for (const [id, next] of newer) {
    const previous = older.get(id);
    const label = figureLabels[next.key];
    if (!previous) {
      changes.push({
        key: next.key,
        label,
        before: null,
        after: side(next),
        summary: `${label} ${formatFigureValue(next)}, p. ${next.page} (new)`,
      });
    } else if (previous.value !== next.value || previous.unit !== next.unit) {
      changes.push({
        key: next.key,
        label,
        before: side(previous),
        after: side(next),
        summary: `${label} ${formatFigureValue(previous)} → ${formatFigureValue(next)}, p. ${next.page}`,
      });
    }
  }
  for (const [id, previous] of older) {
    if (newer.has(id)) continue;
    const label = figureLabels[previous.key];
    changes.push({
      key: previous.key,
      label,
      before: side(previous),
      after: null,
      summary: `${label} ${formatFigureValue(previous)} no longer stated (was p. ${previous.page})`,
    });
  }
  return changes;
}
