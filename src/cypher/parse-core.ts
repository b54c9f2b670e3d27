import { antlr4, grammar, type AntlrTree, type GrammarModule, type RuntimeModule } from './grammar';

/** The parse itself (parseCore, also run in the worker threads of parser-workers.ts) and its tree. */

/** One node of the concrete syntax tree: a grammar rule (rule set) or a token (token set). */
export interface CstNode {
  /** Grammar rule name (`matchClause`, `nodePattern`, ...); null for a token. */
  rule: string | null;
  /** Token text (tokens only). */
  token: string | null;
  /** True for whitespace and comments. */
  space: boolean;
  children: CstNode[];
  parent: CstNode | null;
  /** 1-based line and column of the first character. */
  line: number;
  column: number;
  /** Character offsets in the query, inclusive start, exclusive end. */
  start: number;
  end: number;
}

export class CypherSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * The query nests brackets deeper than MAX_NESTING. ANTLR's adaptive prediction costs grow fast
 * with nesting (160 levels take seconds, 2000 take minutes): deeper queries are refused before
 * parsing so one request cannot hold the event loop.
 */
export class CypherTooComplexError extends CypherSyntaxError {}

/** Deepest bracket nesting ( [ { accepted by parseCypher. */
export const MAX_NESTING = 64;

export interface ParsedCypher {
  text: string;
  /** The `cypherPart` rule: optional space, a query or a console command, optional space. */
  root: CstNode;
}

/** A CstNode without its parent link (what crosses the worker boundary). */
export interface PlainNode {
  rule: string | null;
  token: string | null;
  space: boolean;
  children: PlainNode[];
  line: number;
  column: number;
  start: number;
  end: number;
}

export type CoreResult =
  { ok: true; root: PlainNode; text: string } | { ok: false; tooComplex: boolean; message: string; line: number; column: number };

/**
 * The whole parse, self-contained (no reference outside its body) so that its source can also
 * run in a worker thread (parseCypherWithin): brackets deeper than maxNesting are refused from
 * the tokens; then a fast SLL parse, and only when it reports an error the full LL parse, whose
 * first error is the answer.
 *
 * With `timeLimitMs`, the parse stops itself once it has run that long and answers too complex:
 * ANTLR's adaptive prediction (where a hard query spends its time, a single prediction can take
 * minutes) checks the clock every 1024 closure steps. So the worker that parses it keeps its
 * loaded grammar and warm caches for the next query instead of being ended.
 */
