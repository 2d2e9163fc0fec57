/** The comments of a TypeScript or JavaScript file, as TypeScript's parser finds them. */
import ts from 'typescript';

export interface SourceComment {
  line: number;
  text: string;
}

export function commentsOf(fileName: string, text: string): SourceComment[] {
  const kind = /\.(m?js)$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, SourceComment>();
  const take = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      found.set(range.pos, { line, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.line - b.line);
}
