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
import { recordFile } from "./records.ts";

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
