// Deck analysis (issue 19).
// 1. Analyser: 10-, 30- and 100-page text PDFs built with the product's own deck writer
//    (apps/server/src/lib/sample-pdf.ts) from the labelled set's slides, parsed by the product's
//    PDF worker pool (parse-only, the baseline), then analyzeDeck on the very pages that parse
//    gave, both timed per run in the same process. The first analysis of the process loads
//    wink-nlp's model and is reported apart as the cold start. Budget: a 30-page deck analysed in
//    under 300 ms at p99, and in under half its parse time (p50 against p50).
// The trends part of the benchmark (90 days over 10,000 reading records on PostgreSQL)
// is bench/trends.ts. Prints a table and one JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 10- and 30-page decks, 3 runs each.
import pino from 'pino';
import { samplePdf } from '../apps/server/src/lib/sample-pdf';
import { type AnalyzerPage, analyzeDeck } from '../apps/server/src/modules/analysis/analyzer/analyze-deck';
import { loadFixtures } from '../apps/server/src/modules/analysis/analyzer/labelled-set';
import { PdfPool } from '../apps/server/src/modules/pitchdecks/processing/pdf-pool';
import { conclude, envNumber, sized } from './support/smoke';

const pageCounts = sized([10, 30, 100], [10, 30]);
const runs = envNumber('BENCH_RUNS', 30, 3);
/** Untimed runs before the timed ones, so the JIT and pdf.js's caches are warm for both sides. */
const warmUpRuns = sized(3, 1);
const budget = { thirtyPagesAnalysisP99Ms: 300, maxAnalysisToParseRatio: 0.5 };

/** The slides of the labelled set in order, cycled to `pages` slides, long lines wrapped as a slide would. */
function slidesOf(pages: number) {
  const source = loadFixtures()
    .flatMap((fixture) => fixture.pages)
    .filter((page) => page.text.trim() !== '');
  return Array.from({ length: pages }, (_, index) => {
    const page = source[index % source.length] as (typeof source)[number];
    const [heading = 'Slide', ...rest] = page.text.split('\n');
    // pdf-lib draws one line per call and does not wrap; a 960-point slide holds about 80 characters at 20 pt.
    const body = rest.flatMap((line) => line.match(/.{1,80}(\s|$)/g) ?? [line]).map((line) => line.trim());
    return { heading: heading.slice(0, 60), body: body.slice(0, 12) };
  });
}

/** Milliseconds at the `p`th percentile, to a tenth. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
  return Math.round(value * 10) / 10;
}

type AnalyzerRow = {
  pages: number;
  'parse p50 ms': number;
  'parse p99 ms': number;
  'analyse p50 ms': number;
  'analyse p99 ms': number;
  ratio: number;
  sections: number;
  figures: number;
};

async function benchAnalyzer(): Promise<{ coldStartMs: number; rows: AnalyzerRow[] }> {
  const pool = new PdfPool(pino({ level: 'silent' }), { size: 1 });
  const rows: AnalyzerRow[] = [];
  let coldStartMs = Number.NaN;
  try {
    for (const count of pageCounts) {
      const bytes = await samplePdf(slidesOf(count));
      const parseTimes: number[] = [];
      const analyseTimes: number[] = [];
      let last: ReturnType<typeof analyzeDeck> | null = null;
      for (let run = 0; run < warmUpRuns + runs; run += 1) {
        const parseStarted = performance.now();
        // The pool transfers the buffer to its worker, so each run sends a copy.
        const parsed = await pool.parse(bytes.slice(), 500);
        const parseMs = performance.now() - parseStarted;
        if (!parsed.ok) throw new Error(`the ${count}-page deck did not parse: ${parsed.reason}`);
        // The parser gives the deck's smallest size, not yet each page's title and body size.
        const pages: AnalyzerPage[] = parsed.pages.map((text, index) => ({
          number: index + 1,
          text,
          title: null,
          minFontSize: parsed.fontSizes?.min ?? null,
          bodyFontSize: parsed.fontSizes?.min ?? null,
        }));
        const analyseStarted = performance.now();
        last = analyzeDeck({ pageCount: parsed.pageCount, pages });
        const analyseMs = performance.now() - analyseStarted;
        if (Number.isNaN(coldStartMs)) coldStartMs = Math.round(analyseMs);
        if (run < warmUpRuns) continue;
        parseTimes.push(parseMs);
        analyseTimes.push(analyseMs);
      }
      rows.push({
        pages: count,
        'parse p50 ms': percentile(parseTimes, 50),
        'parse p99 ms': percentile(parseTimes, 99),
        'analyse p50 ms': percentile(analyseTimes, 50),
        'analyse p99 ms': percentile(analyseTimes, 99),
        ratio: Number((percentile(analyseTimes, 50) / percentile(parseTimes, 50)).toFixed(3)),
        sections: last?.sections.filter((section) => section.found).length ?? 0,
        figures: last?.figures.length ?? 0,
      });
    }
  } finally {
    await pool.close();
  }
  console.table(rows);
  console.log(`cold start (first analysis of the process, wink-nlp's model loading): ${coldStartMs} ms`);
  return { coldStartMs, rows };
}

const analyzer = await benchAnalyzer();

const thirty = analyzer?.rows.find((row) => row.pages === 30);
const withinBudget =
  thirty !== undefined &&
  thirty['analyse p99 ms'] < budget.thirtyPagesAnalysisP99Ms &&
  thirty.ratio < budget.maxAnalysisToParseRatio;
const problems = [
  ...(analyzer.rows.length !== pageCounts.length ? ['the analyser measured nothing'] : []),
  ...analyzer.rows.flatMap((row) => [
    ...(Number.isFinite(row['analyse p99 ms']) && Number.isFinite(row['parse p99 ms'])
      ? []
      : [`${row.pages} pages: no time measured`]),
    // Decks built from the labelled set's slides: a report finding nothing in them timed a failure.
    ...(row.sections > 0 && row.figures > 0 ? [] : [`${row.pages} pages: the report found no section or figure`]),
  ]),
];
conclude({ bench: 'analysis', analyzer, budget, withinBudget, problems });
