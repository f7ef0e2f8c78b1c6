/** A run of excerpt text, marked when the search matched it. */
export type ExcerptSegment = { text: string; isMatch: boolean };

const openMark = '«';
const closeMark = '»';

/**
 * Splits a search excerpt (matches wrapped in « », see investorPitchDeckSchema.excerpt) into
 * plain and matched runs. The text is rendered as React text, never as HTML, so a deck's own
 * words cannot inject markup. An unclosed « marks the rest; a stray » is kept as text.
 */
export function excerptSegments(excerpt: string): ExcerptSegment[] {
  const segments: ExcerptSegment[] = [];
  const push = (text: string, isMatch: boolean) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.isMatch === isMatch) last.text += text;
    else segments.push({ text, isMatch });
  };

  let rest = excerpt;
  while (rest.length > 0) {
    const start = rest.indexOf(openMark);
    if (start === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const end = rest.indexOf(closeMark, start + 1);
    if (end === -1) {
      push(rest.slice(start + 1), true);
      break;
    }
    push(rest.slice(start + 1, end), true);
    rest = rest.slice(end + 1);
  }
  return segments;
}
