/**
 * `services/<Name>Service.ts`: one class per controller with one `async`
 * arrow property per operation (its options, then the call's
 * `CallOptions`), and the `<Name>ServiceOptions` type.
 *
 * @module
 */

import type {
  OperationModel,
  ParameterModel,
  ServiceModel,
  TypeRef,
} from "../../model/api_model.ts";
import { replaceClientShaped } from "../../model/client_shaped.ts";
import { flattenQuery } from "../../model/query_object.ts";
import { FETCHERS_FILE, serviceHasClientFetchers } from "./fetchers_file.ts";
import type { ImportExtension } from "./import_extension.ts";
import { castReturn, executorReturn, promiseSignature } from "./layout.ts";
import {
  MULTIPART_FUNCTION,
  multipartExpression,
  operationHasParts,
} from "./multipart.ts";
import {
  constraintTags,
  docLines,
  Imports,
  INDENT,
  joinDocs,
  MULTIPART_FILE,
  propertyKey,
  serviceFile,
  TypeRenderer,
} from "./render.ts";

/** The builder's id function, as the services import it. */
const fetcherIdFunction = "fetcherId";

/** The type of a client fetcher's answer: the shape of the fetcher `F` sent. */
const SHAPE_OF_F: TypeRef = { kind: "typeParameter", name: "ShapeOf<F>" };

/** Names a generated service class uses for itself. */
const RESERVED_OPERATION_NAMES = new Set(["constructor"]);

/** The key of a parameter in the options object. */
export function optionKey(parameter: ParameterModel): string {
  return parameter.in === "body" ? "body" : parameter.name;
}

/** Whether every option of `operation` may be left out. */
function allOptional(operation: OperationModel): boolean {
  return operation.parameters.every((parameter) => !parameter.required);
}

/**
 * The text of `services/<Name>Service.ts` without header, not yet formatted.
 * Only erasable syntax: the executor is a private field assigned in the
 * constructor, not a parameter property (TS1294 under `erasableSyntaxOnly`).
 * `mutable` drops `readonly` from the options types; the class's own
 * members stay `readonly`, as in Jimmer.
 */
export function serviceFileText(
  service: ServiceModel,
  extension: ImportExtension,
  mutable = false,
  embeddables: readonly string[] = [],
): string {
  const file = serviceFile(service.name);
  const imports = new Imports(file, extension);
  imports.add("Executor", "Executor.ts");
  if (service.operations.length > 0) imports.add("CallOptions", "Executor.ts");
  const types = new TypeRenderer(imports, { mutable, embeddables });
  const optionsName = `${service.name}Options`;
  const body: string[] = [];

  body.push(...docLines(service.doc, ""));
  body.push(`export class ${service.name} {`);
  if (service.operations.length === 0) {
    body.push(`${INDENT}constructor(_executor: Executor) {}`);
  } else if (serviceHasClientFetchers(service)) {
    imports.add(fetcherIdFunction, FETCHERS_FILE, true);
    body.push(
      `${INDENT}readonly #executor: Executor;`,
      `${INDENT}readonly #fetcherIds: boolean;`,
      "",
      `${INDENT}constructor(`,
      `${INDENT}${INDENT}executor: Executor,`,
      `${INDENT}${INDENT}options: { ${types.readonly}fetcherIds?: boolean } = {},`,
      `${INDENT}) {`,
      `${INDENT}${INDENT}this.#executor = executor;`,
      `${INDENT}${INDENT}this.#fetcherIds = options.fetcherIds ?? false;`,
      `${INDENT}}`,
    );
  } else {
    body.push(
      `${INDENT}readonly #executor: Executor;`,
      "",
      `${INDENT}constructor(executor: Executor) {`,
      `${INDENT}${INDENT}this.#executor = executor;`,
      `${INDENT}}`,
    );
  }
  for (const operation of service.operations) {
    checkOperation(service, operation);
    body.push("");
    body.push(...operationLines(operation, optionsName, types));
  }
  body.push("}");
  body.push("");
  body.push(
    ...docLines(
      `Options of the operations of {@link ${service.name}}, by operation name.`,
      "",
    ),
  );
  if (service.operations.length === 0) {
    body.push(`export type ${optionsName} = ${types.noProperties};`);
  } else {
    body.push(`export type ${optionsName} = {`);
    for (const operation of service.operations) {
      body.push(...optionsTypeLines(operation, types));
    }
    body.push("};");
  }

  return [...imports.render(), "", ...body].join("\n") + "\n";
}

