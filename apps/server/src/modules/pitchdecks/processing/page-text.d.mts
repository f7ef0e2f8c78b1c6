/** A page's text as the database can store it: NUL dropped, lone surrogates made U+FFFD. */
export declare function storablePageText(text: string): string;
