/**
 * The most work a bookstore fetcher text can ask for within the compiler's
 * limits (8,192 characters, 16 nested braces): every level branches to the
 * book's store's books and to its authors' books.
 *
 * @module
 */

import { DEFAULT_MAX_LENGTH } from "../../runtime/fetcher_compiler.ts";

/** The branching book fetcher text `levels` deep. */
export function branchingBookText(levels: number): string {
  if (levels === 0) return "{name}";
  const next = branchingBookText(levels - 1);
  return `{store{books${next}}authors{books${next}}}`;
}

/** The deepest {@link branchingBookText} within the length limit. */
export function worstBookText(): string {
  let levels = 1;
  while (branchingBookText(levels + 1).length <= DEFAULT_MAX_LENGTH) levels++;
  return branchingBookText(levels);
}
