/**
 * The artifacts a server serves (spec §4.3), each rendered from a model by
 * one function of the pipeline: the TypeScript and Java client archives, the
 * OpenAPI document and its browsable page. Pure.
 *
 * @module
 */

import { createZip, type ZipEntryCache } from "../archive/zip.ts";
import type { ClientConfig } from "../config/config.ts";
import type { ImportExtension } from "../emit/ts/import_extension.ts";
import type { FileMemo } from "../emit/file_memo.ts";
import type { ApiModel } from "../model/api_model.ts";
import { type ArtifactKind, emitterOf } from "../render/emitters.ts";
import type { RenderedArtifact } from "./artifact_cache.ts";

/** What an artifact endpoint serves: every artifact but `model.json`. */
export type ServedKind = Exclude<ArtifactKind, "model">;

/** An artifact endpoint: what is served at which path. */
export interface ArtifactRoute {
  readonly kind: ServedKind;
  /** URL path from the configuration (`/ts.zip`). */
  readonly path: string;
}

/** A configuration the server cannot serve; the message names the keys. */
export class ServerConfigError extends Error {
  /** `message` names the keys and what to change. */
  constructor(message: string) {
    super(message);
    this.name = "ServerConfigError";
  }
}

const KEY_OF: Readonly<Record<ServedKind, string>> = {
  ts: "orm.client.ts.path",
  java: "orm.client.java-http-client.path",
  openapi: "orm.client.openapi.path",
  page: "orm.client.openapi.ui-path",
};

/**
 * The artifact endpoints a configuration asks for (an unset path serves
 * nothing). Throws {@link ServerConfigError} when two share a path or the
 * page has no document to show.
 */
export function artifactRoutes(config: ClientConfig): ArtifactRoute[] {
  const paths: Record<ServedKind, string | undefined> = {
    ts: config.tsPath,
    java: config.javaPath,
    openapi: config.openapiPath,
    page: config.openapiUiPath,
  };
  const routes: ArtifactRoute[] = [];
  const taken = new Map<string, ServedKind>();
  for (const kind of Object.keys(paths) as ServedKind[]) {
    const path = paths[kind];
    if (path === undefined) continue;
    const other = taken.get(path);
    if (other !== undefined) {
      throw new ServerConfigError(
        `${KEY_OF[kind]} and ${
          KEY_OF[other]
        } are both ${path}: give each its own path`,
      );
    }
    taken.set(path, kind);
    routes.push({ kind, path });
  }
  if (paths.page !== undefined && paths.openapi === undefined) {
    throw new ServerConfigError(
      `${KEY_OF.page} is set but ${KEY_OF.openapi} is not: the page needs the document`,
    );
  }
  return routes;
}

const encoder = new TextEncoder();

/** Per-request choices that change an artifact's bytes. */
export interface ArtifactOptions {
  /** Query string the page passes on to the document (`?groups=a`), or "". */
  readonly documentQuery: string;
  /** TypeScript archive: how relative imports end (default: the config's). */
  readonly importExtension?: ImportExtension;
}

/**
 * Renders one artifact of `model` (already narrowed to the selected groups).
 * Same inputs, same bytes: the archives are deterministic.
 */
export function renderArtifact(
  kind: ServedKind,
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  options: ArtifactOptions,
): RenderedArtifact {
  return packArtifact(
    kind,
    artifactFiles(kind, model, config, sourceName, options),
    config,
  );
}

/**
 * The files of one artifact of `model` as {@link renderArtifact} packs
 * them; `memo` reuses per-file results of earlier models (watch mode).
 */
export function artifactFiles(
  kind: ServedKind,
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  options: ArtifactOptions,
  memo?: FileMemo,
): Map<string, string> {
  return emitterOf(kind).emit(model, {
    config: options.importExtension === undefined
      ? config
      : { ...config, tsImportExtension: options.importExtension },
    sourceName,
    ...(memo === undefined ? {} : { memo }),
    ...(kind === "page"
      ? {
        documentUrl: `${config.openapiPath}${options.documentQuery}`,
        assetsBase: `${assetsDirOf(config.openapiUiPath!)}/`,
      }
      : {}),
  });
}

/**
 * The answer of an artifact made of `files`: a ZIP, or one document;
 * `zipCache` reuses the entries of the last archive packed with it.
 */
export function packArtifact(
  kind: ServedKind,
  files: ReadonlyMap<string, string>,
  config: ClientConfig,
  zipCache?: ZipEntryCache,
): RenderedArtifact {
  const served = SERVED[kind];
  if (served.archive !== undefined) {
    return {
      bytes: createZip(files, zipCache),
      contentType: "application/zip",
      filename: fileNameOf(config[served.archive.pathOf], served.archive.name),
    };
  }
  return {
    bytes: encoder.encode([...files.values()][0]!),
    contentType: served.contentType,
  };
}

/** Whether `kind` is served as a ZIP archive (else as one document). */
export function isArchive(kind: ServedKind): boolean {
  return SERVED[kind].archive !== undefined;
}

/** How each served artifact travels: a ZIP download, or one document. */
const SERVED: Readonly<
  Record<
    ServedKind,
    {
      readonly contentType: string;
      readonly archive?: {
        readonly pathOf: "tsPath" | "javaPath";
        readonly name: string;
      };
    }
  >
> = {
  ts: {
    contentType: "application/zip",
    archive: { pathOf: "tsPath", name: "ts.zip" },
  },
  java: {
    contentType: "application/zip",
    archive: { pathOf: "javaPath", name: "java-http-client.zip" },
  },
  openapi: { contentType: "application/yaml; charset=utf-8" },
  page: { contentType: "text/html; charset=utf-8" },
};

/** URL path of the folder the page's assets are served from. */
export function assetsDirOf(pagePath: string): string {
  return `${pagePath.slice(0, pagePath.lastIndexOf("/"))}/openapi-assets`;
}

function fileNameOf(path: string | undefined, fallback: string): string {
  const last = path?.split("/").pop() ?? "";
  return /^[\w.-]+$/.test(last) ? last : fallback;
}
