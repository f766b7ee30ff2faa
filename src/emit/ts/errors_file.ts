/**
 * `ApiErrors.ts` of the TypeScript client (`<ApiName>Errors.ts` under
 * `orm.client.ts.api-name`), written whether or not errors are declared, as
 * Jimmer does: one type per declared error (`{ family, code, ...fields }`,
 * exactly the server's JSON body), their union `AllErrors`, `ApiErrors`
 * keyed by the `Api` property of the service (`bookService`) then
 * operation, and the guard `isApiError`. Without declared errors it holds
 * `AllErrors` (`never`) and an `ApiErrors` without keys only.
 *
 * @module
 */

import type { ApiModel, ErrorModel } from "../../model/api_model.ts";
import type { ImportExtension } from "./import_extension.ts";
import {
  compareNames,
  docLines,
  Imports,
  INDENT,
  lowerFirst,
  TypeRenderer,
  withImports,
} from "./render.ts";

/** Path of the errors file of the client whose `Api` class is `apiName`. */
export function errorsFile(apiName: string): string {
  return `${errorsTypeName(apiName)}.ts`;
}

/** Name of the errors-by-operation type: `ApiErrors`, `<ApiName>Errors`. */
export function errorsTypeName(apiName: string): string {
  return `${apiName}Errors`;
}

/** Names the errors file declares besides the errors' own and its type. */
export const ERRORS_FILE_NAMES = ["AllErrors", "isApiError"];

/** The settings the errors file is written with. */
export interface ErrorsFileSettings {
  readonly extension: ImportExtension;
  /** Name of the `Api` class; the errors type is `<apiName>Errors`. */
  readonly apiName: string;
  /** Whether the error types are written without `readonly`. */
  readonly mutable: boolean;
  /** Names of the embeddables (imported from `model/embeddable/`). */
  readonly embeddables?: readonly string[];
}

/** The export of the root index re-exporting the errors file. */
export function errorsExportText(
  model: ApiModel,
  apiName: string,
  from: string,
): string {
  const typeName = errorsTypeName(apiName);
  if (operationsWithErrors(model).length === 0) {
    return `export type { AllErrors, ${typeName} } from ${from};`;
  }
  const types = ["AllErrors", typeName, ...model.errors!.map((e) => e.name)];
  const names = [...types, "isApiError"].sort(compareNames).map((name) =>
    types.includes(name) ? `type ${name}` : name
  );
  return `export {\n${names.map((n) => `  ${n},\n`).join("")}} from ${from};`;
}

