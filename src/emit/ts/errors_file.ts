/**
 * `ApiErrors.ts` of the TypeScript client: one type per declared error
 * (`{ family, code, ...fields }`, exactly the server's JSON body), their
 * union `AllErrors`, `ApiErrors` keyed by service then operation, and the
 * guard `isApiError`. Left out when no operation declares an error.
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
  TypeRenderer,
} from "./render.ts";

/** Path of the file in the generated tree. */
export const ERRORS_FILE = "ApiErrors.ts";

/** Names `ApiErrors.ts` declares besides the errors' own. */
export const ERRORS_FILE_NAMES = ["AllErrors", "ApiErrors", "isApiError"];

/** The names the root index re-exports from `ApiErrors.ts`. */
export function errorsExportText(model: ApiModel, from: string): string[] {
  if ((model.errors ?? []).length === 0) return [];
  const types = ["AllErrors", "ApiErrors", ...model.errors!.map((e) => e.name)];
  const names = [...types, "isApiError"].sort(compareNames).map((name) =>
    types.includes(name) ? `type ${name}` : name
  );
  return [`export {\n${names.map((n) => `  ${n},\n`).join("")}} from ${from};`];
}

/** The text of `ApiErrors.ts`, or undefined when the model declares no error. */
export function errorsFileText(
  model: ApiModel,
  extension: ImportExtension,
): string | undefined {
  const errors = model.errors ?? [];
  const declared = operationsWithErrors(model);
  if (errors.length === 0 || declared.length === 0) return undefined;
  const imports = new Imports(ERRORS_FILE, extension);
  const types = new TypeRenderer(imports);
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
    " * The errors each operation declares, by service then operation: what",
    " * its promise rejects with besides transport failures, for example",
    ` * \`ApiErrors[${JSON.stringify(declared[0]!.service)}][${
      JSON.stringify(declared[0]!.operation)
    }]\`.`,
    " */",
    "export type ApiErrors = {",
  );
  for (const [service, operations] of groupByService(declared)) {
    lines.push(`${INDENT}readonly ${service}: {`);
    for (const { operation, names } of operations) {
      lines.push(
        `${INDENT}${INDENT}readonly ${operation}: ${names.join(" | ")};`,
      );
    }
    lines.push(`${INDENT}};`);
  }
  lines.push("};", "");
  lines.push(
    "const DECLARED: {",
    `${INDENT}readonly [S in keyof ApiErrors]: {`,
    `${INDENT}${INDENT}readonly [O in keyof ApiErrors[S]]: readonly string[];`,
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
    `${INDENT}S extends keyof ApiErrors,`,
    `${INDENT}O extends keyof ApiErrors[S],`,
    `>(error: unknown, service: S, operation: O): error is ApiErrors[S][O] {`,
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
  const head = imports.render();
  return [...head, ...(head.length > 0 ? [""] : []), ...lines].join("\n") +
    "\n";
}

function errorTypeLines(error: ErrorModel, types: TypeRenderer): string[] {
  const doc = [error.doc, `HTTP ${error.status}.`].filter((d) => d).join(
    "\n\n",
  );
  const lines = [...docLines(doc, ""), `export interface ${error.name} {`];
  lines.push(
    `${INDENT}readonly family: ${JSON.stringify(error.family)};`,
    `${INDENT}readonly code: ${JSON.stringify(error.code)};`,
  );
  for (const property of error.properties) {
    lines.push(...types.propertyLines(property, INDENT));
  }
  lines.push("}");
  return lines;
}

interface DeclaredErrors {
  readonly service: string;
  readonly operation: string;
  readonly names: readonly string[];
}

/** Operations that declare errors, in model order. */
function operationsWithErrors(model: ApiModel): DeclaredErrors[] {
  return model.services.flatMap((service) =>
    service.operations.flatMap((operation) =>
      (operation.errors ?? []).length === 0 ? [] : [{
        service: service.name,
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
