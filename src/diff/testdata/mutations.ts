/**
 * Random mutations of a model for `tailor diff`'s ground-truth test: each
 * changes one thing a server author could change (a property, a parameter,
 * an operation, an enum, a type's name, a shape's key, a constraint, a
 * group), keeping the model one that the emitters accept.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** A mutated copy of a model and what was done. */
export interface Mutation {
  readonly model: ApiModel;
  readonly description: string;
}

type Operator = (m: Json, pick: <T>(items: readonly T[]) => T | undefined) =>
  | string
  | undefined;

const PRIMITIVES = ["string", "number", "integer", "boolean"];

function operations(m: Json): Json[] {
  return m.services.flatMap((s: Json) => s.operations);
}

function shapes(m: Json): Json[] {
  return m.dtos.flatMap((d: Json) => d.shapes);
}

function plainTypes(m: Json): Json[] {
  return m.staticTypes.filter((t: Json) =>
    t.origin !== "builtin" && t.union === undefined
  );
}

/** Every value in `json` that is an object, depth first. */
function objects(json: Json, out: Json[] = []): Json[] {
  if (json !== null && typeof json === "object") {
    if (!Array.isArray(json)) out.push(json);
    for (const value of Object.values(json)) objects(value, out);
  }
  return out;
}

const OPERATORS: Readonly<Record<string, Operator>> = {
  removeShapeProperty: (m, pick) => {
    const shape = pick(shapes(m));
    const prop = pick(
      (shape?.type.properties ?? []).filter((p: Json) => p.name !== "id"),
    ) as Json;
    if (prop === undefined) return undefined;
    shape.type.properties.splice(shape.type.properties.indexOf(prop), 1);
    return `${shape.key}: removed ${prop.name}`;
  },
  addShapeProperty: (m, pick) => {
    const shape = pick(shapes(m));
    if (shape === undefined) return undefined;
    const optional = pick([true, false]);
    shape.type.properties.push({
      name: "added",
      type: { kind: "primitive", name: "string" },
      optional,
    });
    return `${shape.key}: added ${optional ? "optional" : "required"} added`;
  },
  toggleShapeOptional: (m, pick) => {
    const shape = pick(shapes(m));
    const prop = pick(shape?.type.properties ?? []) as Json;
    if (prop === undefined) return undefined;
    prop.optional = !prop.optional;
    return `${shape.key}: ${prop.name} optional=${prop.optional}`;
  },
  changeShapePropertyType: (m, pick) => {
    const shape = pick(shapes(m));
    const prop = pick(
      (shape?.type.properties ?? []).filter((p: Json) =>
        p.type.kind === "primitive"
      ),
    ) as Json;
    if (prop === undefined) return undefined;
    const to = pick(PRIMITIVES.filter((n) => n !== prop.type.name))!;
    const from = prop.type.name;
    prop.type = { kind: "primitive", name: to };
    return `${shape.key}: ${prop.name} ${from} -> ${to}`;
  },
  removeOperation: (m, pick) => {
    const service = pick(
      m.services.filter((s: Json) => s.operations.length > 1),
    ) as Json;
    const op = pick(service?.operations ?? []) as Json;
    if (op === undefined) return undefined;
    service.operations.splice(service.operations.indexOf(op), 1);
    return `removed ${service.name}.${op.name}`;
  },
  renameOperation: (m, pick) => {
    const op = pick(operations(m));
    op.name = `${op.name}Renamed`;
    return `renamed ${op.name}`;
  },
  changePath: (m, pick) => {
    const op = pick(operations(m));
    op.path = `${op.path}/v2`;
    return `moved ${op.name} to ${op.path}`;
  },
  addParameter: (m, pick) => {
    const op = pick(operations(m));
    const required = pick([true, false])!;
    op.parameters.push({
      name: "added",
      in: "query",
      wireName: "added",
      type: { kind: "primitive", name: pick(["string", "integer"]) },
      required,
    });
    return `${op.name}: added ${required ? "required" : "optional"} parameter`;
  },
  removeParameter: (m, pick) => {
    const op = pick(
      operations(m).filter((o: Json) =>
        o.parameters.some((p: Json) => p.in !== "path")
      ),
    );
    const param = pick(
      (op?.parameters ?? []).filter((p: Json) => p.in !== "path"),
    ) as Json;
    if (param === undefined) return undefined;
    op.parameters.splice(op.parameters.indexOf(param), 1);
    return `${op.name}: removed parameter ${param.name}`;
  },
  toggleParameterRequired: (m, pick) => {
    const param = pick(
      operations(m).flatMap((o: Json) => o.parameters).filter((p: Json) =>
        p.in === "query" || p.in === "header"
      ),
    ) as Json;
    if (param === undefined) return undefined;
    param.required = !param.required;
    if (param.required) delete param.defaultValue;
    return `${param.name} required=${param.required}`;
  },
  changeParameterType: (m, pick) => {
    const param = pick(
      operations(m).flatMap((o: Json) => o.parameters).filter((p: Json) =>
        p.in === "query" && p.type.kind === "primitive"
      ),
    ) as Json;
    if (param === undefined) return undefined;
    const to = pick(PRIMITIVES.filter((n) => n !== param.type.name))!;
    const from = param.type.name;
    param.type = { kind: "primitive", name: to };
    delete param.defaultValue;
    delete param.constraints;
    return `${param.name}: ${from} -> ${to}`;
  },
  toggleResultNullable: (m, pick) => {
    const op = pick(
      operations(m).filter((o: Json) => o.result.type.kind !== "void"),
    );
    if (op === undefined) return undefined;
    op.result.nullable = !op.result.nullable;
    return `${op.name}: result nullable=${op.result.nullable}`;
  },
  addEnumValue: (m, pick) => {
    const e = pick(m.enums) as Json;
    if (e === undefined) return undefined;
    e.values.push({ value: "ADDED" });
    return `${e.name}: added ADDED`;
  },
  removeEnumValue: (m, pick) => {
    const e = pick(m.enums.filter((e: Json) => e.values.length > 1)) as Json;
    const value = pick(e?.values ?? []) as Json;
    if (value === undefined) return undefined;
    e.values.splice(e.values.indexOf(value), 1);
    return `${e.name}: removed ${value.value}`;
  },
  addTypeProperty: (m, pick) => {
    const type = pick(plainTypes(m));
    if (type === undefined) return undefined;
    const optional = pick([true, false]);
    type.properties.push({
      name: "added",
      type: { kind: "primitive", name: "string" },
      optional,
    });
    return `${type.name}: added ${optional ? "optional" : "required"} added`;
  },
  removeTypeProperty: (m, pick) => {
    const type = pick(plainTypes(m));
    const prop = pick(type?.properties ?? []) as Json;
    if (prop === undefined) return undefined;
    type.properties.splice(type.properties.indexOf(prop), 1);
    return `${type.name}: removed ${prop.name}`;
  },
  toggleTypeOptional: (m, pick) => {
    const type = pick(plainTypes(m));
    const prop = pick(type?.properties ?? []) as Json;
    if (prop === undefined) return undefined;
    prop.optional = !prop.optional;
    return `${type.name}: ${prop.name} optional=${prop.optional}`;
  },
  renameType: (m, pick) => {
    const type = pick(plainTypes(m));
    if (type === undefined) return undefined;
    const from = type.name;
    for (const o of objects(m)) {
      if ((o.kind === "static" || o === type) && o.name === from) {
        o.name = `${from}Renamed`;
      }
    }
    return `renamed ${from}`;
  },
  renameEnum: (m, pick) => {
    const e = pick(m.enums) as Json;
    if (e === undefined) return undefined;
    const from = e.name;
    for (const o of objects(m)) {
      if ((o.kind === "enum" || o === e) && o.name === from) {
        o.name = `${from}Renamed`;
      }
    }
    return `renamed enum ${from}`;
  },
  renameShapeKey: (m, pick) => {
    const shape = pick(shapes(m).filter((s: Json) => s.path === undefined));
    if (shape === undefined) return undefined;
    const from = shape.key;
    const to = `${shape.owner}/${shape.fetcher}_RENAMED`;
    for (const o of objects(m)) {
      if (typeof o.key === "string" && o.key.split("@")[0] === from) {
        o.key = to + o.key.slice(from.length);
        if (o.fetcher !== undefined) o.fetcher = `${o.fetcher}_RENAMED`;
      }
    }
    m.dtos.forEach((d: Json) =>
      d.shapes.sort((a: Json, b: Json) => a.key < b.key ? -1 : 1)
    );
    return `renamed shape ${from}`;
  },
  changeConstraint: (m, pick) => {
    const param = pick(
      operations(m).flatMap((o: Json) => o.parameters).filter((p: Json) =>
        p.type.kind === "primitive" &&
        (p.type.name === "integer" || p.type.name === "number")
      ),
    ) as Json;
    if (param === undefined) return undefined;
    const minimum = pick([0, 1, 5, undefined]);
    const { minimum: _, ...rest } = param.constraints ?? {};
    const constraints = minimum === undefined ? rest : { minimum, ...rest };
    if (Object.keys(constraints).length === 0) delete param.constraints;
    else param.constraints = constraints;
    return `${param.name}: minimum ${minimum}`;
  },
  changeGroups: (m, pick) => {
    const op = pick(operations(m));
    op.groups = op.groups.includes("extra")
      ? op.groups.filter((g: string) => g !== "extra")
      : [...op.groups, "extra"].sort();
    if (!m.groups.includes("extra")) m.groups = [...m.groups, "extra"].sort();
    return `${op.name}: groups ${op.groups.join(",")}`;
  },
};

/** `count` mutations of `base`, each one change, drawn with `random`. */
export function mutations(
  base: ApiModel,
  count: number,
  random: () => number,
): Mutation[] {
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
  const names = Object.keys(OPERATORS);
  const out: Mutation[] = [];
  while (out.length < count) {
    const name = pick(names)!;
    const model = structuredClone(base) as Json;
    const description = OPERATORS[name]!(model, pick);
    if (description !== undefined) {
      out.push({ model, description: `${name}: ${description}` });
    }
  }
  return out;
}
