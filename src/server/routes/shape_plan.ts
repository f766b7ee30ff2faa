/**
 * Result shaping compiled once per route: {@link shapeValue} for one result
 * type turned into a function of the value, so a request walks no type
 * model, builds no binding maps and projects fetched values with compiled
 * projectors ({@link compileProjector}). Kinds it does not compile (maps,
 * dynamic entities, static types nested deeper than
 * {@link MAX_PLAN_DEPTH}) call `shapeValue` itself, so the answer is the same
 * by construction; `shape_plan_test.ts` checks the compiled kinds against
 * `shapeValue`. Pure.
 *
 * @module
 */

import type { PropertyModel, TypeRef } from "../../model/api_model.ts";
import { unionMemberOf } from "../../model/unions.ts";
import { compileProjector } from "../../runtime/projector.ts";
import { NO_NULL_TARGETS } from "../../emit/ts/null_mode.ts";
import type { AnyFetcher } from "../../runtime/fetcher.ts";
import {
  CLIENT_FETCHER_KEY,
  type ShapeContext,
  shapeValue,
  typeArguments,
} from "./shape.ts";

/**
 * The JSON-ready value of a handler's value (undefined: nothing to send);
 * `chosen`: the request's client fetcher, for a route that takes one.
 */
export type Shaper = (value: unknown, chosen?: AnyFetcher) => unknown;

/**
 * Nesting of static and object types compiled ahead; deeper (a static type
 * that contains itself) is shaped by `shapeValue` at request time.
 */
export const MAX_PLAN_DEPTH = 6;

/**
 * `shapePlan(type, context)(value, chosen)` equals
 * `shapeValue(type, value, { ...context, chosen })`.
 */
export function shapePlan(type: TypeRef, context: ShapeContext): Shaper {
  return plan(type, context, new Map(), 0);
}

const identity: Shaper = (value) => value ?? undefined;

function plan(
  type: TypeRef,
  context: ShapeContext,
  bindings: ReadonlyMap<string, TypeRef>,
  depth: number,
): Shaper {
  const nulls = context.nulls ?? NO_NULL_TARGETS;
  const late: Shaper = (value, chosen) =>
    shapeValue(
      type,
      value,
      chosen === undefined ? context : { ...context, chosen },
      bindings,
    );
  switch (type.kind) {
    case "fetched": {
      // The request's fetcher: known at request time only.
      if (type.key === CLIENT_FETCHER_KEY) return late;
      const fetcher = context.fetcherOf(type.key);
      if (fetcher === undefined) return late;
      const project = compileProjector(fetcher, {
        absent: nulls.shapes ? "null" : "omit",
        lists: "as-loaded",
      });
      return (value) =>
        value === null || value === undefined
          ? undefined
          : typeof value === "object"
          ? project(value)
          : value;
    }
    case "array": {
      const element = plan(type.element, context, bindings, depth);
      return (value, chosen) => {
        if (value === null || value === undefined) return undefined;
        if (!Array.isArray(value)) return value;
        const shaped = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          shaped[i] = element(value[i], chosen) ?? null;
        }
        return shaped;
      };
    }
    case "static": {
      const model = context.statics.get(type.name);
      if (model === undefined) return identity;
      if (depth >= MAX_PLAN_DEPTH) return late;
      if (model.union !== undefined) {
        // One plan per member, made when a value of it first comes.
        const union = model.union;
        const plans = new Map<string, Shaper>();
        return (value, chosen) => {
          if (value === null || value === undefined) return undefined;
          const member = unionMemberOf(union, value);
          if (member?.kind !== "static") return value;
          let shaper = plans.get(member.name);
          if (shaper === undefined) {
            shaper = plan(member, context, bindings, depth + 1);
            plans.set(member.name, shaper);
          }
          return shaper(value, chosen);
        };
      }
      return properties(
        model.properties,
        context,
        typeArguments(model, type.args, bindings),
        nulls.statics.has(type.name),
        depth + 1,
      );
    }
    case "object":
      if (depth >= MAX_PLAN_DEPTH) return late;
      return properties(
        type.properties,
        context,
        bindings,
        nulls.shapes,
        depth + 1,
      );
    case "typeParameter": {
      const bound = bindings.get(type.name);
      return bound === undefined
        ? identity
        : plan(bound, context, bindings, depth);
    }
    case "map":
    case "dynamic":
      return late;
    default:
      return identity;
  }
}

function properties(
  models: readonly PropertyModel[],
  context: ShapeContext,
  bindings: ReadonlyMap<string, TypeRef>,
  nulls: boolean,
  depth: number,
): Shaper {
  const names = models.map((p) => p.name);
  const shapers = models.map((p) => plan(p.type, context, bindings, depth));
  const nullable = models.map((p) => nulls && p.optional);
  const count = models.length;
  return (value, chosen) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== "object") return value;
    const source = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const name = names[i]!;
      const shaped = shapers[i]!(source[name], chosen);
      if (shaped !== undefined) result[name] = shaped;
      else if (nullable[i]) result[name] = null;
    }
    return result;
  };
}
