/**
 * Declared errors in the Java client: a record per error class in
 * `<base>.model.errors` (the JSON body of the error: `family`, `code`, then
 * its fields, with `FAMILY`, `CODE` and `STATUS` constants), and the Javadoc
 * paragraph of a service method naming the errors it declares. Feign reports
 * a failed call as a `FeignException` whose body decodes into the record
 * named by its `family` and `code`.
 *
 * @module
 */

import type {
  ErrorModel,
  OperationModel,
  PropertyModel,
} from "../../model/api_model.ts";
import { compilationUnit, type DeclarationNames } from "./declaration_names.ts";
import {
  type CompilationUnit,
  fileHeader,
  javadocText,
  javaString,
} from "./java_source.ts";
import { recordFile, writeRecord } from "./records.ts";
import { LineWriter } from "./line_writer.ts";
import {
  SERVER_ERRORS,
  type ServerErrorField,
} from "../../model/server_errors.ts";

const STRING: PropertyModel["type"] = { kind: "primitive", name: "string" };

/** `<Error>.java`: the record of one declared error's body. */
export function errorFile(
  error: ErrorModel,
  java: string,
  names: DeclarationNames,
): string {
  const unit = compilationUnit(names, names.packages.errors, java);
  const label = `${error.family}/${error.code}`;
  return recordFile(
    {
      name: java,
      paragraphs: [
        error.doc,
        {
          raw: `The body of the error <code>${
            javadocText(label)
          }</code>, answered with HTTP ${error.status}.`,
        },
      ],
      properties: [
        { name: "family", type: STRING, optional: false, doc: "The family." },
        { name: "code", type: STRING, optional: false, doc: "The code." },
        ...error.properties,
      ],
      members: [
        `/** The family of this error. */`,
        `public static final String FAMILY = ${javaString(error.family)};`,
        `/** The code of this error within its family. */`,
        `public static final String CODE = ${javaString(error.code)};`,
        `/** The HTTP status this error is answered with. */`,
        `public static final int STATUS = ${error.status};`,
      ],
    },
    unit,
    names,
    fileHeader([error.source.file]),
  );
}

/**
 * `ServerErrors.java`: a record per error body the server itself sends
 * (`SERVER_ERRORS`: `ServerErrors.BadRequest`...), nested so that no
 * declared error's name is taken, each with its `STATUS`.
 */
export function serverErrorsFile(
  java: string,
  names: DeclarationNames,
): string {
  const unit = compilationUnit(names, names.packages.errors, java);
  const w = new LineWriter();
  w.lines([
    "/**",
    " * The error bodies the server itself sends, besides the errors an operation",
    " * declares: decode a {@code FeignException}'s body by its {@code error} field.",
    " */",
    `public final class ${java} {`,
  ]);
  w.indented(() => {
    w.line(`private ${java}() {}`);
    for (const error of SERVER_ERRORS) {
      w.line();
      writeRecord(w, {
        name: error.name,
        paragraphs: [
          error.doc,
          {
            raw: `Its {@code error} is ${
              error.codes.map((c) => `<code>${javadocText(c)}</code>`).join(
                " or ",
              )
            }, answered with HTTP ${error.status}.`,
          },
        ],
        properties: [
          { name: "error", type: STRING, optional: false, doc: "The code." },
          ...error.fields.map(fieldProperty),
        ],
        members: [
          `/** The HTTP status this error is answered with. */`,
          `public static final int STATUS = ${error.status};`,
        ],
      }, { unit, names, enclosing: new Set([java]) });
    }
  });
  w.line("}");
  return unit.render(fileHeader("the Tailor server"), w.text());
}

function fieldProperty(field: ServerErrorField): PropertyModel {
  return {
    name: field.name,
    type: field.type === "integer"
      ? { kind: "primitive", name: "integer" }
      : STRING,
    optional: field.optional === true,
  };
}

/**
 * The Javadoc paragraph of a method listing the errors its operation
 * declares (`{@link}` to their records), or undefined when none.
 */
export function declaredErrorsParagraph(
  op: OperationModel,
  unit: CompilationUnit,
  names: DeclarationNames,
): { raw: string } | undefined {
  const errors = op.errors ?? [];
  if (errors.length === 0) return undefined;
  const links = errors.map((name) =>
    `{@link ${unit.ref(names.packages.errors, names.errors.get(name)!)}}`
  );
  return {
    raw:
      `Declared errors (the body of the failed call's <code>FeignException</code>): ${
        links.join(", ")
      }.`,
  };
}
