/**
 * The part of @neo4j-cypher/codemirror's API the console uses. The package ships its types at
 * src/codemirror.d.ts but its "exports" map hides them from moduleResolution "bundler".
 */
declare module '@neo4j-cypher/codemirror' {
  export interface EditorSupportSchema {
    labels?: string[];
    relationshipTypes?: string[];
    propertyKeys?: string[];
    parameters?: string[];
  }
  export interface EditorOptions {
    value?: string;
    theme?: 'light' | 'dark' | 'auto';
    lineNumbers?: boolean;
    lineWrapping?: boolean;
    autocomplete?: boolean;
    lint?: boolean;
    placeholder?: string;
    schema?: EditorSupportSchema;
  }
  export interface EditorApi {
    /** The CodeMirror 6 EditorView (only its document is read here). */
    codemirror: { state: { doc: { toString(): string } } };
    setValue(value?: string, parseOnSetValue?: boolean): void;
    setSchema(schema?: EditorSupportSchema): void;
    focus(): void;
    destroy(): void;
    onValueChanged(listener: (value: string, changes: unknown) => void): () => void;
    onKeyDown(listener: (event: KeyboardEvent) => void): () => void;
  }
  /** Version 1.0.3 answers { editor } (its own .d.ts says EditorApi). */
  export function createCypherEditor(parentDOMElement: Element | DocumentFragment, options: EditorOptions): { editor: EditorApi };
}
