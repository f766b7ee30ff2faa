/**
 * The artifact versions of a watching server: each new model is rendered
 * incrementally (per-file work of unchanged parts reused, as
 * `generate --watch` does), its default artifacts packed for the cache,
 * and compared with the previous version: which artifacts, groups and
 * files changed (the data of the event stream's `version` events).
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { RenderMemo } from "../emit/file_memo.ts";
import { treeChanges } from "../fs/tree_changes.ts";
import type { ApiModel } from "../model/api_model.ts";
import { selectGroups } from "../model/select_groups.ts";
import type { CachedArtifact } from "./artifact_cache.ts";
import { withEtag } from "./artifact_cache.ts";
import {
  artifactFiles,
  type ArtifactRoute,
  packArtifact,
  type ServedKind,
} from "./artifacts.ts";
import type { VersionChange } from "./events.ts";

/** One rendered version: its default artifacts and what changed. */
export interface ArtifactVersion {
  /** The answers to the artifact paths without query, by kind. */
  readonly artifacts: ReadonlyMap<ServedKind, CachedArtifact>;
  /** What changed since the previous version (everything for the first). */
  readonly change: VersionChange;
}

/** Renders successive models of one server into versions. */
export class ArtifactVersions {
  readonly #memo = new RenderMemo();
  #files = new Map<ServedKind, Map<string, string>>();
  #artifacts = new Map<ServedKind, CachedArtifact>();
  #model: ApiModel | undefined;

  /** The served artifacts of `routes`, rendered with `config`. */
  constructor(
    readonly config: ClientConfig,
    readonly sourceName: string,
    readonly routes: readonly ArtifactRoute[],
  ) {}

  /** Renders `model` (the served, prefixed client model). */
  next(model: ApiModel): ArtifactVersion {
    const files = new Map<ServedKind, Map<string, string>>();
    const artifacts = new Map<ServedKind, CachedArtifact>();
    const changed: ServedKind[] = [];
    const written: Partial<Record<ServedKind, readonly string[]>> = {};
    const removed: Partial<Record<ServedKind, readonly string[]>> = {};
    for (const { kind } of this.routes) {
      const next = artifactFiles(kind, model, this.config, this.sourceName, {
        documentQuery: "",
      }, this.#memo);
      files.set(kind, next);
      const changes = treeChanges(this.#files.get(kind) ?? new Map(), next);
      const previous = this.#artifacts.get(kind);
      if (
        previous !== undefined &&
        changes.written.length + changes.removed.length === 0
      ) {
        // The same files: the same bytes, not packed and hashed again.
        artifacts.set(kind, previous);
        continue;
      }
      artifacts.set(kind, withEtag(packArtifact(kind, next, this.config)));
      changed.push(kind);
      written[kind] = changes.written;
      if (changes.removed.length > 0) removed[kind] = changes.removed;
    }
    const groups = changedGroups(this.#model, model);
    this.#files = files;
    this.#artifacts = artifacts;
    this.#model = model;
    const etags: Partial<Record<ServedKind, string>> = {};
    for (const [kind, artifact] of artifacts) etags[kind] = artifact.etag;
    return {
      artifacts,
      change: { etags, artifacts: changed, groups, files: written, removed },
    };
  }
}

/**
 * The groups whose selection differs between two models (every group of
 * `next` for the first model), sorted.
 */
export function changedGroups(
  previous: ApiModel | undefined,
  next: ApiModel,
): string[] {
  if (previous === undefined) return [...next.groups].sort();
  const all = [...new Set([...previous.groups, ...next.groups])].sort();
  return all.filter((group) =>
    JSON.stringify(selectGroups(previous, [group]).model) !==
      JSON.stringify(selectGroups(next, [group]).model)
  );
}
