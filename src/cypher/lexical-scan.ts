import { antlr4, grammar, TOKEN_SP, type AntlrToken } from './grammar';

export interface DottedCall {
  /** Dotted name as Cypher reads it (backticks removed), e.g. `dbms.security.createUser`. */
  name: string;
  line: number;
  column: number;
}

/**
 * Every `a.b.c(` or `CALL a.b.c` in the token stream: candidate procedure and namespaced function
 * invocations, found by the lexer alone so it works whatever the parser thinks of the rest.
 * String literals and comments are single tokens, so names inside them are not reported.
 */
export function dottedInvocations(text: string): DottedCall[] {
  const lexer = new grammar.CypherLexer(new antlr4.InputStream(text));
  lexer.removeErrorListeners();
  const all = lexer.getAllTokens().filter((t) => t.type !== TOKEN_SP);
  const isName = (t: AntlrToken | undefined) => !!t && /^(`(?:[^`]|``)*`|[\p{L}_][\p{L}\p{N}_]*)$/u.test(t.text);
  const plain = (t: AntlrToken) => (t.text.startsWith('`') ? t.text.slice(1, -1).replace(/``/g, '`') : t.text);
  const out: DottedCall[] = [];
  for (let i = 0; i < all.length; i++) {
    if (!isName(all[i]) || (i > 0 && all[i - 1].text === '.')) continue;
    const parts = [plain(all[i])];
    let j = i;
    while (all[j + 1]?.text === '.' && isName(all[j + 2])) {
      parts.push(plain(all[j + 2]));
      j += 2;
    }
    const afterCall = i > 0 && all[i - 1].text.toUpperCase() === 'CALL';
    if (parts.length > 1 && (all[j + 1]?.text === '(' || afterCall))
      out.push({ name: parts.join('.'), line: all[i].line, column: all[i].column + 1 });
  }
  return out;
}

/**
 * Where the keywords `words` follow each other (case-insensitive, space and comments between them
 * allowed), found by the lexer alone: e.g. `LOAD CSV` in a query the grammar cannot parse (4.x /
 * 5.x syntax). Names in backticks, string literals and comments never match.
 */
export function keywordSequence(text: string, words: string[]): { line: number; column: number } | null {
  const lexer = new grammar.CypherLexer(new antlr4.InputStream(text));
  lexer.removeErrorListeners();
  const all = lexer.getAllTokens().filter((t) => t.type !== TOKEN_SP);
  const wanted = words.map((w) => w.toUpperCase());
  for (let i = 0; i + wanted.length <= all.length; i++) {
    if (wanted.every((word, k) => all[i + k].text.toUpperCase() === word)) return { line: all[i].line, column: all[i].column + 1 };
  }
  return null;
}