function checkOperation(
  service: ServiceModel,
  operation: OperationModel,
): void {
  if (RESERVED_OPERATION_NAMES.has(operation.name)) {
    throw new Error(
      `${service.name}: an operation cannot be named "${operation.name}" in the TypeScript client`,
    );
  }
  const keys = new Set<string>();
  for (const parameter of operation.parameters) {
    const key = optionKey(parameter);
    if (keys.has(key)) {
      throw new Error(
        `${service.name}.${operation.name}: two options are named "${key}"`,
      );
    }
    keys.add(key);
  }
}

/** The entry of `operation` in the options type. */
function optionsTypeLines(
  operation: OperationModel,
  types: TypeRenderer,
): string[] {
  const head = `${INDENT}${types.readonly}${propertyKey(operation.name)}: `;
  if (operation.parameters.length === 0) {
    return [`${head}${types.noProperties};`];
  }
  const lines = [`${head}{`];
  const inner = INDENT + INDENT;
  for (const parameter of operation.parameters) {
    const defaultTag = parameter.defaultValue === undefined
      ? undefined
      : `@default ${JSON.stringify(parameter.defaultValue)}`;
    const tags = [defaultTag, constraintTags(parameter.constraints)]
      .filter((tag) => tag !== undefined).join("\n");
    lines.push(...docLines(joinDocs(parameter.doc, tags), inner));
    // `| undefined`: exactOptionalPropertyTypes callers may pass a maybe.
    const type = parameter.fetcher === undefined
      ? types.render(parameter.type, inner)
      : fetcherOptionType(parameter.fetcher.entity, types);
    lines.push(
      `${inner}${types.readonly}${propertyKey(optionKey(parameter))}${
        parameter.required ? "" : "?"
      }: ${type}${parameter.required ? "" : " | undefined"};`,
    );
  }
  lines.push(`${INDENT}};`);
  return lines;
}

/** The arrow-function property of one operation. */
function operationLines(
  operation: OperationModel,
  optionsName: string,
  types: TypeRenderer,
): string[] {
  const indent = INDENT;
  const inner = INDENT + INDENT;
  const result = operation.result;
  const chosen = operation.parameters.find((p) => p.fetcher !== undefined);
  const type = result.type.kind === "void"
    ? "void"
    : chosen === undefined
    ? types.render(result.type, inner)
    : types.render(
      replaceClientShaped(result.type, chosen.fetcher!.entity, SHAPE_OF_F),
      inner,
    );
  const resultType = result.nullable ? `${type} | undefined` : type;
  const name = operation.parameters.length === 0 ? "_options" : "options";
  const baseType = `${optionsName}[${JSON.stringify(operation.name)}]`;
  // With a fetcher: laid out as \`deno fmt\` breaks the intersection.
  const optionsType = chosen === undefined
    ? ` ${baseType}`
    : `\n${inner}${INDENT}& Omit<${baseType}, ${
      JSON.stringify(optionKey(chosen))
    }>\n${inner}${INDENT}& { ${types.readonly}${
      propertyKey(optionKey(chosen))
    }?: F | undefined }`;
  const fallback = allOptional(operation) ? " = {}" : "";

  if (chosen !== undefined) {
    const entity = chosen.fetcher!.entity;
    types.imports.add(`${entity}Fetcher`, FETCHERS_FILE);
    types.imports.add("ShapeOf", FETCHERS_FILE);
  }
  const lines = [
    ...docLines(operation.doc, indent),
    chosen === undefined
      ? `${indent}readonly ${propertyKey(operation.name)} = async (`
      : fetcherSignatureHead(operation.name, chosen.fetcher!.entity, indent),
    `${inner}${name}:${optionsType}${fallback},`,
    `${inner}call: CallOptions = {},`,
    ...promiseSignature(indent, resultType),
  ];
  const statements = requestStatements(operation);
  lines.push(...statements.map((line) => `${inner}${line}`));

  if (operationHasParts(operation)) {
    types.imports.add(MULTIPART_FUNCTION, MULTIPART_FILE, true);
  }
  const args = executorArgs(operation);
  const call = `this.#executor({ ${args.join(", ")} })`;
  if (result.type.kind === "void") {
    lines.push(`${inner}await ${call};`);
  } else if (result.nullable) {
    // The executor gives null for an empty body; the typed result says undefined.
    lines.push(`${inner}const result = await ${call};`);
    lines.push(
      ...castReturn(inner, "(result ?? undefined)", [type, "undefined"]),
    );
  } else {
    lines.push(...executorReturn(inner, "this.#executor", args, type));
  }
  lines.push(`${indent}};`);
  return lines;
}

