/**
 * `tailor diff`'s core: every change between a base and a head model,
 * operation by operation, each classified by a rule of `rules.ts`. Pure:
 * two models (and their null modes) in, a list of changes out, in a
 * stable order (the base's operations in order, then the added ones).
 *
 * @module
 */

import type {
  ApiModel,
  OperationModel,
  ParameterModel,
  TypeRef,
} from "../model/api_model.ts";
import { indexModel, type ModelIndex } from "../model/model_index.ts";
import type { NullRenderMode } from "../emit/ts/null_mode.ts";
import { below, type Change, ChangeList, type Place } from "./change.ts";
import { describe, TypeDiff } from "./type_diff.ts";

/** One side of a diff: a model and how its clients render absent values. */
export interface DiffSide {
  readonly model: ApiModel;
  /** `orm.client.ts.null-render-mode` (default `undefined`). */
  readonly nullMode?: NullRenderMode;
}

interface NamedOperation {
  /** `BookService.findBook`. */
  readonly id: string;
  readonly operation: OperationModel;
}

/** Every change from `base` to `head`. */
export function diffModels(base: DiffSide, head: DiffSide): Change[] {
  const out = new ChangeList();
  const baseMode = base.nullMode ?? "undefined";
  const headMode = head.nullMode ?? "undefined";
  if (baseMode !== headMode) {
    out.add(
      "null-mode-changed",
      { path: "" },
      `the null render mode changed from ${baseMode} to ${headMode}`,
    );
  }
  const b = indexModel(base.model), h = indexModel(head.model);
  const heads = new Map(operationsOf(head.model).map((o) => [o.id, o]));
  const bases = new Set(operationsOf(base.model).map((o) => o.id));
  // Head operations new by name, by route: a removed one found there moved.
  const newByRoute = new Map<string, NamedOperation>();
  for (const o of heads.values()) {
    const route = routeOf(o.operation);
    if (!bases.has(o.id) && !newByRoute.has(route)) newByRoute.set(route, o);
  }
  const renamedTo = new Set<string>();
  for (const { id, operation } of operationsOf(base.model)) {
    const match = heads.get(id);
    if (match !== undefined) {
      diffOperation(b, h, id, operation, match.operation, out);
      continue;
    }
    const place = { operation: id, path: "", source: operation.source };
    const moved = newByRoute.get(routeOf(operation));
    newByRoute.delete(routeOf(operation));
    if (moved === undefined) {
      out.add(
        "operation-removed",
        place,
        `${operation.httpMethod} ${operation.path} was removed`,
      );
    } else {
      renamedTo.add(moved.id);
      out.add(
        "operation-renamed",
        { ...place, source: moved.operation.source },
        `${operation.httpMethod} ${operation.path} is now ${moved.id}`,
      );
      diffOperation(b, h, moved.id, operation, moved.operation, out);
    }
  }
  for (const { id, operation } of heads.values()) {
    if (bases.has(id) || renamedTo.has(id)) continue;
    out.add(
      "operation-added",
      { operation: id, path: "", source: operation.source },
      `${operation.httpMethod} ${operation.path} was added`,
    );
  }
  return out.changes;
}

function routeOf(operation: OperationModel): string {
  return `${operation.httpMethod} ${operation.path}`;
}

function operationsOf(model: ApiModel): NamedOperation[] {
  return model.services.flatMap((service) =>
    service.operations.map((operation) => ({
      id: `${service.name}.${operation.name}`,
      operation,
    }))
  );
}

function diffOperation(
  baseIndex: ModelIndex,
  headIndex: ModelIndex,
  id: string,
  b: OperationModel,
  h: OperationModel,
  out: ChangeList,
): void {
  const place: Place = { operation: id, path: "", source: h.source };
  const types = new TypeDiff(baseIndex, headIndex, out);
  if (b.httpMethod !== h.httpMethod || b.path !== h.path) {
    out.add(
      "operation-path-changed",
      place,
      `${b.httpMethod} ${b.path} moved to ${h.httpMethod} ${h.path}`,
    );
  }
  for (const group of b.groups.filter((g) => !h.groups.includes(g))) {
    out.add("operation-group-removed", place, `left the group ${group}`);
  }
  for (const group of h.groups.filter((g) => !b.groups.includes(g))) {
    out.add("operation-group-added", place, `joined the group ${group}`);
  }
  diffParameters(b.parameters, h.parameters, types, place, out);
  const result = below(place, "result");
  if (b.result.nullable !== h.result.nullable) {
    out.add(
      h.result.nullable ? "response-nullable" : "response-not-nullable",
      result,
      h.result.nullable
        ? "the result may be absent"
        : "the result is always present",
    );
  }
  types.type(b.result.type, h.result.type, "response", result);
  diffErrors(baseIndex, headIndex, b, h, types, place, out);
}

