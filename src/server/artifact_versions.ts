/**
 * The artifact versions of a watching server: each new model is rendered
 * incrementally (per-file work of unchanged parts reused, as
 * `generate --watch` does; archive entries of unchanged files copied, not
 * deflated again), its default artifacts packed for the cache, and
 * compared with the previous version: which artifacts, groups and files
 * changed (the data of the event stream's `version` events).
 *
 * It also keeps the files of the last versions of each archive it served
 * without `?groups=` (the default one, and each `?importExtension=`
 * variant, rendered on first request), so that a client holding one of
 * them can be sent only the files that changed since ({@link delta}).
 *
 * @module
 */

import { ZipEntryCache } from "../archive/zip.ts";
import type { ClientConfig } from "../config/config.ts";
import { RenderMemo, sameValue } from "../emit/file_memo.ts";
import type { ImportExtension } from "../emit/ts/import_extension.ts";
import { treeChanges } from "../fs/tree_changes.ts";
import type { ApiModel } from "../model/api_model.ts";
import { selectGroups } from "../model/select_groups.ts";
import type { CachedArtifact } from "./artifact_cache.ts";
import { withEtag } from "./artifact_cache.ts";
import {
  artifactFiles,
  type ArtifactRoute,
  isArchive,
  packArtifact,
  type ServedKind,
} from "./artifacts.ts";
import type { VersionChange } from "./events.ts";

/** One rendered version: what changed. */
export interface ArtifactVersion {
  /** What changed since the previous version (everything for the first). */
  readonly change: VersionChange;
}

/** The files that turn an archive a client holds into the current one. */
export interface ArchiveDelta {
  /** A ZIP of the files written (new or changed) since the base. */
  readonly bytes: Uint8Array;
  /** The ETag of the archive the client holds. */
  readonly base: string;
  /** The ETag of the current archive (the client's after the update). */
  readonly etag: string;
  /** The paths gone since the base, sorted. */
  readonly removed: readonly string[];
}

/** Versions of one archive kept for deltas, the newest last. */
const KEPT_VERSIONS = 16;

/** A delta is sent only while it holds at most this share of the files. */
const DELTA_SHARE = 0.5;

/** Most paths a delta removes (they travel in a header). */
const MAX_REMOVED = 256;

/** One rendered artifact of one model. */
interface Rendered {
  readonly model: ApiModel;
  readonly files: Map<string, string>;
  readonly artifact: CachedArtifact;
  /** Deltas made from this version, by base ETag. */
  readonly deltas: Map<string, ArchiveDelta | undefined>;
}

/** An earlier version kept as a delta's base: its ETag and files. */
interface Base {
  readonly etag: string;
  readonly files: ReadonlyMap<string, string>;
}

/** One artifact with one import style: its render state and versions. */
class Variant {
  readonly memo = new RenderMemo();
  readonly zipCache = new ZipEntryCache();
  current: Rendered | undefined;
  /**
   * The versions before the current one, oldest first: their files only
   * (mostly the same strings as the current one's), not their bytes.
   */
  readonly bases: Base[] = [];

  /** `keep`: earlier versions kept (none for a document: no deltas). */
  constructor(readonly keep: number) {}

  /** Makes `rendered` the current version. */
  push(rendered: Rendered): void {
    if (this.current !== undefined && this.keep > 0) {
      this.bases.push({
        etag: this.current.artifact.etag,
        files: this.current.files,
      });
      if (this.bases.length > this.keep) this.bases.shift();
    }
    this.current = rendered;
  }
}

/** Renders successive models of one server into versions. */
export class ArtifactVersions {
  readonly #variants = new Map<string, Variant>();
  #model: ApiModel | undefined;

  /** The served artifacts of `routes`, rendered with `config`. */
  constructor(
    readonly config: ClientConfig,
    readonly sourceName: string,
    readonly routes: readonly ArtifactRoute[],
  ) {}

