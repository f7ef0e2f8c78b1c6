/**
 * A page's text as the database can store it. A PDF names its own characters (a font's ToUnicode
 * map may say U+0000, or half of a surrogate pair): NUL cannot be stored in a text column, and a
 * lone surrogate has no UTF-8 form, so a hostile deck would fail its own version's insert. NUL is
 * dropped and a lone surrogate becomes U+FFFD, as a reader shows an unknown character; the rest
 * of the page stays searchable.
 * @param {string} text
 * @returns {string}
 */
export function storablePageText(text) {
  return text.replaceAll('\u0000', '').toWellFormed();
}
