/**
 * The emitter table: every artifact Tailor produces, each one function of
 * the same shape `(model, context) -> Map<path, text>`. The CLI writes them
 * as one tree (each under its folder) and the server serves them one by one
 * (the clients zipped), both iterating over this table.
 *
 * The page's browser assets are binary files of the `swagger-ui-dist`
 * package, not generated: the shells add them (`withPageAssets`, the server's
 * asset route).
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { DEFAULT_JAVA_BASE_PACKAGE, emitJava } from "../emit/java/emit_java.ts";
import { emitOpenApi } from "../emit/openapi/emit_openapi.ts";
import { emitOpenApiPage } from "../emit/openapi/openapi_page.ts";
import { emitTypeScript } from "../emit/ts/emit_typescript.ts";
import type { ApiModel } from "../model/api_model.ts";
import { type FileMemo, NO_MEMO } from "../emit/file_memo.ts";

/** Name of the OpenAPI document file beside the page. */
export const OPENAPI_FILE = "openapi.yml";

/** Name of the page. */
export const OPENAPI_PAGE_FILE = "openapi.html";

/** The model beside the artifacts: `createServer` boots from it (`--model`). */
export const MODEL_FILE = "model.json";

/** Folder of the page's browser assets, relative to the page. */
export const OPENAPI_ASSETS_DIR = "openapi-assets";

/** What every emitter is given besides the model. */
export interface EmitContext {
  readonly config: ClientConfig;
  /** Name of the project in generated headers (`bookstore`). */
  readonly sourceName: string;
  /** URL the page loads the document from (default: the file beside it). */
  readonly documentUrl?: string;
  /** URL of the page's assets folder, ending in `/`. */
  readonly assetsBase?: string;
  /**
   * Per-file results kept from rendering earlier models (watch mode's
   * `ArtifactRenderer`); default: none, everything is computed.
   */
  readonly memo?: FileMemo;
}

/** One artifact's files, by path relative to the artifact's folder. */
export type Emitter = (model: ApiModel, context: EmitContext) => Map<
  string,
  string
>;

/** The artifacts. */
export type ArtifactKind = "ts" | "java" | "openapi" | "page" | "model";

/** An artifact: its emitter and its folder in a generated tree. */
export interface ArtifactEmitter {
  readonly kind: ArtifactKind;
  /** Folder of its files in the tree `generate` writes (`ts/`), or "". */
  readonly folder: string;
  readonly emit: Emitter;
}

/** Every artifact, in the order of a generated tree's folders. */
export const EMITTERS: readonly ArtifactEmitter[] = [
  {
    kind: "ts",
    folder: "ts/",
    emit: (model, { config, sourceName, memo }) =>
      emitTypeScript(model, {
        sourceName,
        ...(config.tsImportExtension === undefined
          ? {}
          : { importExtension: config.tsImportExtension }),
        ...(config.tsEnumStyle === undefined
          ? {}
          : { enumStyle: config.tsEnumStyle }),
        ...(config.tsNullRenderMode === undefined
          ? {}
          : { nullRenderMode: config.tsNullRenderMode }),
        ...(config.tsMutable === undefined
          ? {}
          : { mutable: config.tsMutable }),
        ...(config.tsApiName === undefined
          ? {}
          : { apiName: config.tsApiName }),
      }, memo),
  },
  {
    kind: "java",
    folder: "java/",
    emit: (model, { config, memo }) =>
      emitJava(model, {
        basePackage: config.javaBasePackage ?? DEFAULT_JAVA_BASE_PACKAGE,
        ...(config.requestHeaders === undefined
          ? {}
          : { requestHeaders: config.requestHeaders }),
      }, memo),
  },
  {
    kind: "openapi",
    folder: "",
    emit: (model, { config, memo }) =>
      new Map([[
        OPENAPI_FILE,
        emitOpenApi(model, {
          info: config.info,
          ...(config.tsNullRenderMode === undefined
            ? {}
            : { nullRenderMode: config.tsNullRenderMode }),
          ...(config.absentResult === undefined
            ? {}
            : { absentResult: config.absentResult }),
          ...(config.openapiExtras === undefined
            ? {}
            : { extras: config.openapiExtras }),
          ...(config.requestHeaders === undefined
            ? {}
            : { requestHeaders: config.requestHeaders }),
        }, memo),
      ]]),
  },
  {
    kind: "page",
    folder: "",
    emit: (_model, { config, documentUrl, assetsBase }) =>
      new Map([[
        OPENAPI_PAGE_FILE,
        emitOpenApiPage({
          title: config.info.title,
          documentUrl: documentUrl ?? OPENAPI_FILE,
          assetsBase: assetsBase ?? `${OPENAPI_ASSETS_DIR}/`,
        }),
      ]]),
  },
  {
    kind: "model",
    folder: "",
    emit: (model, { memo }) => new Map([[MODEL_FILE, modelJson(model, memo)]]),
  },
];

/** The emitter of one artifact. */
export function emitterOf(kind: ArtifactKind): ArtifactEmitter {
  return EMITTERS.find((emitter) => emitter.kind === kind)!;
}

/**
 * A model as `model.json` holds it (read back with `parseApiModel`):
 * `JSON.stringify(model, null, 2)`, written one top-level entry at a time so
 * that `memo` may hand back the text of an unchanged service, DTO, type, ...
 */
export function modelJson(model: ApiModel, memo: FileMemo = NO_MEMO): string {
  // One join of every piece: joining joined pieces would copy them again.
  const parts: string[] = [];
  for (const [key, value] of Object.entries(model)) {
    const head = `${parts.length === 0 ? "{\n" : ",\n"}  ${
      JSON.stringify(key)
    }: `;
    if (Array.isArray(value) && value.length > 0) {
      parts.push(head, "[\n    ");
      value.forEach((item, i) => {
        if (i > 0) parts.push(",\n    ");
        parts.push(itemJson(item, memo));
      });
      parts.push("\n  ]");
    } else {
      const text = indentJson(JSON.stringify(value, null, 2), "  ");
      if (text !== undefined) parts.push(head, text);
    }
  }
  if (parts.length === 0) return "{}\n";
  // The end joined too: text added to a joined string is copied again.
  parts.push("\n}\n");
  return parts.join("");
}

/** An item of a top-level array of the model, as `model.json` has it. */
function itemJson(item: unknown, memo: FileMemo): string {
  const text = () =>
    indentJson(JSON.stringify(item, null, 2) ?? "null", "    ");
  return typeof item === "object" && item !== null
    ? memo.reuse("model.json", item, [], text)
    : text();
}

/**
 * JSON text nested `indent` deep (strings hold no raw line breaks). Split and
 * joined rather than `replaceAll`, whose result joins many times slower.
 */
function indentJson<T extends string | undefined>(text: T, indent: string): T {
  return text?.split("\n").join(`\n${indent}`) as T;
}

/**
 * The files of the artifacts of `kinds` (in the emitters' order, each
 * emitter's files in its own order), at their paths in the tree.
 */
export function renderKinds(
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  kinds: readonly ArtifactKind[],
  memo: FileMemo = NO_MEMO,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const { kind, folder, emit } of EMITTERS) {
    if (!kinds.includes(kind)) continue;
    for (const [path, text] of emit(model, { config, sourceName, memo })) {
      files.set(`${folder}${path}`, text);
    }
  }
  return files;
}