/**
 * The properties of the object passed to the executor: the call's options
 * (`signal`, `headers`) first, then the request, the operation's own
 * headers over the call's.
 */
function executorArgs(operation: OperationModel): string[] {
  const parts = [
    "...call",
    "uri",
    `method: ${JSON.stringify(operation.httpMethod)}`,
  ];
  if (operation.parameters.some((p) => p.in === "header")) {
    parts.push("headers: { ...call.headers, ...headers }");
  }
  const body = operation.parameters.find((p) => p.in === "body");
  if (operationHasParts(operation)) {
    parts.push(`body: ${multipartExpression(operation, option)}`);
  } else if (body !== undefined) {
    parts.push(
      body.required
        ? "body: options.body"
        : "...(options.body === undefined ? {} : { body: options.body })",
    );
  }
  return parts;
}

/** Statements building `uri` (and `headers`) from `options`. */
function requestStatements(operation: OperationModel): string[] {
  const lines: string[] = [];
  const query = operation.parameters.filter((p) => p.in === "query");
  const path = pathExpression(operation);
  if (query.length === 0) {
    lines.push(`const uri = ${path};`);
  } else {
    lines.push("const query: string[] = [];");
    for (const parameter of query) {
      if (parameter.fetcher !== undefined) {
        lines.push(...fetcherQueryLines(option(parameter)));
        continue;
      }
      for (const flat of flattenQuery(parameter)) {
        lines.push(...queryLines(flat, queryValue(parameter, flat)));
      }
    }
    lines.push(`const path = ${path};`);
    lines.push(
      'const uri = query.length === 0 ? path : `${path}?${query.join("&")}`;',
    );
  }
  const headers = operation.parameters.filter((p) => p.in === "header");
  if (headers.length > 0) {
    const required = headers.filter((p) => p.required);
    const optional = headers.filter((p) => !p.required);
    const entries = required.map((p) =>
      `${JSON.stringify(p.wireName)}: ${headerValue(p.type, option(p))}`
    );
    const type = optional.length === 0 ? "" : ": { [key: string]: string }";
    lines.push(
      entries.length === 0
        ? `const headers${type} = {};`
        : `const headers${type} = { ${entries.join(", ")} };`,
    );
    for (const parameter of optional) {
      lines.push(
        `if (${option(parameter)} !== undefined) {`,
        `${INDENT}headers[${JSON.stringify(parameter.wireName)}] = ${
          headerValue(parameter.type, option(parameter))
        };`,
        "}",
      );
    }
  }
  return lines;
}

/** `options.<key>` of a parameter. */
function option(parameter: ParameterModel): string {
  const key = optionKey(parameter);
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)
    ? `options.${key}`
    : `options[${JSON.stringify(key)}]`;
}

/**
 * The expression of one flattened query parameter (`flat`) of `parameter`:
 * `options.<key>`, or for a property of an object parameter
 * `options.<key>.<property>` (`?.` when the object may be left out).
 */
function queryValue(parameter: ParameterModel, flat: ParameterModel): string {
  if (flat === parameter) return option(parameter);
  return `${option(parameter)}${parameter.required ? "." : "?."}${flat.name}`;
}

/**
 * The head of an operation generic in the fetcher it sends, laid out as
 * \`deno fmt\` keeps it: on one line when it fits, else its type parameter
 * on a line of its own.
 */
