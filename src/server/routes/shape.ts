/**
 * Result shaping: a handler's value, trimmed to exactly what its declared
 * result type promises. Every fetched placement (direct, in arrays, maps,
 * `Page`, `Tuple2`, hybrid types) goes through `applyFetcher` with the
 * fetcher its `FetchBy` names; other objects keep their declared properties
 * only, null ones left out. Under `orm.client.ts.null-render-mode: null` the
 * same walk writes `null` instead of leaving a value out, where
 * {@link ShapeContext.nulls} says the types promise `name: T | null`:
 * fetched shapes (through `applyFetcher`), and the static and dynamic types
 * no operation receives (a dynamic entity is then trimmed to its declared
 * properties, like a static type). The parts of a result that a client
 * fetcher shapes ({@link CLIENT_FETCHER_KEY}) go through `applyFetcher` with
 * the request's fetcher, in both modes. Pure.
 *
 * @module
 */

import type {
  DynamicEntityModel,
  OperationModel,
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import { replaceClientShaped } from "../../model/client_shaped.ts";
import { unionMemberOf } from "../../model/unions.ts";
import { applyFetcher } from "../../runtime/apply_fetcher.ts";
import type { AnyFetcher } from "../../runtime/fetcher.ts";
import { NO_NULL_TARGETS, type NullTargets } from "../../emit/ts/null_mode.ts";

/** What shaping needs to know besides the value. */
export interface ShapeContext {
  /** The fetcher of a shape key (`<Owner>/<CONSTANT>`). */
  readonly fetcherOf: (key: string) => AnyFetcher;
  /** Static types of the model, by name. */
  readonly statics: ReadonlyMap<string, StaticTypeModel>;
  /** Dynamic entities of the model, by entity name (needed with `nulls`). */
  readonly dynamics?: ReadonlyMap<string, DynamicEntityModel>;
  /** The types whose absent optional properties are sent as `null`. */
  readonly nulls?: NullTargets;
  /** The request's client fetcher, which shapes {@link CLIENT_FETCHER_KEY}. */
  readonly chosen?: AnyFetcher;
}

/**
 * The shape key of the parts of a result that a client fetcher shapes
 * (`ClientFetcher<E>`): the route puts
 * `{ kind: "fetched", entity, key: CLIENT_FETCHER_KEY }` where the model
 * says `Dynamic_<E>`, so the answer has exactly the fetcher's keys.
 */
export const CLIENT_FETCHER_KEY = "<client fetcher>";

/** Returns the JSON-ready value of `value` for the type `type`. */
export function shapeValue(
  type: TypeRef,
  value: unknown,
  context: ShapeContext,
  bindings: ReadonlyMap<string, TypeRef> = new Map(),
): unknown {
  if (value === null || value === undefined) return undefined;
  const nulls = context.nulls ?? NO_NULL_TARGETS;
  switch (type.kind) {
    case "fetched":
      return typeof value === "object"
        ? applyFetcher(fetcherOf(type.key, context), value, {
          absent: nulls.shapes ? "null" : "omit",
          lists: "as-loaded",
        })
        : value;
    case "array":
      return Array.isArray(value)
        ? value.map((v) =>
          shapeValue(type.element, v, context, bindings) ?? null
        )
        : value;
    case "map":
      return Object.fromEntries(
        entriesOf(value).flatMap(([k, v]) => {
          const shaped = shapeValue(type.value, v, context, bindings);
          return shaped === undefined ? [] : [[k, shaped]];
        }),
      );
    case "static": {
      const model = context.statics.get(type.name);
      if (model === undefined) return value;
      if (model.union !== undefined) {
        const member = unionMemberOf(model.union, value);
        return member === undefined
          ? value
          : shapeValue(member, value, context, bindings);
      }
      return shapeProperties(
        model.properties,
        value,
        context,
        typeArguments(model, type.args, bindings),
        nulls.statics.has(type.name),
      );
    }
    case "object":
      return shapeProperties(
        type.properties,
        value,
        context,
        bindings,
        nulls.shapes,
      );
    case "dynamic": {
      const model = context.dynamics?.get(type.entity);
      return model === undefined || !nulls.dynamics.has(type.entity)
        ? value
        : shapeProperties(model.properties, value, context, bindings, true);
    }
    case "typeParameter": {
      const bound = bindings.get(type.name);
      return bound === undefined
        ? value
        : shapeValue(bound, value, context, bindings);
    }
    default:
      return value;
  }
}

/**
 * The result type shaping follows: the operation's, with the parts a client
 * fetcher shapes (its `Dynamic_<E>`) projected onto the request's fetcher,
 * as the client types them (`ShapeOf<F>`).
 */
export function shapedResult(operation: OperationModel): TypeRef {
  const entity = operation.parameters.find((p) => p.fetcher !== undefined)
    ?.fetcher?.entity;
  return entity === undefined
    ? operation.result.type
    : replaceClientShaped(operation.result.type, entity, {
      kind: "fetched",
      entity,
      key: CLIENT_FETCHER_KEY,
    });
}

/** The fetcher of a shape key: the request's client fetcher, or a constant. */
function fetcherOf(key: string, context: ShapeContext): AnyFetcher {
  if (key !== CLIENT_FETCHER_KEY) return context.fetcherOf(key);
  if (context.chosen === undefined) {
    throw new Error("a client-shaped result without the request's fetcher");
  }
  return context.chosen;
}

/**
 * The type arguments of a static type by parameter name, the enclosing
 * type's parameters replaced.
 */
export function typeArguments(
  model: StaticTypeModel,
  args: readonly TypeRef[],
  bindings: ReadonlyMap<string, TypeRef>,
): Map<string, TypeRef> {
  return new Map(
    model.typeParameters.map((name, i) => [name, bind(args[i], bindings)]),
  );
}

/** A type argument with the enclosing type's parameters replaced. */
function bind(
  type: TypeRef | undefined,
  bindings: ReadonlyMap<string, TypeRef>,
): TypeRef {
  if (type === undefined) return { kind: "void" };
  return type.kind === "typeParameter" ? bindings.get(type.name) ?? type : type;
}

function shapeProperties(
  properties: readonly PropertyModel[],
  value: unknown,
  context: ShapeContext,
  bindings: ReadonlyMap<string, TypeRef>,
  nulls: boolean,
): unknown {
  if (typeof value !== "object") return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const property of properties) {
    const shaped = shapeValue(
      property.type,
      source[property.name],
      context,
      bindings,
    );
    if (shaped !== undefined) result[property.name] = shaped;
    else if (nulls && property.optional) result[property.name] = null;
  }
  return result;
}

function entriesOf(value: unknown): [string, unknown][] {
  if (value instanceof Map) {
    return [...value].map(([k, v]) => [String(k), v]);
  }
  return typeof value === "object" && value !== null
    ? Object.entries(value)
    : [];
}
