/**
 * `fetchers.ts` of the TypeScript client: the fetcher builder
 * (`fetcher(Book).name().store(fetcher(BookStore).name())`) whose
 * `ShapeOf<typeof f>` is exactly the DTO Tailor writes for the same fetcher
 * as a `FetchBy`. Self-contained: no import, no `any`, so a front end (or
 * `tailor fetchers`) can load it alone.
 *
 * It covers the model's dynamic entities, those a `ClientFetcher<E>`
 * parameter reaches (with every entity they reach) and the embeddables they
 * hold: a fetcher of any other entity could not be sent anywhere. Written
 * only when an operation takes a client fetcher.
 *
 * @module
 */

import type {
  ApiModel,
  DynamicEntityModel,
  PropertyModel,
  ServiceModel,
} from "../../model/api_model.ts";
import {
  FETCHERS_RUNTIME,
  fetchersTypesText,
  SHA256_SOURCE,
} from "./fetchers_runtime.ts";
import {
  type FetchersStyle,
  FetcherTypes,
  scalarKeyTypes,
} from "./fetcher_types_text.ts";

export type { FetchersStyle };

/** Root-relative path of the builder. */
export const FETCHERS_FILE = "fetchers.ts";

/** Whether the model has an operation taking a client fetcher. */
export function hasClientFetchers(model: ApiModel): boolean {
  return model.services.some(serviceHasClientFetchers);
}

/** Whether a service has an operation taking a client fetcher. */
export function serviceHasClientFetchers(service: ServiceModel): boolean {
  return service.operations.some((operation) =>
    operation.parameters.some((parameter) => parameter.fetcher !== undefined)
  );
}

/** The text of `fetchers.ts` (without its header line). */
export function fetchersText(model: ApiModel, style: FetchersStyle): string {
  const writer = new FetcherTypes(model, style);
  const embeddables = model.staticTypes.filter((type) =>
    type.origin === "embeddable"
  );
  const parts = [
    fetchersTypesText(style.nulls, writer.ro),
    scalarKeyTypes(model),
    ...model.dynamicEntities.map((entity) => writer.entityText(entity)),
    ...embeddables.map((type) => writer.embeddableText(type)),
    tableText(
      "ENTITIES",
      model.dynamicEntities.map((entity) => [
        entity.entity,
        entity.properties.map((property) => entityProperty(entity, property)),
      ]),
    ),
    tableText(
      "EMBEDDABLES",
      embeddables.map((type) => [
        type.name,
        type.properties.map((property) =>
          property.type.kind === "static"
            ? `[${JSON.stringify(property.name)}, "embedded", ${
              JSON.stringify(property.type.name)
            }]`
            : `[${JSON.stringify(property.name)}, "scalar"]`
        ),
      ]),
    ),
    FETCHERS_RUNTIME,
    SHA256_SOURCE.replace("export function sha256Hex", "function sha256Hex"),
  ];
  return parts.join("\n");
}

function tableText(
  name: string,
  rows: readonly (readonly [string, readonly string[]])[],
): string {
  const lines = [
    `const ${name}: { readonly [name: string]: readonly Property[] } = {`,
  ];
  for (const [owner, properties] of rows) {
    lines.push(`  ${JSON.stringify(owner)}: [`);
    for (const property of properties) lines.push(`    ${property},`);
    lines.push("  ],");
  }
  lines.push("};");
  return lines.join("\n") + "\n";
}

function entityProperty(
  entity: DynamicEntityModel,
  property: PropertyModel,
): string {
  const name = JSON.stringify(property.name);
  const type = property.type;
  if (type.kind === "dynamic") {
    return `[${name}, "one", ${JSON.stringify(type.entity)}]`;
  }
  if (type.kind === "array" && type.element.kind === "dynamic") {
    return `[${name}, "many", ${JSON.stringify(type.element.entity)}]`;
  }
  if (type.kind === "static") {
    return `[${name}, "embedded", ${JSON.stringify(type.name)}]`;
  }
  const kind = property.name === "id"
    ? "id"
    : entity.computed?.includes(property.name)
    ? "computed"
    : "scalar";
  return `[${name}, "${kind}"]`;
}
