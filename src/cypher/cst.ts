import type { CstNode } from './parse-core';

/** Helpers that read the plain syntax tree (CstNode) built by the parser. */

/** The source text of a node (every terminal, spaces and comments included). */
export function textOf(node: CstNode): string {
  if (node.rule === null) return node.token ?? '';
  let out = '';
  for (const child of node.children) out += textOf(child);
  return out;
}

/** Children that are rules (optionally of one rule name), spaces and tokens left out. */
export function rules(node: CstNode, rule?: string): CstNode[] {
  return node.children.filter((c) => c.rule !== null && (rule === undefined || c.rule === rule));
}

export function rule(node: CstNode, name: string): CstNode | undefined {
  return node.children.find((c) => c.rule === name);
}

/** Non-space tokens among the direct children (keywords, punctuation). */
export function tokens(node: CstNode): string[] {
  return node.children.filter((c) => c.rule === null && !c.space).map((c) => c.token ?? '');
}

/** Whether a direct child token equals `keyword` (case-insensitive). */
export function hasToken(node: CstNode, keyword: string): boolean {
  const wanted = keyword.toUpperCase();
  return node.children.some((c) => c.rule === null && (c.token ?? '').toUpperCase() === wanted);
}

/** Every descendant rule node named `name` (pre-order). */
export function descendants(node: CstNode, name: string, out: CstNode[] = []): CstNode[] {
  for (const child of node.children) {
    if (child.rule === name) out.push(child);
    if (child.rule !== null) descendants(child, name, out);
  }
  return out;
}

/** The single meaningful child when a rule only wraps one other (expression precedence levels). */
export function unwrap(node: CstNode): CstNode {
  let current = node;
  for (;;) {
    const meaningful = current.children.filter((c) => !c.space && !(c.rule === null && c.token === ''));
    if (meaningful.length === 1 && meaningful[0].rule !== null) current = meaningful[0];
    else return current;
  }
}

/** A symbolic name as Cypher reads it (backticks removed, doubled backticks undone). */
export function nameOf(node: CstNode): string {
  const raw = textOf(node).trim();
  if (raw.startsWith('`') && raw.endsWith('`') && raw.length >= 2) return raw.slice(1, -1).replace(/``/g, '`');
  return raw;
}

/** Clauses of the grammar by the name a user knows them (for refusals). */
const CLAUSE_NAMES: Record<string, string> = {
  loadCSVClause: 'LOAD CSV',
  mergeClause: 'MERGE',
  createClause: 'CREATE',
  createUniqueClause: 'CREATE UNIQUE',
  setClause: 'SET',
  deleteClause: 'DELETE',
  removeClause: 'REMOVE',
  foreachClause: 'FOREACH',
  call: 'CALL',
  startClause: 'START',
};

/** The Cypher name of a clause node (`MERGE`, `LOAD CSV`, …): known rules by name, else its first word. */
export function clauseName(clause: CstNode): string {
  return CLAUSE_NAMES[clause.rule ?? ''] ?? (textOf(clause).trim().split(/\s+/)[0] || 'This clause').toUpperCase();
}

/** `line:column` for messages. */
export function positionOf(node: CstNode): string {
  return `${node.line}:${node.column}`;
}

/** Backtick-quotes a name for Cypher when needed. */
export function quoteName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

/** Always backtick-quotes (column aliases that must equal the original expression text). */
export function backtick(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
