/**
 * The `orm.client.*` configuration, from YAML (`orm.yml`) or Java-style
 * properties (`orm.properties`) text. Parsing is pure; reading the file is
 * the caller's job.
 *
 * @module
 */

import { parseProperties, PropertiesSyntaxError } from "./properties.ts";
import { parse as parseYaml } from "yaml";
import { javaPackageProblem } from "../model/java_package.ts";
import {
  IMPORT_EXTENSIONS,
  type ImportExtension,
} from "../emit/ts/import_extension.ts";
import { ENUM_STYLES, type EnumStyle } from "../emit/ts/enum_style.ts";
import {
  NULL_RENDER_MODES,
  type NullRenderMode,
} from "../emit/ts/null_mode.ts";
import { apiNameProblem } from "../emit/ts/names.ts";
import type { DocumentExtras } from "../emit/openapi/document_extras.ts";
import { EXTRA_KEYS, isExtraKey, readExtra } from "./openapi_extras.ts";
import { parseRequestHeaders } from "../model/request_headers.ts";
import { ABSENT_RESULTS, type AbsentResult } from "../model/absent_result.ts";

/** Info block of the OpenAPI document. */
export interface OpenApiInfo {
  readonly title: string;
  readonly description?: string;
  /** Version label; a number in the file is kept as written. */
  readonly version: string;
}

/** Client generation settings. An unset path serves nothing. */
export interface ClientConfig {
  /** `orm.client.uri-prefix`: a path every route, client and document share. */
  readonly uriPrefix?: string;
  /** `orm.client.ts.path`: where the TypeScript client ZIP is served. */
  readonly tsPath?: string;
  /**
   * `orm.client.ts.import-extension`: how imports between the generated
   * TypeScript files end (`ts`, `js` or `none`; unset: `ts`).
   */
  readonly tsImportExtension?: ImportExtension;
  /** `orm.client.ts.enum-style`: `union` (default) or `enum-like`. */
  readonly tsEnumStyle?: EnumStyle;
  /**
   * `orm.client.ts.null-render-mode`: `undefined` (default; optional response
   * properties `name?: T`, left out) or `null` (`name: T | null`, sent as
   * `null`) for the TypeScript client, the OpenAPI document and the server.
   */
  readonly tsNullRenderMode?: NullRenderMode;
  /**
   * `orm.client.absent-result`: how the server answers an absent result,
   * and the document describes it: `empty` (default: a 200 with an empty
   * body) or `null` (the JSON `null`, `application/json`).
   */
  readonly absentResult?: AbsentResult;
  /**
   * `orm.client.ts.mutable`: `true` writes the TypeScript client's data
   * types without `readonly` and their arrays as `Array` (unset: false).
   */
  readonly tsMutable?: boolean;
  /**
   * `orm.client.ts.api-name`: name of the TypeScript client class, of its
   * file and (`<name>Errors`) of its errors type (unset: `Api`).
   */
  readonly tsApiName?: string;
  /** `orm.client.java-http-client.path`: where the Java client ZIP is served. */
  readonly javaPath?: string;
  /** `orm.client.java-http-client.base-package`: package of the Java client. */
  readonly javaBasePackage?: string;
  /** `orm.client.openapi.path`: where the OpenAPI YAML is served. */
  readonly openapiPath?: string;
  /** `orm.client.openapi.ui-path`: where the browsable page is served. */
  readonly openapiUiPath?: string;
  /** `orm.client.openapi.properties.info.*`. */
  readonly info: OpenApiInfo;
  /** Servers, security, schemes, contact, licence of the document. */
  readonly openapiExtras?: DocumentExtras;
  /**
   * `orm.client.request-headers`: headers the server reads outside the
   * methods' signatures (`tenant`), lower case; every operation takes them.
   */
  readonly requestHeaders?: readonly string[];
  /**
   * `orm.client.fetchers.allow-list`: the fetcher manifest (`tailor
   * fetchers` writes it), relative to the project; the server then answers
   * only its client fetchers (allow-list mode). Unset: any fetcher that
   * compiles, on its budget.
   */
  readonly fetchersAllowList?: string;
}

