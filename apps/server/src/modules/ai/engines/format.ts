/** Words and numbers as the copilot writes them (pure). */

/** "$2M", "$1.5M", "$750K", "$1.2B": amounts asked, as listings give them in US dollars. */
export function formatUsd(amount: number): string {
  const scaled = (value: number, unit: string) => `$${Number(value.toFixed(value < 10 ? 1 : 0))}${unit}`;
  if (amount >= 1e9) return scaled(amount / 1e9, 'B');
  if (amount >= 1e6) return scaled(amount / 1e6, 'M');
  if (amount >= 1e3) return scaled(amount / 1e3, 'K');
  return `$${amount}`;
}

/** "Harbor Lights'" and "Tidewater's". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A deck as the copilot names it: its company, and its title when that says more. */
export const deckLabel = (deck: { company: string; title: string }) =>
  deck.title.toLowerCase().includes(deck.company.toLowerCase()) || deck.title === deck.company
    ? deck.company
    : `${deck.company} (${deck.title})`;

/** A quote fit for a sentence: trimmed, at most `max` characters, cut at a word. */
export function shortQuote(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/**
 * Deck text as an answer quotes it, with any "[n]" of its own made "(n)": a marker is the
 * engine's claim that a citation stands, and the web turns every marker into a citation chip, so
 * a slide's footnote "[1]" must not read as one.
 */
export const quoted = (text: string) => text.replace(/\[(\d+)\]/g, '($1)');

const currencySymbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹' };

/** A figure's value in a sentence: "$1.2M", "€350K", "15%", "18 months", "900". */
export function formatFigureValue(figure: { value: number; unit: string }): string {
  if (figure.unit === 'percent') return `${Number(figure.value.toFixed(1))}%`;
  if (figure.unit === 'months') return `${Number(figure.value.toFixed(1))} months`;
  if (figure.unit === 'count') return figure.value.toLocaleString('en-US');
  const money = formatUsd(figure.value);
  const symbol = currencySymbols[figure.unit];
  return symbol ? money.replace('$', symbol) : `${money.slice(1)} ${figure.unit}`;
}
