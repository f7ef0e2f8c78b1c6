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
