/**
 * Finds the web links in a chat message's text. The output is data, never markup: the message
 * list renders text parts as React text nodes and link parts as anchors, so whatever a message
 * holds (`<b>`, `<script>`, `javascript:`) can only ever show as the characters typed.
 */

/** One run of a message's text: plain text, or an http(s) URL to render as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * A candidate URL: an http or https scheme not glued to a preceding word (so `xhttp://` is not
 * one), then everything up to whitespace or a character that cannot stand unescaped in a URL.
 * Only these two schemes are matched, so `javascript:`, `data:` and the like never become links.
 */
const candidatePattern = /\bhttps?:\/\/[^\s<>"`{}|\\^]+/gi;

/** Sentence punctuation that ends a URL more often than it belongs to it ("see https://x.com."). */
const trailingPunctuation = new Set(['.', ',', ':', ';', '!', '?', "'"]);

/** Closing brackets dropped from the end only when the URL does not open them itself. */
const closerToOpener: Record<string, string> = { ')': '(', ']': '[' };

function count(text: string, char: string): number {
  let found = 0;
  for (const each of text) if (each === char) found += 1;
  return found;
}

/**
 * Drops what a sentence wraps around a URL: trailing punctuation, and a closing bracket with no
 * opener inside the URL. `…/Foo_(bar))` keeps its own pair and loses the sentence's `)`.
 */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = closerToOpener[last];
    const isUnbalancedCloser = opener !== undefined && count(url, opener) < count(url, last);
    if (!trailingPunctuation.has(last) && !isUnbalancedCloser) return url;
    url = url.slice(0, -1);
  }
}

/** A trimmed candidate counts only if the URL parser agrees it is http(s) with a host. */
function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Splits a message's text into plain-text parts and http/https URL parts, in order; joined back,
 * the parts' `text` is exactly the input. Adjacent text is merged, and an empty string gives no
 * parts. `www.` without a scheme stays text: a bare host is too easily a false positive.
 */
export function splitMessageLinks(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let textStart = 0;
  for (const match of content.matchAll(candidatePattern)) {
    const url = trimTrailing(match[0]);
    if (!isWebUrl(url)) continue;
    if (match.index > textStart) parts.push({ kind: 'text', text: content.slice(textStart, match.index) });
    // The href is the text as typed: it starts with http(s)://, so no other scheme can hide in it.
    parts.push({ kind: 'link', text: url, href: url });
    textStart = match.index + url.length;
  }
  if (textStart < content.length) parts.push({ kind: 'text', text: content.slice(textStart) });
  return parts;
}
