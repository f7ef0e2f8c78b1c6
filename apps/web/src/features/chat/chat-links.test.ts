import { describe, expect, it } from 'vitest';
import { type MessagePart, splitMessageLinks } from './chat-links';

const text = (value: string): MessagePart => ({ kind: 'text', text: value });
const link = (url: string): MessagePart => ({ kind: 'link', text: url, href: url });

describe('splitMessageLinks', () => {
  it('gives no parts for an empty string', () => {
    expect(splitMessageLinks('')).toEqual([]);
  });

  it('keeps plain text, line breaks included, as one text part', () => {
    expect(splitMessageLinks('Hello Ravi\nPilot numbers attached.')).toEqual([
      text('Hello Ravi\nPilot numbers attached.'),
    ]);
  });

  it('finds one URL inside a sentence', () => {
    expect(splitMessageLinks('Deck is at https://example.com/deck?v=2#p3 now')).toEqual([
      text('Deck is at '),
      link('https://example.com/deck?v=2#p3'),
      text(' now'),
    ]);
  });

  it('finds several URLs, across lines', () => {
    expect(splitMessageLinks('http://a.example and\nhttps://b.example/x')).toEqual([
      link('http://a.example'),
      text(' and\n'),
      link('https://b.example/x'),
    ]);
  });

  it('finds a URL at the start and one at the end', () => {
    expect(splitMessageLinks('https://start.example is first, last is https://end.example')).toEqual([
      link('https://start.example'),
      text(' is first, last is '),
      link('https://end.example'),
    ]);
  });

  it.each(['.', ',', ')', '!', '?', ':', ';', '...', '!?', ').'])('leaves a trailing %j outside the link', (tail) => {
    expect(splitMessageLinks(`See https://example.com/a${tail}`)).toEqual([
      text('See '),
      link('https://example.com/a'),
      text(tail),
    ]);
  });

  it('keeps a port, which also follows a colon', () => {
    expect(splitMessageLinks('https://example.com:8080/x')).toEqual([link('https://example.com:8080/x')]);
  });

  it('keeps balanced parentheses inside the URL and drops the sentence’s own', () => {
    expect(splitMessageLinks('(see https://en.wikipedia.org/wiki/Mercury_(planet)).')).toEqual([
      text('(see '),
      link('https://en.wikipedia.org/wiki/Mercury_(planet)'),
      text(').'),
    ]);
    expect(splitMessageLinks('(https://example.com)')).toEqual([text('('), link('https://example.com'), text(')')]);
  });

  it('matches the scheme in any case', () => {
    expect(splitMessageLinks('HTTPS://EXAMPLE.COM/Deck and Http://x.example')).toEqual([
      link('HTTPS://EXAMPLE.COM/Deck'),
      text(' and '),
      link('Http://x.example'),
    ]);
  });

  it('never links another scheme', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example/deck.pdf',
      'mailto:ravi@example.com',
    ]) {
      expect(splitMessageLinks(value)).toEqual([text(value)]);
    }
  });

  it('keeps markup as text and stops a URL at an angle bracket', () => {
    expect(splitMessageLinks('<script>alert(1)</script> <b>x</b>')).toEqual([
      text('<script>alert(1)</script> <b>x</b>'),
    ]);
    expect(splitMessageLinks('<a href="https://example.com">x</a>')).toEqual([
      text('<a href="'),
      link('https://example.com'),
      text('">x</a>'),
    ]);
  });

  it('leaves a www. address, a bare scheme and a scheme glued to a word as text', () => {
    for (const value of ['www.example.com', 'https://', 'https://.', 'xhttps://example.com']) {
      expect(splitMessageLinks(value)).toEqual([text(value)]);
    }
  });

  it('joins back to exactly the input', () => {
    const input = 'a https://x.example/(b)c), http://y.example. <i>z</i> HTTPS://Q.EXAMPLE?';
    expect(
      splitMessageLinks(input)
        .map((part) => part.text)
        .join(''),
    ).toBe(input);
  });
});
