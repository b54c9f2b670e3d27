/**
 * The Cypher 3.5 grammar (see parser.ts for why this one), loaded once per thread, and the shapes
 * of the few ANTLR classes the parser touches.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the grammar and its runtime are CommonJS packages without types
export const grammar = require('@neo4j-cypher/antlr4-simple') as GrammarModule;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the grammar and its runtime are CommonJS packages without types
export const antlr4 = (require('@neo4j-cypher/antlr4-browser') as { default: RuntimeModule }).default;

export interface AntlrToken {
  type: number;
  text: string;
  line: number;
  column: number;
  start: number;
  stop: number;
}
interface AntlrLexer {
  removeErrorListeners(): void;
  addErrorListener(listener: unknown): void;
  getAllTokens(): AntlrToken[];
}
interface AntlrTokenStream {
  LT(k: number): AntlrToken;
}
export interface AntlrTree {
  children?: AntlrTree[] | null;
  ruleIndex?: number;
  symbol?: AntlrToken;
}
export interface GrammarModule {
  CypherLexer: new (input: unknown) => AntlrLexer;
  CypherParser: AntlrParserClass;
}
export interface RuntimeModule {
  InputStream: new (text: string) => unknown;
  CommonTokenStream: new (lexer: unknown) => AntlrTokenStream;
}
interface AntlrParser {
  ruleNames: string[];
  buildParseTrees: boolean;
  _interp: { predictionMode: number; closureCheckingStopState: (...args: unknown[]) => unknown };
  removeErrorListeners(): void;
  addErrorListener(listener: unknown): void;
  cypherPart(): AntlrTree;
}
type AntlrParserClass = (new (tokens: unknown) => AntlrParser) & { EOF: number; SP: number };

export const TOKEN_SP = grammar.CypherParser.SP;
