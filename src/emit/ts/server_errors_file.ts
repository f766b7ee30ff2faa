/**
 * `ServerErrors.ts` of the TypeScript client: the error bodies the server
 * itself sends (`SERVER_ERRORS`), keyed by their `error` code
 * (`ServerErrors["bad-request"]`), their union `ServerError`, and the guard
 * `isServerError(reason, code?)`. A rejected call gives one of these or an
 * error its operation declares (`isApiError`).
 *
 * @module
 */

import {
  SERVER_ERRORS,
  type ServerErrorField,
} from "../../model/server_errors.ts";
import { docLines, INDENT } from "./render.ts";
import { fittedType } from "./layout.ts";

/** The file's path in the client. */
export const SERVER_ERRORS_FILE = "ServerErrors.ts";

/** Names the file declares (and the index re-exports). */
export const SERVER_ERRORS_NAMES = [
  "isServerError",
  "ServerError",
  "ServerErrors",
];

/** The index's export of the file, `from` the quoted specifier. */
export function serverErrorsExportText(from: string): string {
  return `export {\n  isServerError,\n  type ServerError,\n  type ServerErrors,\n} from ${from};`;
}

/** The text of the file, without its header line. */
export function serverErrorsFileText(mutable: boolean): string {
  const modifier = mutable ? "" : "readonly ";
  const codes = SERVER_ERRORS.flatMap((e) => e.codes);
  const lines = [
    "/**",
    " * The error bodies the server itself sends, by their `error` code: what",
    " * a call rejects with besides the errors its operation declares.",
    " */",
    "export type ServerErrors = {",
  ];
  for (const error of SERVER_ERRORS) {
    for (const code of error.codes) {
      lines.push(
        ...docLines(wrapped(`HTTP ${error.status}. ${error.doc}`), INDENT),
        `${INDENT}${modifier}${JSON.stringify(code)}: {`,
        `${INDENT}${INDENT}${modifier}error: ${JSON.stringify(code)};`,
        // A long union one member a line, as deno fmt writes it.
        ...error.fields.flatMap((field) =>
          fittedType(
            `${INDENT}${INDENT}${modifier}${field.name}${
              field.optional === true ? "?" : ""
            }: `,
            fieldType(field),
            ";",
            `${INDENT}${INDENT}`,
          )
        ),
        `${INDENT}};`,
      );
    }
  }
  lines.push(
    "};",
    "",
    "/** Any error body the server itself sends. */",
    "export type ServerError = ServerErrors[keyof ServerErrors];",
    "",
    "const CODES = new Set<unknown>([",
    ...codes.map((c) => `${INDENT}${JSON.stringify(c)},`),
    "]);",
    "",
    "/**",
    " * Whether `error` (what a call rejected with) is an error body the server",
    ' * itself sends; with `code`, that one (`isServerError(e, "bad-request")`).',
    " */",
    "export function isServerError<C extends keyof ServerErrors>(",
    `${INDENT}error: unknown,`,
    `${INDENT}code?: C,`,
    "): error is ServerErrors[C] {",
    `${INDENT}if (typeof error !== "object" || error === null) return false;`,
    `${INDENT}const value = (error as { error?: unknown }).error;`,
    `${INDENT}return code === undefined ? CODES.has(value) : value === code;`,
    "}",
  );
  return lines.join("\n") + "\n";
}

/** `text` broken into lines of at most 70 characters, between words. */
function wrapped(text: string): string {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] !== "" && lines[last]!.length + word.length >= 70) {
      lines.push(word);
    } else lines[last] = lines[last] === "" ? word : `${lines[last]} ${word}`;
  }
  return lines.join("\n");
}

function fieldType(field: ServerErrorField): string {
  return field.type === "string"
    ? "string"
    : field.type === "integer"
    ? "number"
    : field.type.map((v) => JSON.stringify(v)).join(" | ");
}