/** The text of the errors file, without its header line. */
export function errorsFileText(
  model: ApiModel,
  settings: ErrorsFileSettings,
): string {
  const typeName = errorsTypeName(settings.apiName);
  const declared = operationsWithErrors(model);
  const imports = new Imports(errorsFile(settings.apiName), settings.extension);
  const types = new TypeRenderer(imports, {
    mutable: settings.mutable,
    embeddables: settings.embeddables ?? [],
  });
  const modifier = types.readonly;
  if (declared.length === 0) {
    return [
      "/** Every declared error: none. */",
      "export type AllErrors = never;",
      "",
      `/** The errors each operation declares, by service then operation: none. */`,
      `export type ${typeName} = Record<never, never>;`,
    ].join("\n") + "\n";
  }
  const errors = model.errors ?? [];
  const lines: string[] = [];
  for (const error of errors) {
    lines.push(...errorTypeLines(error, types), "");
  }
  lines.push(
    "/** Every declared error, discriminated by `family` and `code`. */",
    `export type AllErrors =\n${
      errors.map((e) => `${INDENT}| ${e.name}`).join("\n")
    };`,
    "",
  );
  lines.push(
    "/**",
    " * The errors each operation declares, by service (as the client names",
    " * it) then operation: what its promise rejects with besides transport",
    ` * failures, for example \`${typeName}[${
      JSON.stringify(declared[0]!.service)
    }][${JSON.stringify(declared[0]!.operation)}]\`.`,
    " */",
    `export type ${typeName} = {`,
  );
  for (const [service, operations] of groupByService(declared)) {
    lines.push(`${INDENT}${modifier}${service}: {`);
    for (const { operation, names } of operations) {
      lines.push(
        `${INDENT}${INDENT}${modifier}${operation}: ${names.join(" | ")};`,
      );
    }
    lines.push(`${INDENT}};`);
  }
  lines.push("};", "");
  lines.push(
    "const DECLARED: {",
    `${INDENT}readonly [S in keyof ${typeName}]: {`,
    `${INDENT}${INDENT}readonly [O in keyof ${typeName}[S]]: readonly string[];`,
    `${INDENT}};`,
    "} = {",
  );
  const byName = new Map(errors.map((e) => [e.name, e]));
  for (const [service, operations] of groupByService(declared)) {
    lines.push(`${INDENT}${service}: {`);
    for (const { operation, names } of operations) {
      const keys = names.map((name) => {
        const error = byName.get(name)!;
        return JSON.stringify(`${error.family}/${error.code}`);
      });
      lines.push(`${INDENT}${INDENT}${operation}: [${keys.join(", ")}],`);
    }
    lines.push(`${INDENT}},`);
  }
  lines.push("};", "");
  lines.push(
    "/**",
    " * Whether `error` (what a call of `service`'s `operation` rejected with)",
    " * is one of the errors the operation declares: then `family` and `code`",
    " * narrow it to one of them.",
    " */",
    "export function isApiError<",
    `${INDENT}S extends keyof ${typeName},`,
    `${INDENT}O extends keyof ${typeName}[S],`,
    `>(error: unknown, service: S, operation: O): error is ${typeName}[S][O] {`,
    `${INDENT}if (typeof error !== "object" || error === null) return false;`,
    `${INDENT}const { family, code } = error as {`,
    `${INDENT}${INDENT}readonly family?: unknown;`,
    `${INDENT}${INDENT}readonly code?: unknown;`,
    `${INDENT}};`,
    `${INDENT}const declared: readonly string[] = DECLARED[service][operation];`,
    `${INDENT}return typeof family === "string" && typeof code === "string" &&`,
    `${INDENT}${INDENT}declared.includes(\`\${family}/\${code}\`);`,
    "}",
  );
  return withImports(imports, lines);
}

function errorTypeLines(error: ErrorModel, types: TypeRenderer): string[] {
  const doc = [error.doc, `HTTP ${error.status}.`].filter((d) => d).join(
    "\n\n",
  );
  const lines = [...docLines(doc, ""), `export interface ${error.name} {`];
  lines.push(
    `${INDENT}${types.readonly}family: ${JSON.stringify(error.family)};`,
    `${INDENT}${types.readonly}code: ${JSON.stringify(error.code)};`,
  );
  for (const property of error.properties) {
    lines.push(...types.propertyLines(property, INDENT));
  }
  lines.push("}");
  return lines;
}

interface DeclaredErrors {
  /** The service's property of the `Api` class: `bookService`. */
  readonly service: string;
  readonly operation: string;
  readonly names: readonly string[];
}

/** Operations that declare errors, in model order. */
function operationsWithErrors(model: ApiModel): DeclaredErrors[] {
  return model.services.flatMap((service) =>
    service.operations.flatMap((operation) =>
      (operation.errors ?? []).length === 0 ? [] : [{
        service: lowerFirst(service.name),
        operation: operation.name,
        names: operation.errors!,
      }]
    )
  );
}

function groupByService(
  declared: readonly DeclaredErrors[],
): Map<string, DeclaredErrors[]> {
  const groups = new Map<string, DeclaredErrors[]>();
  for (const entry of declared) {
    const list = groups.get(entry.service) ?? [];
    list.push(entry);
    groups.set(entry.service, list);
  }
  return groups;
}