function fetcherSignatureHead(
  name: string,
  entity: string,
  indent: string,
): string {
  const parameter = `F extends AnyFetcherOf<${
    JSON.stringify(entity)
  }> = ${entity}Fetcher`;
  const head = `${indent}readonly ${propertyKey(name)} = async <`;
  const line = `${head}${parameter}>(`;
  return line.length <= 80
    ? line
    : `${head}\n${indent}${INDENT}${parameter},\n${indent}>(`;
}

/** The option type of a client fetcher: a built fetcher, or its text. */
function fetcherOptionType(entity: string, types: TypeRenderer): string {
  types.imports.add("AnyFetcherOf", FETCHERS_FILE);
  return `AnyFetcherOf<${JSON.stringify(entity)}> | string`;
}

/**
 * The statements sending a client fetcher: its text as `fetcherCode`, or
 * with the client's `fetcherIds` its id as `fetcherId` (a string, which
 * plain JavaScript may pass, always goes as text).
 */
function fetcherQueryLines(value: string): string[] {
  return [
    `if (${value} !== undefined) {`,
    `${INDENT}query.push(`,
    `${INDENT}${INDENT}this.#fetcherIds && typeof ${value} !== "string"`,
    `${INDENT}${INDENT}${INDENT}? \`fetcherId=\${${fetcherIdFunction}(${value})}\``,
    `${INDENT}${INDENT}${INDENT}: \`fetcherCode=\${encodeURIComponent(String(${value}))}\`,`,
    `${INDENT});`,
    "}",
  ];
}

/** Statements adding one query parameter whose value is `value`. */
function queryLines(parameter: ParameterModel, value: string): string[] {
  const key = encodeURIComponent(parameter.wireName);
  if (parameter.type.kind === "array") {
    const source = parameter.required ? value : `${value} ?? []`;
    return [
      `for (const value of ${source}) {`,
      `${INDENT}query.push(\`${key}=\${${
        encoded(parameter.type.element, "value")
      }}\`);`,
      "}",
    ];
  }
  const push = `query.push(\`${key}=\${${encoded(parameter.type, value)}}\`);`;
  if (parameter.required) return [push];
  return [`if (${value} !== undefined) {`, `${INDENT}${push}`, "}"];
}

/** Whether values of `type` are strings, numbers or booleans. */
function isSimple(type: TypeRef): boolean {
  return type.kind === "primitive" || type.kind === "enum";
}

/** The expression encoding `value` of `type` for a URI. */
function encoded(type: TypeRef, value: string): string {
  if (isSimple(type)) return `encodeURIComponent(${value})`;
  if (type.kind === "array" && isSimple(type.element)) {
    return `encodeURIComponent(${value}.join(","))`;
  }
  return `encodeURIComponent(JSON.stringify(${value}))`;
}

/** The expression giving `value` of `type` as a header value. */
function headerValue(type: TypeRef, value: string): string {
  if (type.kind === "enum") return value;
  if (type.kind === "primitive") {
    return type.name === "string" ? value : `String(${value})`;
  }
  if (type.kind === "array" && isSimple(type.element)) {
    return `${value}.join(", ")`;
  }
  return `JSON.stringify(${value})`;
}

/** The path with its variables substituted, as a string or template literal. */
function pathExpression(operation: OperationModel): string {
  const variables = operation.parameters.filter((p) => p.in === "path");
  const pattern = /\{([^{}]+)\}/g;
  if (!/\{[^{}]+\}/.test(operation.path)) {
    return JSON.stringify(operation.path);
  }
  let text = "";
  let last = 0;
  for (const match of operation.path.matchAll(pattern)) {
    const parameter = variables.find((p) => p.wireName === match[1]);
    if (parameter === undefined) {
      throw new Error(
        `${operation.name}: path variable {${
          match[1]
        }} of ${operation.path} has no parameter`,
      );
    }
    text += escapeTemplate(operation.path.slice(last, match.index));
    text += `\${${encoded(parameter.type, option(parameter))}}`;
    last = match.index + match[0].length;
  }
  text += escapeTemplate(operation.path.slice(last));
  return `\`${text}\``;
}

function escapeTemplate(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("`", "\\`").replaceAll(
    "${",
    "\\${",
  );
}
