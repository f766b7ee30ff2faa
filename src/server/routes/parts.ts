/**
 * Multipart uploads on the server: the `RequestPart<T>` parameters of an
 * operation read from a `multipart/form-data` body, a file part as the
 * uploaded `File`, any other part parsed as JSON and validated against the
 * schema the OpenAPI document publishes for it. The body's bytes come from
 * body_reader.ts, which applies the size limit.
 *
 * @module
 */

import type {
  ApiModel,
  OperationModel,
  ParameterModel,
} from "../../model/api_model.ts";
import { type BodyCheck, checksOf, type Json } from "./body_validator.ts";
import { MULTIPART_FORM_DATA } from "../../emit/openapi/multipart.ts";

/** The default of `maxUploadBytes`: 10 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Checks of the JSON parts of one operation, by part name. */
export type PartChecks = ReadonlyMap<string, BodyCheck>;

/**
 * The {@link PartChecks} of every operation with parts, keyed
 * `"<METHOD> <path>"`, each compiled on its first use.
 */
export function partChecks(model: ApiModel): Map<string, PartChecks> {
  return checksOf(model, MULTIPART_FORM_DATA, (schema, compile) => {
    const checks = new Map<string, BodyCheck>();
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    for (const [name, property] of Object.entries(properties)) {
      if (property.format === "binary") continue;
      checks.set(name, compile(property));
    }
    return checks;
  });
}

/** The part values of a request by parameter name, or why they do not fit. */
export type BoundParts =
  | { readonly ok: true; readonly values: ReadonlyMap<string, unknown> }
  | {
    readonly ok: false;
    readonly parameter: string;
    readonly message: string;
  };

/**
 * Reads the parts of `operation` from a body of content type `type`: a
 * required part must be there, once; a file part must be a file; a JSON
 * part must parse and fit its check; a part the operation does not take is
 * refused.
 */
export async function readParts(
  operation: OperationModel,
  type: string,
  body: Uint8Array<ArrayBuffer>,
  checks: PartChecks | undefined,
): Promise<BoundParts> {
  const parts = operation.parameters.filter((p) => p.in === "part");
  const first = parts[0]?.wireName ?? "body";
  if (!type.toLowerCase().startsWith(MULTIPART_FORM_DATA)) {
    return bad(first, `the body must be ${MULTIPART_FORM_DATA}`);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } })
      .formData();
  } catch (error) {
    return bad(first, `the body is not readable multipart: ${message(error)}`);
  }
  const known = new Set(parts.map((p) => p.wireName));
  for (const name of form.keys()) {
    if (!known.has(name)) return bad(name, `the part ${name} is not expected`);
  }
  const values = new Map<string, unknown>();
  for (const part of parts) {
    const bound = await readPart(part, form.getAll(part.wireName), checks);
    if (!bound.ok) return bound;
    values.set(part.name, bound.value);
  }
  return { ok: true, values };
}

async function readPart(
  part: ParameterModel,
  entries: readonly FormDataEntryValue[],
  checks: PartChecks | undefined,
): Promise<
  { ok: true; value: unknown } | Extract<BoundParts, { ok: false }>
> {
  const name = part.wireName;
  if (entries.length === 0) {
    return part.required
      ? bad(name, `the part ${name} is required`)
      : { ok: true, value: undefined };
  }
  if (entries.length > 1) {
    return bad(name, `the part ${name} takes one value, got ${entries.length}`);
  }
  const entry = entries[0]!;
  if (part.type.kind === "file") {
    return typeof entry === "string"
      ? bad(name, `the part ${name} must be a file`)
      : { ok: true, value: entry };
  }
  const text = typeof entry === "string" ? entry : await entry.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return bad(name, `the part ${name} is not JSON: ${message(error)}`);
  }
  const problem = checks?.get(name)?.(value);
  return problem === undefined
    ? { ok: true, value }
    : bad(name, `the part ${name}: ${problem}`);
}

function bad(
  parameter: string,
  text: string,
): Extract<BoundParts, { ok: false }> {
  return { ok: false, parameter, message: text };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
