/**
 * Results of the operations that take a client fetcher (`ClientFetcher<E>`):
 * their `Dynamic_<E>` parts are the shape of the fetcher the client sends,
 * not the all-optional dynamic entity. The TypeScript client types those
 * parts as `ShapeOf<F>`, the server projects them onto the request's
 * fetcher, and the OpenAPI document does not require their keys: all three
 * ask this module where those parts are.
 *
 * @module
 */

import type { ApiModel, TypeRef } from "./api_model.ts";

/**
 * `type`, the result of an operation taking a client fetcher of `entity`,
 * with its `Dynamic_<entity>` parts (the result itself, array elements and
 * static type arguments, as deep as they go) replaced by `by`.
 */
export function replaceClientShaped(
  type: TypeRef,
  entity: string,
  by: TypeRef,
): TypeRef {
  if (type.kind === "dynamic" && type.entity === entity) return by;
  if (type.kind === "array") {
    return {
      kind: "array",
      element: replaceClientShaped(type.element, entity, by),
    };
  }
  if (type.kind === "static") {
    return {
      ...type,
      args: type.args.map((a) => replaceClientShaped(a, entity, by)),
    };
  }
  return type;
}

/**
 * The entities whose dynamic type a client fetcher's answer can hold: the
 * entity of every `ClientFetcher<E>` parameter, and the dynamic entities
 * their associations reach.
 */
export function clientShapedEntities(model: ApiModel): Set<string> {
  const dynamics = new Map(model.dynamicEntities.map((d) => [d.entity, d]));
  const found = new Set<string>();
  const visit = (type: TypeRef): void => {
    if (type.kind === "array") return visit(type.element);
    if (type.kind !== "dynamic" || found.has(type.entity)) return;
    found.add(type.entity);
    for (const property of dynamics.get(type.entity)?.properties ?? []) {
      visit(property.type);
    }
  };
  for (const service of model.services) {
    for (const operation of service.operations) {
      for (const parameter of operation.parameters) {
        const entity = parameter.fetcher?.entity;
        if (entity !== undefined) visit({ kind: "dynamic", entity });
      }
    }
  }
  return found;
}