export function parseCore(grammar: GrammarModule, antlr4: RuntimeModule, text: string, maxNesting: number, timeLimitMs = 0): CoreResult {
  const began = Date.now();
  const tooSlow = { tooSlow: true };
  const SP = grammar.CypherParser.SP;
  const EOF = grammar.CypherParser.EOF;
  const nestingLexer = new grammar.CypherLexer(new antlr4.InputStream(text));
  nestingLexer.removeErrorListeners();
  const open: Array<{ bracket: string; relationship: boolean }> = [];
  const all = nestingLexer.getAllTokens();
  // Neo4j reads `(me: Person)`, `[r: KNOWS]`, `n: Person` and `[:A| B]` / `[:A|: B]`; the grammar
  // wants the label or type right after its colon, and a type right after its `|`. A colon that is
  // not a map's (its innermost bracket is not `{`) and a relationship type's `|` (with its colon)
  // that are followed by space are moved after the space: `(me :Person)`, `[:A |B]`, the same
  // query at the same length, so every position stays the user's.
  const swaps: Array<{ from: number; length: number; to: number }> = [];
  const octals: number[] = [];
  const previous = (i: number) => {
    let k = i - 1;
    while (k >= 0 && all[k].type === SP) k -= 1;
    return all[k];
  };
  for (let i = 0; i < all.length; i += 1) {
    const token = all[i];
    const inside = open[open.length - 1];
    if (token.text === '(' || token.text === '[' || token.text === '{') {
      const before = previous(i)?.text;
      open.push({ bracket: token.text, relationship: token.text === '[' && (before === '-' || before === '<') });
      if (open.length > maxNesting)
        return {
          ok: false,
          tooComplex: true,
          message: `brackets nested deeper than ${maxNesting} levels`,
          line: token.line,
          column: token.column + 1,
        };
    } else if (token.text === ')' || token.text === ']' || token.text === '}') open.pop();
    else if (token.text === '|' && inside?.relationship) {
      const withColon = all[i + 1]?.text === ':';
      const space = all[i + (withColon ? 2 : 1)];
      const name = all[i + (withColon ? 3 : 2)];
      if (space?.type === SP && name && name.type !== SP) swaps.push({ from: token.start, length: withColon ? 2 : 1, to: name.start });
      i += withColon ? 1 : 0;
    } else if (token.text === ':' && inside?.bracket !== '{' && all[i + 1]?.type === SP && all[i + 2] && all[i + 2].type !== SP) {
      swaps.push({ from: token.start, length: 1, to: all[i + 2].start });
    } else if (token.text === '0' && all[i + 1]?.start === token.stop + 1 && /^o[0-7]+$/.test(all[i + 1].text)) {
      // The TCK's octal literal `0o17` (openCypher 9, Neo4j 5) is 3.5's `017`: the grammar lexes it
      // as `0` and a name `o17`, a syntax error on Neo4j 3.5. Read as `0017`, the same length.
      octals.push(all[i + 1].start);
    }
  }
  for (const at of octals) text = `${text.slice(0, at)}0${text.slice(at + 1)}`;
  for (const { from, length, to } of swaps)
    text = `${text.slice(0, from)}${text.slice(from + length, to)}${text.slice(from, from + length)}${text.slice(to)}`;
  const attempt = (sll: boolean) => {
    const errors: Array<{ message: string; line: number; column: number }> = [];
    const listener = {
      syntaxError: (_r: unknown, _s: unknown, line: number, column: number, message: string) => {
        errors.push({ message, line, column: column + 1 });
      },
      reportAmbiguity() {},
      reportAttemptingFullContext() {},
      reportContextSensitivity() {},
    };
    const lexer = new grammar.CypherLexer(new antlr4.InputStream(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(listener);
    const tokens = new antlr4.CommonTokenStream(lexer);
    const parser = new grammar.CypherParser(tokens);
    parser.buildParseTrees = true;
    if (sll) parser._interp.predictionMode = 0;
    if (timeLimitMs > 0) {
      const interp = parser._interp;
      const closure = interp.closureCheckingStopState;
      let steps = 0;
      interp.closureCheckingStopState = function (this: unknown, ...args: unknown[]) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel that unwinds the parser, caught by identity below and never let out
        if ((++steps & 1023) === 0 && Date.now() - began > timeLimitMs) throw tooSlow;
        return closure.apply(this, args);
      };
    }
    parser.removeErrorListeners();
    parser.addErrorListener(listener);
    const tree = parser.cypherPart();
    if (errors.length === 0) {
      // Only a `;` and space may follow the statement.
      let k = 1;
      let next = tokens.LT(k);
      if (next.text === ';') next = tokens.LT(++k);
      while (next.type === SP) next = tokens.LT(++k);
      if (next.type !== EOF)
        errors.push({
          message: `unexpected ${JSON.stringify(next.text)} after the end of the statement (send one statement per request)`,
          line: next.line,
          column: next.column + 1,
        });
    }
    return { tree, errors, ruleNames: parser.ruleNames };
  };
  let result: ReturnType<typeof attempt>;
  try {
    result = attempt(true);
    if (result.errors.length > 0) result = attempt(false);
  } catch (error) {
    if (error === tooSlow)
      return { ok: false, tooComplex: true, message: `checking the query took longer than ${timeLimitMs} ms`, line: 1, column: 1 };
    throw error;
  }
  if (result.errors.length > 0) return { ok: false, tooComplex: false, ...result.errors[0] };
  const ruleNames = result.ruleNames;
  const convert = (tree: AntlrTree): PlainNode => {
    if (tree.symbol && !tree.children) {
      const t = tree.symbol;
      return {
        rule: null,
        token: t.type === EOF ? '' : t.text,
        space: t.type === SP,
        children: [],
        line: t.line,
        column: t.column + 1,
        start: t.start,
        end: t.type === EOF ? t.start : t.stop + 1,
      };
    }
    const children = (tree.children ?? []).map(convert);
    // Positions from the real tokens (the grammar has zero-length tokens, e.g. before function names).
    const real = children.filter((c) => c.line > 0 && c.end > c.start);
    const first = real[0];
    const last = real[real.length - 1];
    return {
      rule: ruleNames[tree.ruleIndex ?? -1] ?? 'unknown',
      token: null,
      space: false,
      children,
      line: first ? first.line : 0,
      column: first ? first.column : 0,
      start: first ? first.start : 0,
      end: last ? last.end : 0,
    };
  };
  return { ok: true, root: convert(result.tree), text };
}

function link(node: PlainNode, parent: CstNode | null): CstNode {
  const out = node as CstNode;
  out.parent = parent;
  for (const child of node.children) link(child, out);
  return out;
}

export function finish(text: string, result: CoreResult): ParsedCypher {
  if (!result.ok) {
    throw result.tooComplex
      ? new CypherTooComplexError(result.message, result.line, result.column)
      : new CypherSyntaxError(result.message, result.line, result.column);
  }
  // The text as parsed (a label's colon may have moved past its space: parseCore).
  return { text: result.text, root: link(result.root, null) };
}

/** Parses one Cypher statement (a trailing `;` is allowed) in this thread; throws CypherSyntaxError. */
export function parseCypher(text: string): ParsedCypher {
  return finish(text, parseCore(grammar, antlr4, text, MAX_NESTING));
}
