/**
 * The TypeScript client emitter: ApiModel -> the files of the generated
 * client (DESIGN §4), each exactly as `deno fmt` writes it.
 *
 * ```
 * index.ts  Api.ts  ApiErrors.ts  Executor.ts  FetchExecutor.ts  RequestOf.ts
 * ResponseOf.ts  ElementOf.ts  ServerErrors.ts  queries.ts (TanStack Query options)
 * Multipart.ts (only when an operation takes RequestPart<T>)
 * model/dto/<Entity>Dto.ts + index.ts      model/enums/<Enum>.ts + index.ts
 * model/static/<Type>.ts + index.ts         model/dynamic/Dynamic_<Entity>.ts + index.ts
 * model/embeddable/<Type>.ts + index.ts (`@Embeddable()` value types)
 * services/<Name>Service.ts + index.ts
 * ```
 *
 * `Api.ts` and `ApiErrors.ts` are `<Name>.ts` and `<Name>Errors.ts` when
 * the `Api` class is renamed (`apiName`). A folder (and its index) is left
 * out when it would be empty. Relative
 * imports end as `importExtension` asks; only erasable syntax is emitted (no
 * parameter properties, `enum` or `namespace`), `import type` wherever only
 * types are used.
 *
 * @module
 */

import { GENERATED_HEADER } from "../../fs/output_guard.ts";
import type { ApiModel, StaticTypeModel } from "../../model/api_model.ts";
import {
  elementOfText,
  executorText,
  fetchExecutorText,
  requestOfText,
  responseOfText,
  serviceExample,
} from "./client_files.ts";
import { errorsExportText, errorsFile, errorsFileText } from "./errors_file.ts";
import {
  SERVER_ERRORS_FILE,
  serverErrorsExportText,
  serverErrorsFileText,
} from "./server_errors_file.ts";
import { formatTypeScript } from "./format.ts";
import { exportLine } from "./layout.ts";
import { inputTypes } from "./input_types.ts";
import { checkNames, DEFAULT_API_NAME } from "./names.ts";
import { dtoText, dynamicText, staticText } from "./model_files.ts";
import { dynamicTypesOf } from "../../model/client_shaped.ts";
import {
  compareCodeUnits,
  constantsName,
  docLines,
  dtoFile,
  dtoName,
  dynamicFile,
  dynamicName,
  embeddableFile,
  enumFile,
  Imports,
  INDENT,
  lowerFirst,
  MULTIPART_FILE,
  serviceFile,
  staticFile,
  UPLOAD_FILE,
} from "./render.ts";
import { serviceFileText } from "./service_file.ts";
import {
  QUERIES_FILE,
  QUERIES_NAMES,
  queriesFileText,
} from "./queries_file.ts";
import {
  FETCHERS_FILE,
  fetchersText,
  hasClientFetchers,
  serviceHasClientFetchers,
} from "./fetchers_file.ts";
import { modelHasParts, multipartText } from "./multipart.ts";
import { enumsIndexText, type EnumStyle, enumText } from "./enum_style.ts";
import { type ImportExtension, withExtension } from "./import_extension.ts";
import { type NullRenderMode, nullTargets } from "./null_mode.ts";
import { type FileMemo, NO_MEMO, sameValue } from "../file_memo.ts";

export { IMPORT_EXTENSIONS, type ImportExtension } from "./import_extension.ts";

/** Options of {@link emitTypeScript}. */
export interface EmitTypeScriptOptions {
  /**
   * What the header of every file names as the source: a stable name such as
   * the project directory's base name (`bookstore`), never a path relative to
   * the working directory. Default: the source files of the model's services.
   */
  readonly sourceName?: string;
  /**
   * How relative imports between the generated files end: `ts` (default;
   * Deno, `allowImportingTsExtensions`), `js` (NodeNext, tsc emit) or `none`
   * (bundler resolution: Vite, Next.js, Angular, webpack).
   */
  readonly importExtension?: ImportExtension;
  /** How enums are written: `union` (default) or `enum-like`. */
  readonly enumStyle?: EnumStyle;
  /**
   * How optional response properties are written: `undefined` (default,
   * `name?: T`) or `null` (`name: T | null`; see null_mode.ts).
   */
  readonly nullRenderMode?: NullRenderMode;
  /**
   * Whether the data types (DTOs, static and dynamic types, options, errors)
   * are written without `readonly`, their arrays as `Array`; default false.
   */
  readonly mutable?: boolean;
  /**
   * Name of the client class, `Api` by default; its file is `<apiName>.ts`,
   * the errors type and file `<apiName>Errors`. Must be an identifier that
   * no other declaration of the client has (`apiNameProblem`).
   */
  readonly apiName?: string;
}