  /** Renders `model` (the served, prefixed client model). */
  next(model: ApiModel): ArtifactVersion {
    const artifacts = new Map<ServedKind, CachedArtifact>();
    const changed: ServedKind[] = [];
    const written: Partial<Record<ServedKind, readonly string[]>> = {};
    const removed: Partial<Record<ServedKind, readonly string[]>> = {};
    for (const { kind } of this.routes) {
      const variant = this.#variant(kind, undefined);
      const previous = variant.current;
      const next = this.#render(kind, undefined, model);
      artifacts.set(kind, next.artifact);
      if (next.artifact === previous?.artifact) continue;
      const changes = treeChanges(previous?.files ?? new Map(), next.files);
      changed.push(kind);
      written[kind] = changes.written;
      if (changes.removed.length > 0) removed[kind] = changes.removed;
    }
    const groups = changedGroups(this.#model, model);
    this.#model = model;
    const etags: Partial<Record<ServedKind, string>> = {};
    for (const [kind, artifact] of artifacts) etags[kind] = artifact.etag;
    return {
      change: { etags, artifacts: changed, groups, files: written, removed },
    };
  }

  /**
   * The current artifact of `kind` without `?groups=` (with the import
   * style `importExtension`, default the configuration's); undefined
   * before the first model.
   */
  artifact(
    kind: ServedKind,
    importExtension?: ImportExtension,
  ): CachedArtifact | undefined {
    if (this.#model === undefined) return undefined;
    return this.#render(kind, importExtension, this.#model).artifact;
  }

  /**
   * The files that turn the archive of ETag `base` into the current one
   * ({@link artifact}); undefined when `kind` is no archive, `base` is
   * not among the last versions or is the current one, or the delta would
   * hold more than half of the files (the whole archive is as good) or
   * remove more than 256.
   */
  delta(
    kind: ServedKind,
    importExtension: ImportExtension | undefined,
    base: string,
  ): ArchiveDelta | undefined {
    if (
      !isArchive(kind) || this.artifact(kind, importExtension) === undefined
    ) {
      return undefined;
    }
    const variant = this.#variant(kind, importExtension);
    const current = variant.current!;
    if (current.deltas.has(base)) return current.deltas.get(base);
    const from = base === current.artifact.etag
      ? undefined
      : variant.bases.findLast((v) => v.etag === base);
    let delta: ArchiveDelta | undefined;
    if (from !== undefined) {
      const changes = treeChanges(from.files, current.files);
      const count = changes.written.length + changes.removed.length;
      if (
        count <= current.files.size * DELTA_SHARE &&
        changes.removed.length <= MAX_REMOVED
      ) {
        const files = new Map(
          changes.written.map((path) => [path, current.files.get(path)!]),
        );
        delta = {
          bytes: packArtifact(kind, files, this.config).bytes,
          base,
          etag: current.artifact.etag,
          removed: changes.removed,
        };
      }
    }
    current.deltas.set(base, delta);
    return delta;
  }

  #variant(kind: ServedKind, importExtension: ImportExtension | undefined) {
    const key = `${kind}|${importExtension ?? ""}`;
    let variant = this.#variants.get(key);
    if (variant === undefined) {
      variant = new Variant(isArchive(kind) ? KEPT_VERSIONS - 1 : 0);
      this.#variants.set(key, variant);
    }
    return variant;
  }

  /**
   * The variant's version of `model`: the current one when it was
   * rendered from `model` or has the same files, else a new one.
   */
  #render(
    kind: ServedKind,
    importExtension: ImportExtension | undefined,
    model: ApiModel,
  ): Rendered {
    const variant = this.#variant(kind, importExtension);
    const current = variant.current;
    if (current?.model === model) return current;
    const files = artifactFiles(kind, model, this.config, this.sourceName, {
      documentQuery: "",
      ...(importExtension === undefined ? {} : { importExtension }),
    }, variant.memo);
    const changes = current && treeChanges(current.files, files);
    if (changes && changes.written.length + changes.removed.length === 0) {
      // The same files: the same bytes, not packed and hashed again.
      variant.current = { ...current!, model };
      return variant.current;
    }
    const artifact = withEtag(
      packArtifact(kind, files, this.config, variant.zipCache),
    );
    const rendered = { model, files, artifact, deltas: new Map() };
    variant.push(rendered);
    return rendered;
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
  // Deep equality with an identity shortcut: the parts an edit did not
  // touch are the same objects in both models, and are not walked.
  return all.filter((group) =>
    !sameValue(
      selectGroups(previous, [group]).model,
      selectGroups(next, [group]).model,
    )
  );
}
