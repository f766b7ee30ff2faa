/**
 * Rendered artifacts, each computed once per key: concurrent first requests
 * share one render (single flight), and every answer carries a strong ETag
 * made from its bytes.
 *
 * @module
 */

import { createHash } from "node:crypto";

/** An artifact ready to send. */
export interface RenderedArtifact {
  readonly bytes: Uint8Array;
  /** `content-type` of the answer. */
  readonly contentType: string;
  /** File name offered for download; absent for documents shown inline. */
  readonly filename?: string;
}

/** A rendered artifact with its ETag. */
export interface CachedArtifact extends RenderedArtifact {
  /** Strong ETag: `"<base64url of SHA-256 of the bytes>"`. */
  readonly etag: string;
}

/** Renders by key, once; failed renders are retried on the next request. */
export class ArtifactCache {
  readonly #entries = new Map<string, Promise<CachedArtifact>>();
  readonly #onRender: (key: string) => void;

  /** `onRender` is told of each render actually run (tests count them). */
  constructor(onRender: (key: string) => void = () => {}) {
    this.#onRender = onRender;
  }

  /** The artifact of `key`, rendering it with `render` the first time. */
  get(
    key: string,
    render: () => RenderedArtifact | Promise<RenderedArtifact>,
  ): Promise<CachedArtifact> {
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#onRender(key);
      entry = Promise.resolve().then(render).then(withEtag);
      entry.catch(() => this.#entries.delete(key));
      this.#entries.set(key, entry);
    }
    return entry;
  }
}

/** The cache key of an artifact request: kind, groups, import extension. */
export function artifactKey(
  kind: string,
  groups: readonly string[],
  importExtension: string | undefined,
): string {
  return [kind, groups.join(","), importExtension ?? ""].join("|");
}

/** `artifact` with its strong ETag. */
export function withEtag(artifact: RenderedArtifact): CachedArtifact {
  const digest = createHash("sha256").update(artifact.bytes).digest(
    "base64url",
  );
  return { ...artifact, etag: `"${digest}"` };
}

/** True when an `If-None-Match` header names `etag` (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * The answer of an artifact: `304` without a body when `ifNoneMatch` names
 * its ETag, else `200` with its bytes and length (which lets the listener
 * wait for a slow download, listen.ts); `headers` added to both.
 */
export function answerArtifact(
  ifNoneMatch: string | undefined,
  artifact: CachedArtifact,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const all: Record<string, string> = {
    "content-type": artifact.contentType,
    "etag": artifact.etag,
    "cache-control": "no-cache",
    ...headers,
  };
  if (artifact.filename !== undefined) {
    all["content-disposition"] = `attachment; filename="${artifact.filename}"`;
  }
  if (matchesEtag(ifNoneMatch, artifact.etag)) {
    return new Response(null, { status: 304, headers: all });
  }
  all["content-length"] = String(artifact.bytes.length);
  return new Response(artifact.bytes.slice().buffer, {
    status: 200,
    headers: all,
  });
}