/**
 * Emits the TypeScript client of `model`.
 *
 * Pure: the same model gives byte-identical files; no I/O (but for loading
 * the formatter once), no clock. `memo` may hand back the text of a file of
 * a DTO, enum, static type, dynamic entity or service made before from the
 * same model object and the same other inputs.
 *
 * @returns Relative path (`/`-separated) -> file text, keys sorted.
 * @throws Error when two generated declarations or files would have the same
 *   name, or the model breaks its own invariants (a path variable with no
 *   parameter, two options with one key).
 */
export function emitTypeScript(
  model: ApiModel,
  options: EmitTypeScriptOptions = {},
  memo: FileMemo = NO_MEMO,
): Map<string, string> {
  const apiName = options.apiName ?? DEFAULT_API_NAME;
  checkNames(model, apiName);
  const extension = options.importExtension ?? "ts";
  const mutable = options.mutable ?? false;
  const inputs = inputTypes(model);
  const nulls = nullTargets(model, options.nullRenderMode);
  const header = headerLine(model, options.sourceName);
  // Kept identical while equal, so the files keyed by it stay reusable.
  const embeddables = memo.stable(
    "ts embeddables",
    model.staticTypes
      .filter((type) => type.origin === "embeddable")
      .map((type) => type.name),
    sameValue,
  );
  const files = new Map<string, string>();
  const add = (path: string, text: string) => {
    files.set(path, formatTypeScript(path, `${header}\n\n${text}`));
  };
  /** Adds the file made of one model object, reused when memo keeps it. */
  const addOf = (
    owner: object,
    deps: readonly unknown[],
    path: string,
    text: () => string,
  ) => {
    files.set(
      path,
      memo.reuse(
        "ts",
        owner,
        [path, header, extension, mutable, ...deps],
        () => formatTypeScript(path, `${header}\n\n${text()}`),
      ),
    );
  };

  add("Executor.ts", executorText(model, apiName));
  add("FetchExecutor.ts", fetchExecutorText(extension, apiName));
  if (modelHasParts(model)) add(MULTIPART_FILE, multipartText());
  add("RequestOf.ts", requestOfText(model));
  add("ResponseOf.ts", responseOfText(model));
  add(SERVER_ERRORS_FILE, serverErrorsFileText(mutable));
  add("ElementOf.ts", elementOfText(model, extension));
  add(`${apiName}.ts`, apiText(model, extension, apiName, mutable));
  add("index.ts", rootIndexText(model, extension, apiName));
  if (hasClientFetchers(model)) {
    add(FETCHERS_FILE, fetchersText(model, { nulls: nulls.shapes, mutable }));
  }
  add(
    errorsFile(apiName),
    errorsFileText(model, { extension, apiName, mutable, embeddables }),
  );
  add(
    QUERIES_FILE,
    queriesFileText(model, extension, apiName),
  );

  for (const dto of model.dtos) {
    addOf(
      dto,
      [nulls.shapes, embeddables],
      dtoFile(dto.entity),
      () =>
        dtoText(dto, extension, { nulls: nulls.shapes, mutable, embeddables }),
    );
  }
  if (model.dtos.length > 0) {
    add(
      "model/dto/index.ts",
      indexText(
        extension,
        model.dtos.map((dto) => ({
          names: [dtoName(dto.entity)],
          file: `${dtoName(dto.entity)}.ts`,
          types: true,
        })),
      ),
    );
  }

  const enumStyle = options.enumStyle ?? "union";
  for (const item of model.enums) {
    addOf(
      item,
      [enumStyle],
      enumFile(item.name),
      () => enumText(item, constantsName(item.name), enumStyle),
    );
  }
  if (model.enums.length > 0) {
    add(
      "model/enums/index.ts",
      enumsIndexText(model.enums, enumStyle, extension),
    );
  }

  for (const type of model.staticTypes) {
    const input = inputs.statics.has(type.name);
    const nullable = nulls.statics.has(type.name);
    addOf(
      type,
      [input, nullable, embeddables],
      type.origin === "embeddable"
        ? embeddableFile(type.name)
        : staticFile(type.name),
      () =>
        staticText(type, extension, input, {
          nulls: nullable,
          mutable,
          embeddables,
        }),
    );
  }
  const folders = staticFolders(model);
  for (const [folder, types] of folders) {
    add(
      `model/${folder}/index.ts`,
      indexText(
        extension,
        types.map((type) => ({
          names: [type.name],
          file: `${type.name}.ts`,
          types: true,
        })),
      ),
    );
  }

  const dynamicTypes = dynamicTypesOf(model);
  for (const entity of dynamicTypes) {
    const input = inputs.dynamics.has(entity.entity);
    const nullable = nulls.dynamics.has(entity.entity);
    addOf(
      entity,
      [input, nullable, embeddables],
      dynamicFile(entity.entity),
      () =>
        dynamicText(entity, extension, input, {
          nulls: nullable,
          mutable,
          embeddables,
        }),
    );
  }
  if (dynamicTypes.length > 0) {
    add(
      "model/dynamic/index.ts",
      indexText(
        extension,
        dynamicTypes.map((entity) => ({
          names: [dynamicName(entity.entity)],
          file: `${dynamicName(entity.entity)}.ts`,
          types: true,
        })),
      ),
    );
  }

  for (const service of model.services) {
    addOf(
      service,
      [embeddables],
      serviceFile(service.name),
      () => serviceFileText(service, extension, mutable, embeddables),
    );
  }
  if (model.services.length > 0) {
    add(
      "services/index.ts",
      model.services.map((service) =>
        exportLine(
          [service.name, `type ${service.name}Options`],
          JSON.stringify(withExtension(`./${service.name}.ts`, extension)),
        )
      ).join(""),
    );
  }

  const lowerCase = new Map<string, string>();
  for (const path of files.keys()) {
    const previous = lowerCase.get(path.toLowerCase());
    if (previous !== undefined) {
      throw new Error(
        `the TypeScript client would have files ${previous} and ${path}, which differ only in case`,
      );
    }
    lowerCase.set(path.toLowerCase(), path);
  }
  return new Map(
    [...files].sort(([a], [b]) => compareCodeUnits(a, b)),
  );
}

