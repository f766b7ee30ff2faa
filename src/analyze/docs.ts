/**
 * Doc comments: the text of a JSDoc block without its tags, and `@param`
 * texts of methods.
 *
 * @module
 */

import { jsDocsOf, startOf, ts } from "./compiler.ts";

/** The doc comment text of a declaration, without tags; undefined if none. */
export function docOf(node: ts.Node): string | undefined {
  if (!JSDOCABLE.has(node.kind)) return undefined;
  const docs = jsDocsOf(node);
  const last = docs[docs.length - 1];
  return last === undefined ? undefined : cleanText(descriptionOf(last));
}

/** The kinds of node ts-morph reads JSDoc of (its `Node.isJSDocable`). */
const JSDOCABLE: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.CallSignature,
  ts.SyntaxKind.CaseClause,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.ClassStaticBlockDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.ConstructSignature,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.ExpressionStatement,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.IndexSignature,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.LabeledStatement,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.NamedTupleMember,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.VariableStatement,
]);

const SPACE = 0x20;
const ASTERISK = 0x2a;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** The characters ts-morph counts as whitespace. */
const WHITESPACE: ReadonlySet<number> = new Set(
  [" ", "\f", "\n", "\r", "\t", "\v", "\u00A0", "\u2028", "\u2029"].map((c) =>
    c.charCodeAt(0)
  ),
);

/**
 * The source text of a JSDoc block up to its first tag, stars removed
 * (ts-morph's `JSDoc.getDescription`).
 */
function descriptionOf(doc: ts.JSDoc): string {
  const text = doc.getSourceFile().text;
  const firstTag = doc.tags?.[0];
  const endSearchStart = firstTag === undefined
    ? doc.end - 2
    : startOf(firstTag);
  let start = startOf(doc) + 3;
  if (text.charCodeAt(start) === SPACE) start++;
  const endOrNewLine = previousMatchingPos(
    text,
    endSearchStart,
    (c) => c === NEWLINE || (!WHITESPACE.has(c) && c !== ASTERISK),
  );
  const end = previousMatchingPos(
    text,
    endOrNewLine,
    (c) => c !== NEWLINE && c !== CARRIAGE_RETURN,
  );
  return textWithoutStars(text.substring(start, Math.max(start, end)));
}

/** Moves `position` back until the character before it satisfies `stop`. */
function previousMatchingPos(
  text: string,
  position: number,
  stop: (charCode: number) => boolean,
): number {
  while (position > 0 && !stop(text.charCodeAt(position - 1))) position--;
  return position;
}

/**
 * A doc text with its comment delimiters and each line's leading `*` (and
 * one space after it) removed (ts-morph's `getTextWithoutStars`).
 */
function textWithoutStars(input: string): string {
  const inner = input.replace(/^\/\*\*[^\S\n]*\n?/, "")
    .replace(/(\r?\n)?[^\S\n]*\*\/$/, "");
  return inner.split(/\n/).map((line) => {
    const star = leadingStar(line);
    if (star === -1) return line;
    return line.substring(line[star + 1] === " " ? star + 2 : star + 1);
  }).join("\n");
}

/** Where a line's first non-whitespace character is, if it is `*`; else -1. */
function leadingStar(line: string): number {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === ASTERISK) return i;
    if (!WHITESPACE.has(c)) break;
  }
  return -1;
}

/** Trims a doc text; undefined when nothing is left. */
function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const lines = text.split(/\r?\n/).map((line) => line.trimEnd());
  const cleaned = lines.join("\n").trim();
  return cleaned === "" ? undefined : cleaned;
}

/** `@param` texts of a function-like declaration, by parameter name. */
export function parameterDocs(node: ts.Node): Map<string, string> {
  const result = new Map<string, string>();
  if (!JSDOCABLE.has(node.kind)) return result;
  for (const doc of jsDocsOf(node)) {
    for (const tag of doc.tags ?? []) {
      if (!ts.isJSDocParameterTag(tag)) continue;
      const text = cleanText(
        ts.getTextOfJSDocComment(tag.comment)?.replace(/^\s*-\s+/, ""),
      );
      if (text === undefined) continue;
      // The name as ts-morph's `getText()` gives it: from its first token,
      // `*`s of the comment skipped.
      const name = tag.name.getSourceFile().text.substring(
        startOf(tag.name),
        tag.name.end,
      );
      result.set(name, text);
    }
  }
  return result;
}

/**
 * The last `/** ... *\/` comment in the source text between `from` and a
 * node, for members of a string-literal union (which cannot carry JSDoc):
 * `/** Doc. *\/ | "VALUE"`.
 */
export function blockDocBefore(
  node: ts.Node,
  from: number,
): string | undefined {
  const text = node.getSourceFile().text.slice(from, startOf(node));
  const comments = [...text.matchAll(/\/\*\*([\s\S]*?)\*\//g)];
  const last = comments[comments.length - 1];
  if (last === undefined) return undefined;
  const body = last[1]!.split(/\r?\n/).map((line) =>
    line.replace(/^\s*\*\s?/, "")
  ).join("\n");
  return cleanText(body);
}
