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

import type {
  ApiModel,
  DynamicEntityModel,
  PropertyModel,
  TypeRef,
} from "./api_model.ts";

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

/**
 * The dynamic types of the TypeScript client for a client fetcher's answer:
 * the dynamic entities, with each embedded value of a client-shaped one
 * made `Dynamic_<Embeddable>` (a fetcher may load it in part,
 * `embeddable(Address).city()`), and one such type per embeddable reached,
 * every property optional, as the OpenAPI document writes them. The other
 * dynamic entities are returned as they are (the same objects).
 */
export function dynamicTypesOf(
  model: ApiModel,
): readonly DynamicEntityModel[] {
  const shaped = clientShapedEntities(model);
  const embeddables = new Map(
    model.staticTypes.filter((t) => t.origin === "embeddable").map((
      t,
    ) => [t.name, t]),
  );
  const partial = new Map<string, DynamicEntityModel>();
  const seen = new Set<string>();
  const inPart = (property: PropertyModel): PropertyModel => {
    const type = property.type;
    if (type.kind !== "static" || !embeddables.has(type.name)) return property;
    addPartial(type.name);
    return { ...property, type: { kind: "dynamic", entity: type.name } };
  };
  const addPartial = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const embeddable = embeddables.get(name)!;
    const nullable = embeddable.properties.filter((p) => p.optional)
      .map((p) => p.name);
    partial.set(name, {
      entity: name,
      ...(embeddable.doc === undefined ? {} : { doc: embeddable.doc }),
      properties: embeddable.properties.map((p) => ({
        ...inPart(p),
        optional: true,
      })),
      ...(nullable.length === 0 ? {} : { nullable }),
    });
  };
  const entities = model.dynamicEntities.map((entity) =>
    !shaped.has(entity.entity) ||
      !entity.properties.some((p) =>
        p.type.kind === "static" && embeddables.has(p.type.name)
      )
      ? entity
      : { ...entity, properties: entity.properties.map(inPart) }
  );
  return [...entities, ...partial.values()].sort((a, b) =>
    a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0
  );
}