/** The first line of every file. */
function headerLine(model: ApiModel, sourceName: string | undefined): string {
  const sources = sourceName ??
    ([...new Set(model.services.map((service) => service.source.file))]
      .sort(compareCodeUnits).join(", ") || "an empty API model");
  return `${GENERATED_HEADER}${
    sources.replaceAll(/[\r\n]+/g, " ")
  }. Do not edit.`;
}

/** `<apiName>.ts`: the client class, one property per service. */
function apiText(
  model: ApiModel,
  extension: ImportExtension,
  apiName: string,
  mutable: boolean,
): string {
  const imports = new Imports(`${apiName}.ts`, extension);
  imports.add("Executor", "Executor.ts");
  for (const service of model.services) {
    imports.add(service.name, serviceFile(service.name), true);
  }
  const lines = [...imports.render(), ""];
  const example = serviceExample(model);
  lines.push(
    ...docLines(
      `The generated client: one property per service${
        example === undefined ? "" : `, for example\n\`${example}\``
      }. Construct it once with an {@link Executor}, for example\n\`new ${apiName}(createFetchExecutor({ baseUrl }))\`.`,
      "",
    ),
  );
  lines.push(`export class ${apiName} {`);
  for (const service of model.services) {
    lines.push(...docLines(service.doc, INDENT));
    lines.push(
      `${INDENT}readonly ${lowerFirst(service.name)}: ${service.name};`,
    );
  }
  if (model.services.length > 0) lines.push("");
  const fetchers = hasClientFetchers(model);
  if (model.services.length === 0) {
    lines.push(`${INDENT}constructor(_executor: Executor) {}`);
  } else {
    lines.push(
      fetchers
        ? `${INDENT}constructor(executor: Executor, options: ${apiName}Options = {}) {`
        : `${INDENT}constructor(executor: Executor) {`,
    );
    for (const service of model.services) {
      lines.push(
        `${INDENT}${INDENT}this.${
          lowerFirst(service.name)
        } = new ${service.name}(executor${
          fetchers && serviceHasClientFetchers(service) ? ", options" : ""
        });`,
      );
    }
    lines.push(`${INDENT}}`);
  }
  lines.push("}");
  if (fetchers) {
    lines.push(
      "",
      ...docLines(`Options of {@link ${apiName}}.`, ""),
      `export interface ${apiName}Options {`,
      ...docLines(
        "Send the fetchers built with `fetchers.ts` as `?fetcherId=` (the SHA-256\nof their canonical text) instead of their text: short, cacheable URLs,\nfor a server in allow-list mode whose manifest lists them. Default\nfalse: `?fetcherCode=`.",
        INDENT,
      ),
      `${INDENT}${mutable ? "" : "readonly "}fetcherIds?: boolean;`,
      "}",
    );
  }
  return lines.join("\n") + "\n";
}

