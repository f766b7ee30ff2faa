/**
 * What the document says of each operation besides its types: its
 * operationId, the summary and description of its doc comment, the media
 * type of its result, and the header parameters every path declares.
 *
 * @module
 */

import type { ApiModel, TypeRef } from "../../model/api_model.ts";
import type { Json } from "./schema_json.ts";

/**
 * The media type of a result: `text/plain` for a string (the server sends
 * its text), `application/json` for anything else.
 */
export function resultMediaType(type: TypeRef): string {
  return type.kind === "primitive" && type.name === "string"
    ? "text/plain"
    : "application/json";
}

/** `components.parameters` of the declared request headers, by name. */
export function requestHeaderParameters(headers: readonly string[]): Json {
  return Object.fromEntries(headers.map((name) => [name, {
    name,
    in: "header",
    description:
      "Read by the server on every operation (orm.client.request-headers).",
    required: false,
    schema: { type: "string" },
  }]));
}

/**
 * The operationId of every operation, keyed by `<ServiceName>.<method>`:
 * the method name, suffixed with `_<ServiceName>` when several services
 * have a method of that name.
 */
export function openApiOperationIds(model: ApiModel): Map<string, string> {
  const counts = new Map<string, number>();
  for (const service of model.services) {
    for (const op of service.operations) {
      counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const ids = new Map<string, string>();
  for (const service of model.services) {
    for (const op of service.operations) {
      let id = counts.get(op.name)! > 1
        ? `${op.name}_${service.name}`
        : op.name;
      for (let n = 2; taken.has(id); n++) {
        id = `${op.name}_${service.name}_${n}`;
      }
      taken.add(id);
      ids.set(`${service.name}.${op.name}`, id);
    }
  }
  return ids;
}

/** Summary of a doc comment: the first sentence of its first line. */
export function docSummary(doc: string): string {
  const line = doc.trim().split(/\r?\n/, 1)[0]!.trim();
  const sentence = /^(.*?[.!?])(?=\s|$)/.exec(line);
  return sentence ? sentence[1]! : line;
}

/** Summary and description of a doc comment, in that key order. */
export function docFields(doc: string | undefined): Json {
  if (doc === undefined || doc.trim() === "") return {};
  const summary = docSummary(doc);
  const description = doc.trim();
  return description === summary ? { summary } : { summary, description };
}
