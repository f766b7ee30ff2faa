/**
 * Multipart uploads in the TypeScript client: `Multipart.ts` (emitted when an
 * operation has `RequestPart<T>` parameters) declares `UploadFile` and the
 * `multipart` function that builds a `FormData`; each such operation hands
 * that `FormData` to the executor as its `body`.
 *
 * @module
 */

import type {
  ApiModel,
  OperationModel,
  ParameterModel,
} from "../../model/api_model.ts";
import { propertyKey, UPLOAD_FILE } from "./render.ts";

/** Name of the function of `Multipart.ts` building a body. */
export const MULTIPART_FUNCTION = "multipart";

/** Whether an operation of `model` sends a multipart body. */
export function modelHasParts(model: ApiModel): boolean {
  return model.services.some((service) =>
    service.operations.some(operationHasParts)
  );
}

/** Whether `operation` sends a multipart body. */
export function operationHasParts(operation: OperationModel): boolean {
  return operation.parameters.some((p) => p.in === "part");
}

/**
 * The expression of an operation's multipart body:
 * `multipart({ image: options.image }, { meta: options.meta })`, files
 * first, JSON parts second, keyed by part name; `option` gives a
 * parameter's option expression.
 */
export function multipartExpression(
  operation: OperationModel,
  option: (parameter: ParameterModel) => string,
): string {
  const parts = operation.parameters.filter((p) => p.in === "part");
  const object = (list: readonly ParameterModel[]) =>
    list.length === 0
      ? "{}"
      : `{ ${
        list.map((p) => `${propertyKey(p.wireName)}: ${option(p)}`).join(", ")
      } }`;
  const files = parts.filter((p) => p.type.kind === "file");
  const json = parts.filter((p) => p.type.kind !== "file");
  return `${MULTIPART_FUNCTION}(${object(files)}, ${object(json)})`;
}

/** `Multipart.ts`: `UploadFile` and `multipart`, without DOM types. */
export function multipartText(): string {
  return `/**
 * A file to upload: a \`File\` or \`Blob\` of a browser, Deno or Node.js 20+.
 * Declared here so that the client needs no DOM types.
 */
export interface ${UPLOAD_FILE} {
  /** Size in bytes. */
  readonly size: number;
  /** Media type; \`""\` when unknown. */
  readonly type: string;
  /** The content. */
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The little of \`FormData\` and \`Blob\` that {@link ${MULTIPART_FUNCTION}} uses. */
type Globals = {
  readonly FormData?: new () => {
    append(name: string, value: unknown): void;
  };
  readonly Blob?: new (
    parts: readonly string[],
    options: { readonly type: string },
  ) => unknown;
};

/**
 * The \`multipart/form-data\` body of an operation: a \`FormData\`, which the
 * generated services hand to the executor as \`body\` (send it as it is, and
 * let \`fetch\` set the content type with its boundary). Each file of
 * \`files\` is a part as it is; each value of \`json\` an \`application/json\`
 * part; undefined ones are left out.
 */
export function ${MULTIPART_FUNCTION}(
  files: { readonly [name: string]: ${UPLOAD_FILE} | undefined },
  json: { readonly [name: string]: unknown },
): unknown {
  const { FormData, Blob } = globalThis as unknown as Globals;
  if (FormData === undefined || Blob === undefined) {
    throw new Error("${MULTIPART_FUNCTION}: no global FormData and Blob");
  }
  const form = new FormData();
  for (const [name, file] of Object.entries(files)) {
    if (file !== undefined) form.append(name, file);
  }
  for (const [name, value] of Object.entries(json)) {
    if (value === undefined) continue;
    const text = JSON.stringify(value);
    form.append(name, new Blob([text], { type: "application/json" }));
  }
  return form;
}
`;
}
