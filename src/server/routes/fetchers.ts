/**
 * Finds, at start-up, the runtime fetcher behind each shape key of the model
 * (`BookController/SIMPLE_FETCHER` -> `BookController.SIMPLE_FETCHER`).
 *
 * @module
 */

import type { StaticTypeModel, TypeRef } from "../../model/api_model.ts";
import { unionMembers } from "../../model/unions.ts";
import { type AnyFetcher, isFetcher } from "../../runtime/fetcher.ts";
import { type AnyClass, classRecord } from "../../runtime/metadata.ts";

/** A problem found while building the route table; stops start-up. */
export class RouteTableError extends Error {
  /** `message` names the controller, route or fetcher and what to do. */
  constructor(message: string) {
    super(message);
    this.name = "RouteTableError";
  }
}

/**
 * The classes fetcher constants may live on: the controllers', their
 * `@DefaultFetcherOwner`s and any given, by class name.
 */
export function ownerClasses(
  controllers: readonly AnyClass[],
  extra: readonly AnyClass[],
): Map<string, AnyClass> {
  const owners = new Map<string, AnyClass>();
  for (const type of [...controllers, ...extra]) {
    owners.set(type.name, type);
    const fallback = classRecord(type)?.defaultFetcherOwner;
    if (fallback !== undefined) owners.set(fallback.name, fallback);
  }
  return owners;
}

/** Resolves a shape key to its fetcher, or throws {@link RouteTableError}. */
export function resolveFetcher(
  key: string,
  owners: ReadonlyMap<string, AnyClass>,
): AnyFetcher {
  const [owner = "", constant = ""] = key.split("@")[0]!.split("/");
  const type = owners.get(owner);
  if (type === undefined) {
    throw new RouteTableError(
      `the fetcher ${owner}.${constant} is declared on ${owner}, which the server does not know: pass ${owner} in the fetcherOwners option`,
    );
  }
  const value = (type as unknown as Record<string, unknown>)[constant];
  if (!isFetcher(value)) {
    throw new RouteTableError(
      `${owner}.${constant} is not a fetcher at run time (the analysis saw one): rebuild the model from the current source`,
    );
  }
  return value;
}

/** Every shape key a type refers to, through static types too. */
export function shapeKeys(
  type: TypeRef,
  statics: ReadonlyMap<string, StaticTypeModel>,
  seen: Set<string> = new Set(),
): string[] {
  switch (type.kind) {
    case "fetched":
      return [type.key];
    case "array":
      return shapeKeys(type.element, statics, seen);
    case "map":
      return shapeKeys(type.value, statics, seen);
    case "object":
      return type.properties.flatMap((p) => shapeKeys(p.type, statics, seen));
    case "static": {
      const fromArgs = type.args.flatMap((a) => shapeKeys(a, statics, seen));
      if (seen.has(type.name)) return fromArgs;
      seen.add(type.name);
      const model = statics.get(type.name);
      return [
        ...fromArgs,
        ...(model?.properties ?? []).flatMap((p) =>
          shapeKeys(p.type, statics, seen)
        ),
        ...(model === undefined ? [] : unionMembers(model)).flatMap((m) =>
          shapeKeys(m, statics, seen)
        ),
      ];
    }
    default:
      return [];
  }
}