/** `index.ts`: re-exports every public declaration of the client. */
function rootIndexText(
  model: ApiModel,
  extension: ImportExtension,
  apiName: string,
): string {
  const from = (specifier: string) =>
    JSON.stringify(withExtension(specifier, extension));
  const fetchers = hasClientFetchers(model);
  const lines = [
    fetchers
      ? `export { ${apiName}, type ${apiName}Options } from ${
        from(`./${apiName}.ts`)
      };`
      : `export { ${apiName} } from ${from(`./${apiName}.ts`)};`,
    errorsExportText(model, apiName, from(`./${errorsFile(apiName)}`)),
    `export type { ElementOf } from ${from("./ElementOf.ts")};`,
    `export type { CallOptions, CallSignal, Executor } from ${
      from("./Executor.ts")
    };`,
    `export {
  createFetchExecutor,
  FetchExecutorError,
  type FetchExecutorOptions,
  type FetchFunction,
  type FetchResponse,
} from ${from("./FetchExecutor.ts")};`,
    ...(modelHasParts(model)
      ? [`export type { ${UPLOAD_FILE} } from ${from(`./${MULTIPART_FILE}`)};`]
      : []),
    ...(fetchers
      ? [
        `export {
  embeddable,
  fetcher,
  fetcherId,
  fetcherText,
  type ShapeOf,
} from ${from(`./${FETCHERS_FILE}`)};`,
      ]
      : []),
    `export type { RequestOf } from ${from("./RequestOf.ts")};`,
    `export type { ResponseOf } from ${from("./ResponseOf.ts")};`,
    serverErrorsExportText(from(`./${SERVER_ERRORS_FILE}`)),
    `export { ${QUERIES_NAMES[0]}, type ${QUERIES_NAMES[1]} } from ${
      from(`./${QUERIES_FILE}`)
    };`,
  ];
  const folders: [string, number][] = [
    ["dto", model.dtos.length],
    ["dynamic", model.dynamicEntities.length],
    ["embeddable", staticFolders(model).get("embeddable")?.length ?? 0],
    ["enums", model.enums.length],
    ["static", staticFolders(model).get("static")?.length ?? 0],
  ];
  for (const [folder, count] of folders) {
    if (count > 0) {
      lines.push(`export * from ${from(`./model/${folder}/index.ts`)};`);
    }
  }
  if (model.services.length > 0) {
    lines.push(`export * from ${from("./services/index.ts")};`);
  }
  return lines.join("\n") + "\n";
}

/**
 * The static types by the folder declaring them: `embeddable` for
 * embeddables, `static` for the others; a folder without types is absent.
 */
function staticFolders(
  model: ApiModel,
): Map<"embeddable" | "static", StaticTypeModel[]> {
  const folders = new Map<"embeddable" | "static", StaticTypeModel[]>();
  for (const type of model.staticTypes) {
    const folder = type.origin === "embeddable" ? "embeddable" : "static";
    const list = folders.get(folder) ?? [];
    folders.set(folder, [...list, type]);
  }
  return new Map([...folders].sort(([a], [b]) => compareCodeUnits(a, b)));
}

function indexText(
  extension: ImportExtension,
  entries: readonly { names: string[]; file: string; types: boolean }[],
): string {
  return entries.map(({ names, file, types }) =>
    `export ${types ? "type " : ""}{ ${names.join(", ")} } from ${
      JSON.stringify(withExtension(`./${file}`, extension))
    };\n`
  ).join("");
}
