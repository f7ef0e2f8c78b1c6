/**
 * Dates as the reader's browser writes them: one format on every screen, founder and investor
 * alike ("22 Nov 2026" in en-GB, "Nov 22, 2026" in en-US). `locale` is for tests; the app
 * passes nothing, so Intl uses the browser's language.
 */
type DateInput = string | number | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per (locale, style): building one costs more than formatting with it. */
function formatterOf(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A calendar date: "22 Nov 2026" / "Nov 22, 2026". An unreadable input answers an empty string. */
export function formatDate(value: DateInput, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatterOf(locale, { dateStyle: 'medium' }).format(date);
}

/** A date with its time, for tooltips behind relative times: "22 Nov 2026, 14:05". */
export function formatDateTime(value: DateInput, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : formatterOf(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A calendar day the server already counted in the reader's zone ("2026-11-22"), in the same
 * format as `formatDate`; read in UTC so the browser's zone cannot move it to the day before.
 */
export function formatCalendarDay(day: string, locale?: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : formatterOf(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A calendar day ("2026-03-02") as a chart's axis labels it: "Mar 2", read in UTC. The charts
 * label their days and weeks in one fixed language, so their ticks keep one width.
 */
export function formatChartDay(day: string, locale = 'en-US'): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? ''
    : formatterOf(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}