/** A configuration file that cannot be used; the message names the key. */
export class ConfigError extends Error {
  constructor(message: string, readonly key?: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Defaults for the OpenAPI info when the file sets none. */
export const DEFAULT_INFO: OpenApiInfo = { title: "API", version: "1.0.0" };

type Field =
  | Exclude<keyof ClientConfig, "openapiExtras" | "requestHeaders">
  | "requestHeaderList"
  | "title"
  | "description"
  | "version";

const KEYS: ReadonlyMap<string, { field: Field; kind: "path" | "text" }> =
  new Map([
    ["orm.client.uri-prefix", { field: "uriPrefix", kind: "path" }],
    ["orm.client.absent-result", { field: "absentResult", kind: "text" }],
    ["orm.client.request-headers", {
      field: "requestHeaderList",
      kind: "text",
    }],
    ["orm.client.fetchers.allow-list", {
      field: "fetchersAllowList",
      kind: "text",
    }],
    ["orm.client.ts.path", { field: "tsPath", kind: "path" }],
    ["orm.client.ts.import-extension", {
      field: "tsImportExtension",
      kind: "text",
    }],
    ["orm.client.ts.enum-style", { field: "tsEnumStyle", kind: "text" }],
    ["orm.client.ts.null-render-mode", {
      field: "tsNullRenderMode",
      kind: "text",
    }],
    ["orm.client.ts.mutable", { field: "tsMutable", kind: "text" }],
    ["orm.client.ts.api-name", { field: "tsApiName", kind: "text" }],
    ["orm.client.java-http-client.path", { field: "javaPath", kind: "path" }],
    ["orm.client.java-http-client.base-package", {
      field: "javaBasePackage",
      kind: "text",
    }],
    ["orm.client.openapi.path", { field: "openapiPath", kind: "path" }],
    ["orm.client.openapi.ui-path", { field: "openapiUiPath", kind: "path" }],
    ["orm.client.openapi.properties.info.title", {
      field: "title",
      kind: "text",
    }],
    ["orm.client.openapi.properties.info.description", {
      field: "description",
      kind: "text",
    }],
    ["orm.client.openapi.properties.info.version", {
      field: "version",
      kind: "text",
    }],
  ]);

/** The values a key admits, for keys with a fixed list. */
const CHOICES: ReadonlyMap<string, readonly string[]> = new Map<
  string,
  readonly string[]
>([
  ["orm.client.absent-result", ABSENT_RESULTS],
  ["orm.client.ts.import-extension", IMPORT_EXTENSIONS],
  ["orm.client.ts.enum-style", ENUM_STYLES],
  ["orm.client.ts.null-render-mode", NULL_RENDER_MODES],
  ["orm.client.ts.mutable", ["true", "false"]],
]);

/** Every configuration key Tailor reads. */
export const CONFIG_KEYS: readonly string[] = [...KEYS.keys(), ...EXTRA_KEYS];

/**
 * Builds the configuration from flat `key -> value` entries. Keys outside
 * `orm.client` are not ours and are ignored; an unknown key inside it, a
 * value of the wrong type, a path not starting with `/` or two artifacts on
 * one path is a ConfigError naming the key.
 */
export function clientConfigOf(
  entries: ReadonlyMap<string, unknown>,
): ClientConfig {
  const values: Partial<Record<Field, string>> = {};
  const extras: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (key !== "orm.client" && !key.startsWith("orm.client.")) continue;
    if (isExtraKey(key)) {
      if (value === null || value === undefined) continue;
      const read = readExtra(key, value);
      if ("problem" in read) throw new ConfigError(read.problem, key);
      extras[read.field] = read.value;
      continue;
    }
    const spec = KEYS.get(key);
    if (spec === undefined) {
      throw new ConfigError(
        `unknown configuration key "${key}"; known keys: ${
          CONFIG_KEYS.join(", ")
        }`,
        key,
      );
    }
    if (value === null || value === undefined) continue;
    const isVersion = spec.field === "version" && typeof value === "number";
    if (typeof value !== "string" && !isVersion) {
      throw new ConfigError(
        `"${key}" must be a ${
          spec.field === "version" ? "string or number" : "string"
        }`,
        key,
      );
    }
    const text = String(value);
    if (spec.kind === "path" && (!text.startsWith("/") || /\s/.test(text))) {
      throw new ConfigError(
        `"${key}" must be a URL path starting with "/" and without spaces, got "${text}"`,
        key,
      );
    }
    const headers = spec.field === "requestHeaderList"
      ? parseRequestHeaders(text)
      : undefined;
    const problem = headers !== undefined && "problem" in headers
      ? headers.problem
      : spec.field === "javaBasePackage"
      ? javaPackageProblem(text)
      : spec.field === "tsApiName"
      ? apiNameProblem(text)
      : undefined;
    if (problem !== undefined) {
      throw new ConfigError(`"${key}": ${problem}`, key);
    }
    const choices = CHOICES.get(key);
    if (choices !== undefined && !choices.includes(text)) {
      throw new ConfigError(
        `"${key}" must be one of ${choices.join(", ")}, got "${text}"`,
        key,
      );
    }
    values[spec.field] = text;
  }
  const paths = ["tsPath", "javaPath", "openapiPath", "openapiUiPath"] as const;
  const seen = new Map<string, Field>();
  for (const field of paths) {
    const path = values[field];
    if (path === undefined) continue;
    const other = seen.get(path);
    if (other !== undefined) {
      throw new ConfigError(
        `two artifacts are configured on the path "${path}"`,
        keyOf(field),
      );
    }
    seen.set(path, field);
  }
  const {
    title,
    description,
    version,
    tsImportExtension,
    tsEnumStyle,
    tsNullRenderMode,
    tsMutable,
    absentResult,
    requestHeaderList,
    ...rest
  } = values;
  const headers = requestHeaderList === undefined
    ? undefined
    : parseRequestHeaders(requestHeaderList);
  return {
    ...rest,
    ...(tsImportExtension === undefined
      ? {}
      : { tsImportExtension: tsImportExtension as ImportExtension }),
    ...(tsEnumStyle === undefined
      ? {}
      : { tsEnumStyle: tsEnumStyle as EnumStyle }),
    ...(tsNullRenderMode === undefined
      ? {}
      : { tsNullRenderMode: tsNullRenderMode as NullRenderMode }),
    ...(tsMutable === undefined ? {} : { tsMutable: tsMutable === "true" }),
    ...(absentResult === undefined
      ? {}
      : { absentResult: absentResult as AbsentResult }),
    ...(headers === undefined || !("names" in headers)
      ? {}
      : { requestHeaders: headers.names }),
    ...(Object.keys(extras).length === 0
      ? {}
      : { openapiExtras: extras as DocumentExtras }),
    info: {
      title: title ?? DEFAULT_INFO.title,
      ...(description === undefined ? {} : { description }),
      version: version ?? DEFAULT_INFO.version,
    },
  };
}

function keyOf(field: Field): string {
  for (const [key, spec] of KEYS) if (spec.field === field) return key;
  return field;
}

/**
 * Flattens nested YAML mappings into dotted keys. A mapping that contains
 * itself (a cyclic alias such as `a: &a {b: *a}`) is a ConfigError.
 */
function flatten(
  value: unknown,
  prefix: string,
  into: Map<string, unknown>,
  ancestors: Set<object> = new Set(),
): Map<string, unknown> {
  if (
    value !== null && typeof value === "object" && !Array.isArray(value) &&
    !isExtraKey(prefix)
  ) {
    if (ancestors.has(value)) {
      throw new ConfigError(
        `the YAML alias at "${prefix}" refers to a mapping that contains it; remove the cyclic alias`,
        prefix,
      );
    }
    ancestors.add(value);
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix === "" ? key : `${prefix}.${key}`, into, ancestors);
    }
    ancestors.delete(value);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** Parses `orm.yml` text. */
export function parseYamlConfig(text: string): ClientConfig {
  let document: unknown;
  try {
    // The failsafe schema keeps every scalar as written: `version: 1.0`
    // stays "1.0" instead of becoming the number 1.
    document = parseYaml(text, { schema: "failsafe" });
  } catch (error) {
    // The parser's message continues with a code frame: keep its first line.
    const [first = ""] = String((error as Error).message).split("\n");
    throw new ConfigError(`invalid YAML: ${first.replace(/:$/, "")}`);
  }
  if (document === null || document === undefined) {
    return clientConfigOf(new Map());
  }
  if (typeof document !== "object" || Array.isArray(document)) {
    throw new ConfigError("the configuration must be a YAML mapping");
  }
  return clientConfigOf(flatten(document, "", new Map()));
}

/** Parses Java-style `.properties` text (`key=value`, `key: value`, `#` comments). */
export function parsePropertiesConfig(text: string): ClientConfig {
  let entries: Map<string, string>;
  try {
    entries = parseProperties(text);
  } catch (error) {
    if (!(error instanceof PropertiesSyntaxError)) throw error;
    throw new ConfigError(error.message);
  }
  return clientConfigOf(entries);
}

/** Parses configuration text by file name: `.properties`, else YAML. */
export function parseConfig(fileName: string, text: string): ClientConfig {
  return fileName.endsWith(".properties")
    ? parsePropertiesConfig(text)
    : parseYamlConfig(text);
}

/** Names of the configuration files a project may hold (at most one). */
export const CONFIG_FILE_NAMES: readonly string[] = [
  "orm.yml",
  "orm.yaml",
  "orm.properties",
];

/**
 * The files {@link loadConfig} reads: `file` when given, else each of
 * {@link CONFIG_FILE_NAMES} in the project directory.
 */
export function configFileCandidates(
  projectDir: string,
  file?: string,
): string[] {
  return file === undefined
    ? CONFIG_FILE_NAMES.map((name) => `${projectDir}/${name}`)
    : [file];
}

/**
 * The last configuration file parsed, by path and text: watch mode reads
 * the file on every change, and it seldom changes.
 */
let lastParsed:
  | { readonly candidate: string; readonly text: string; config: ClientConfig }
  | undefined;

/**
 * Reads the configuration of a project: `--config FILE` when given, else the
 * one of `orm.yml`, `orm.yaml` or `orm.properties` in the project directory,
 * else defaults (nothing served). Two of them present is a ConfigError naming
 * both, since the second would be ignored without a word.
 */
export async function loadConfig(
  projectDir: string,
  file?: string,
): Promise<ClientConfig> {
  const candidates = configFileCandidates(projectDir, file);
  const found: [string, string][] = [];
  for (const candidate of candidates) {
    try {
      found.push([candidate, await Deno.readTextFile(candidate)]);
    } catch (error) {
      const absent = error instanceof Deno.errors.NotFound ||
        error instanceof Deno.errors.NotADirectory;
      // A project without a configuration file serves nothing; whether the
      // project directory itself exists is the analyzer's to say.
      if (absent && file === undefined) continue;
      throw new ConfigError(
        `cannot read ${candidate}: ${(error as Error).message}`,
      );
    }
  }
  if (found.length > 1) {
    throw new ConfigError(
      `both ${found.map(([name]) => name).join(" and ")} are present; ` +
        "keep one configuration file",
    );
  }
  const [only] = found;
  if (only === undefined) return clientConfigOf(new Map());
  const [candidate, text] = only;
  if (lastParsed?.candidate === candidate && lastParsed.text === text) {
    return lastParsed.config;
  }
  try {
    const config = parseConfig(candidate, text);
    lastParsed = { candidate, text, config };
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ConfigError(`${candidate}: ${error.message}`, error.key);
    }
    throw error;
  }
}
