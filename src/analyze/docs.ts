/**
 * Doc comments: the text of a JSDoc block without its tags, and `@param`
 * texts of methods.
 *
 * @module
 */

import { type JSDoc, Node } from "ts-morph";

/** The doc comment text of a declaration, without tags; undefined if none. */
export function docOf(node: Node): string | undefined {
  if (!Node.isJSDocable(node)) return undefined;
  const docs = node.getJsDocs();
  const last = docs[docs.length - 1];
  return last === undefined ? undefined : descriptionOf(last);
}

function descriptionOf(doc: JSDoc): string | undefined {
  return cleanText(doc.getDescription());
}

/** Trims a doc text; undefined when nothing is left. */
function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const lines = text.split(/\r?\n/).map((line) => line.trimEnd());
  const cleaned = lines.join("\n").trim();
  return cleaned === "" ? undefined : cleaned;
}

/** `@param` texts of a function-like declaration, by parameter name. */
export function parameterDocs(node: Node): Map<string, string> {
  const result = new Map<string, string>();
  if (!Node.isJSDocable(node)) return result;
  for (const doc of node.getJsDocs()) {
    for (const tag of doc.getTags()) {
      if (!Node.isJSDocParameterTag(tag)) continue;
      const text = cleanText(tag.getCommentText()?.replace(/^\s*-\s+/, ""));
      if (text !== undefined) result.set(tag.getName(), text);
    }
  }
  return result;
}

/**
 * The last `/** ... *\/` comment in the source text between `from` and a
 * node, for members of a string-literal union (which cannot carry JSDoc):
 * `/** Doc. *\/ | "VALUE"`.
 */
export function blockDocBefore(node: Node, from: number): string | undefined {
  const text = node.getSourceFile().getFullText().slice(from, node.getStart());
  const comments = [...text.matchAll(/\/\*\*([\s\S]*?)\*\//g)];
  const last = comments[comments.length - 1];
  if (last === undefined) return undefined;
  const body = last[1]!.split(/\r?\n/).map((line) =>
    line.replace(/^\s*\*\s?/, "")
  ).join("\n");
  return cleanText(body);
}