function diffParameters(
  base: readonly ParameterModel[],
  head: readonly ParameterModel[],
  types: TypeDiff,
  place: Place,
  out: ChangeList,
): void {
  const heads = new Map(head.map((p) => [p.name, p]));
  for (const b of base) {
    const at = below(place, b.name);
    const h = heads.get(b.name);
    if (h === undefined) {
      out.add(
        "request-parameter-removed",
        at,
        `parameter ${b.name} was removed`,
      );
      continue;
    }
    if (b.in !== h.in || b.wireName !== h.wireName) {
      out.add(
        h.required
          ? "request-parameter-moved"
          : "request-optional-parameter-moved",
        at,
        `parameter ${b.name} moved from ${b.in} ${b.wireName} to ${h.in} ${h.wireName}`,
      );
    }
    if (b.required !== h.required) {
      out.add(
        h.required
          ? "request-parameter-required"
          : "request-parameter-optional",
        at,
        `parameter ${b.name} became ${h.required ? "required" : "optional"}`,
      );
    }
    if (b.defaultValue !== h.defaultValue) {
      out.add(
        "request-default-changed",
        at,
        `the default of ${b.name} changed from ${
          b.defaultValue ?? "(none)"
        } to ${h.defaultValue ?? "(none)"}`,
      );
    }
    types.constraints(b.constraints, h.constraints, "request", at);
    if (
      TEXT_PARAMETERS.has(b.in) && b.in === h.in && stringified(b.type, h.type)
    ) {
      out.add(
        "request-parameter-stringified",
        at,
        `parameter ${b.name} became a string (${describe(b.type)} before)`,
      );
    } else {
      types.type(b.type, h.type, "request", at);
    }
  }
  const names = new Set(base.map((p) => p.name));
  for (const h of head.filter((p) => !names.has(p.name))) {
    out.add(
      h.required
        ? "request-parameter-added-required"
        : "request-parameter-added-optional",
      below(place, h.name),
      `${h.required ? "required" : "optional"} parameter ${h.name} was added`,
    );
  }
}

/** Where a parameter's value travels as text: any value is a string. */
const TEXT_PARAMETERS: ReadonlySet<string> = new Set([
  "path",
  "query",
  "header",
]);

/** Whether a primitive other than a string (or a list of them) became one. */
function stringified(b: TypeRef, h: TypeRef): boolean {
  if (b.kind === "array" && h.kind === "array") {
    return stringified(b.element, h.element);
  }
  return b.kind === "primitive" && h.kind === "primitive" &&
    b.name !== "string" && h.name === "string";
}

function diffErrors(
  baseIndex: ModelIndex,
  headIndex: ModelIndex,
  b: OperationModel,
  h: OperationModel,
  types: TypeDiff,
  place: Place,
  out: ChangeList,
): void {
  const base = b.errors ?? [], head = h.errors ?? [];
  for (const name of base) {
    const at = below(place, `errors.${name}`);
    if (!head.includes(name)) {
      out.add("error-removed", at, `no longer declares the error ${name}`);
      continue;
    }
    const be = baseIndex.error(name), he = headIndex.error(name);
    if (be === undefined || he === undefined) continue;
    if (be.status !== he.status) {
      out.add(
        "error-status-changed",
        at,
        `error ${name} answers ${he.status}, not ${be.status}`,
      );
    }
    types.properties(be.properties, he.properties, "response", at);
  }
  for (const name of head.filter((n) => !base.includes(n))) {
    out.add(
      "error-added",
      below(place, `errors.${name}`),
      `declares the error ${name}`,
    );
  }
}
