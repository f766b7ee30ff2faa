/**
 * The router of Tailor's server: Hono's `TrieRouter`, with the match of each
 * path that has no variable kept after its first request.
 *
 * Hono's default router (`SmartRouter`) takes its fastest one,
 * `RegExpRouter`, only when every route fits it, and a controller's routes
 * often do not: `/stores/topBooks` beside `/stores/:id/runnerUp` is enough.
 * Then every request walks the trie and builds a new match (about 1.5 KB
 * of garbage). A route without variables always matches the same handlers,
 * so its match is kept: a `GET /books` costs one map lookup.
 *
 * @module
 */

import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/** Methods whose matches are kept (any other is matched each time). */
const KEPT_METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
] as const;

/** A path with a variable (`:id`), a wildcard or an optional part. */
const VARIABLE = /[:*?{]/;

/** `TrieRouter` keeping the matches of the paths without variables. */
export class StaticPathRouter<T> implements Router<T> {
  /** The router's name, as Hono's routers have one. */
  readonly name = "StaticPathRouter";
  readonly #trie = new TrieRouter<T>();
  readonly #staticPaths = new Set<string>();
  /** Per kept method, the matches of the static paths asked for so far. */
  readonly #kept = new Map<string, Map<string, Result<T>>>(
    KEPT_METHODS.map((method) => [method, new Map()]),
  );

  /** Adds a route; the kept matches are made anew. */
  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (!VARIABLE.test(path)) this.#staticPaths.add(path);
    for (const byPath of this.#kept.values()) byPath.clear();
  }

  /**
   * The handlers of `method` `path`: kept for a route path without
   * variables and a standard method (so the kept matches stay bounded by
   * the routes), else matched by the trie.
   */
  match(method: string, path: string): Result<T> {
    const byPath = this.#kept.get(method);
    if (byPath === undefined || !this.#staticPaths.has(path)) {
      return this.#trie.match(method, path);
    }
    let result = byPath.get(path);
    if (result === undefined) {
      result = this.#trie.match(method, path);
      byPath.set(path, result);
    }
    return result;
  }
}
