/**
 * Compares the types two models give one position (a parameter, a result,
 * an error body), recursively: primitives, enums, arrays, maps, fetched
 * shapes, dynamic entities, static types and unions. A request position
 * and a response position classify the same change differently (a removed
 * property breaks a response reader, an added required one a request
 * writer), so each comparison knows its direction.
 *
 * @module
 */

import type {
  Constraints,
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import type { ModelIndex } from "../model/model_index.ts";
import { below, type ChangeList, type Place } from "./change.ts";
import { constraintChange } from "./constraint_change.ts";
import { substituteTypeParameters } from "../model/type_refs.ts";
import type { RuleId } from "./rules.ts";

/** Which way values travel at a position. */
export type Direction = "request" | "response";

/** Compares types of one operation between a base and a head model. */
export class TypeDiff {
  /** Named pairs compared already in this operation (recursion, repeats). */
  readonly #seen = new Set<string>();

  constructor(
    private readonly base: ModelIndex,
    private readonly head: ModelIndex,
    private readonly out: ChangeList,
  ) {}

  /** Compares the types at `place` in `direction`. */
  type(b: TypeRef, h: TypeRef, direction: Direction, place: Place): void {
    if (b.kind === "primitive" && h.kind === "primitive") {
      if (b.name !== h.name) this.#primitive(b.name, h.name, direction, place);
    } else if (b.kind === "enum" && h.kind === "enum") {
      this.#renamed(b.name, h.name, place, "enum");
      this.#enum(b.name, h.name, direction, place);
    } else if (b.kind === "array" && h.kind === "array") {
      this.type(b.element, h.element, direction, below(place, "[]"));
    } else if (b.kind === "map" && h.kind === "map") {
      this.type(b.value, h.value, direction, below(place, "{}"));
    } else if (b.kind === "fetched" && h.kind === "fetched") {
      this.#fetched(b.key, h.key, direction, place);
    } else if (b.kind === "dynamic" && h.kind === "dynamic") {
      this.#dynamic(b.entity, h.entity, direction, place);
    } else if (b.kind === "static" && h.kind === "static") {
      this.#static(b, h, direction, place);
    } else if (b.kind === "object" && h.kind === "object") {
      this.properties(b.properties, h.properties, direction, place);
    } else if (
      (b.kind === "void" && h.kind === "void") ||
      (b.kind === "file" && h.kind === "file") ||
      (b.kind === "typeParameter" && h.kind === "typeParameter")
    ) {
      // The same; type parameters are compared through their arguments.
    } else {
      this.out.add(
        direction === "request"
          ? "request-type-changed"
          : "response-type-changed",
        place,
        `type ${describe(b)} became ${describe(h)}`,
      );
    }
  }

  /** Compares the properties of two object types in `direction`. */
  properties(
    base: readonly PropertyModel[],
    head: readonly PropertyModel[],
    direction: Direction,
    place: Place,
  ): void {
    const heads = new Map(head.map((p) => [p.name, p]));
    for (const b of base) {
      const at = below(place, b.name);
      const h = heads.get(b.name);
      if (h === undefined) {
        this.out.add(
          direction === "request"
            ? "request-property-removed"
            : b.optional
            ? "response-optional-property-removed"
            : "response-property-removed",
          at,
          `property ${b.name} was removed`,
        );
        continue;
      }
      if (b.optional !== h.optional) {
        const rule: RuleId = direction === "request"
          ? (h.optional
            ? "request-property-optional"
            : "request-property-required")
          : (h.optional
            ? "response-property-optional"
            : "response-property-required");
        this.out.add(
          rule,
          at,
          `property ${b.name} became ${h.optional ? "optional" : "required"}`,
        );
      }
      this.constraints(b.constraints, h.constraints, direction, at);
      this.type(b.type, h.type, direction, at);
    }
    const bases = new Set(base.map((p) => p.name));
    for (const h of head) {
      if (bases.has(h.name)) continue;
      this.out.add(
        direction === "response"
          ? "response-property-added"
          : h.optional
          ? "request-property-added-optional"
          : "request-property-added-required",
        below(place, h.name),
        `${h.optional ? "optional" : "required"} property ${h.name} was added`,
      );
    }
  }

  /** Reports how the admitted values moved, if they did. */
  constraints(
    base: Constraints | undefined,
    head: Constraints | undefined,
    direction: Direction,
    place: Place,
  ): void {
    const change = constraintChange(base, head);
    if (change === undefined) return;
    const text = `constraints ${constraintText(base)} became ${
      constraintText(head)
    }`;
    if (direction === "request") {
      this.out.add(
        change.tightened
          ? "request-constraint-tightened"
          : "request-constraint-loosened",
        place,
        text,
      );
    } else {
      this.out.add(
        change.loosened
          ? "response-constraint-loosened"
          : "response-constraint-tightened",
        place,
        text,
      );
    }
  }

  #primitive(b: string, h: string, direction: Direction, place: Place): void {
    const numbers = new Set([b, h]);
    const numeric = numbers.has("integer") && numbers.has("number");
    const rule: RuleId = !numeric
      ? `${direction}-type-changed`
      : b === "integer"
      ? `${direction}-type-widened`
      : `${direction}-type-narrowed`;
    this.out.add(rule, place, `type ${b} became ${h}`);
  }

  #renamed(b: string, h: string, place: Place, what: string): void {
    if (b !== h) {
      this.out.add("type-renamed", place, `${what} ${b} was renamed ${h}`);
    }
  }

  /** True the first time a pair is met in `direction` in this operation. */
  #first(what: string, b: string, h: string, direction: Direction): boolean {
    const key = `${what}|${direction}|${b}|${h}`;
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    return true;
  }

  #enum(b: string, h: string, direction: Direction, place: Place): void {
    if (!this.#first("enum", b, h, direction)) return;
    const base = this.base.enum(b)?.values.map((v) => v.value) ?? [];
    const head = this.head.enum(h)?.values.map((v) => v.value) ?? [];
    for (const value of base.filter((v) => !head.includes(v))) {
      this.out.add(
        `${direction}-enum-value-removed`,
        place,
        `enum ${h} lost the value ${value}`,
      );
    }
    for (const value of head.filter((v) => !base.includes(v))) {
      this.out.add(
        `${direction}-enum-value-added`,
        place,
        `enum ${h} gained the value ${value}`,
      );
    }
  }

  #fetched(b: string, h: string, direction: Direction, place: Place): void {
    const at = { ...place, shape: h };
    if (b !== h) {
      this.out.add("shape-renamed", at, `DTO key ${b} became ${h}`);
    }
    if (!this.#first("shape", b, h, direction)) return;
    const base = this.base.shape(b)?.shape.type;
    const head = this.head.shape(h)?.shape.type;
    if (base !== undefined && head !== undefined) {
      this.properties(base.properties, head.properties, direction, at);
    }
  }

  #dynamic(b: string, h: string, direction: Direction, place: Place): void {
    if (b !== h) {
      this.out.add(
        `${direction}-type-changed`,
        place,
        `entity ${b} became ${h}`,
      );
      return;
    }
    if (!this.#first("dynamic", b, h, direction)) return;
    const base = this.base.dynamicEntity(b)?.properties ?? [];
    const head = this.head.dynamicEntity(h)?.properties ?? [];
    this.properties(base, head, direction, place);
  }

  #static(
    b: Extract<TypeRef, { kind: "static" }>,
    h: Extract<TypeRef, { kind: "static" }>,
    direction: Direction,
    place: Place,
  ): void {
    const base = this.base.staticType(b.name);
    const head = this.head.staticType(h.name);
    if (base?.origin === "builtin" || head?.origin === "builtin") {
      if (b.name !== h.name) {
        this.out.add(
          `${direction}-type-changed`,
          place,
          `type ${b.name} became ${h.name}`,
        );
        return;
      }
    } else {
      this.#renamed(b.name, h.name, place, "type");
    }
    if (
      base === undefined || head === undefined ||
      b.args.length !== h.args.length ||
      base.typeParameters.length !== b.args.length ||
      head.typeParameters.length !== h.args.length
    ) {
      if (b.args.length !== h.args.length) {
        this.out.add(
          `${direction}-type-changed`,
          place,
          `type ${describe(b)} became ${describe(h)}`,
        );
      }
      return;
    }
    if (!this.#first("static", describe(b), describe(h), direction)) return;
    if (base.union !== undefined || head.union !== undefined) {
      this.#union(base, head, direction, place);
    } else {
      this.properties(
        bound(base, b.args),
        bound(head, h.args),
        direction,
        place,
      );
    }
  }

  #union(
    base: StaticTypeModel,
    head: StaticTypeModel,
    direction: Direction,
    place: Place,
  ): void {
    const b = base.union, h = head.union;
    if (b === undefined || h === undefined) {
      this.out.add(
        `${direction}-type-changed`,
        place,
        `type ${base.name} ${b ? "is no longer" : "became"} a union`,
      );
      return;
    }
    if (b.discriminator !== h.discriminator) {
      this.out.add(
        "union-discriminator-changed",
        place,
        `union ${head.name} is told apart by ${h.discriminator}, not ${b.discriminator}`,
      );
      return;
    }
    const heads = new Map(h.members.map((m) => [m.value, m]));
    for (const member of b.members) {
      const match = heads.get(member.value);
      const at = below(place, `(${b.discriminator}=${member.value})`);
      if (match === undefined) {
        this.out.add(
          `${direction}-union-member-removed`,
          at,
          `union ${head.name} lost the member ${member.name}`,
        );
      } else {
        this.type(
          { kind: "static", name: member.name, args: [] },
          { kind: "static", name: match.name, args: [] },
          direction,
          at,
        );
      }
    }
    const values = new Set(b.members.map((m) => m.value));
    for (const member of h.members.filter((m) => !values.has(m.value))) {
      this.out.add(
        `${direction}-union-member-added`,
        below(place, `(${h.discriminator}=${member.value})`),
        `union ${head.name} gained the member ${member.name}`,
      );
    }
  }
}

/** The properties of a static type with its type arguments put in. */
function bound(
  type: StaticTypeModel,
  args: readonly TypeRef[],
): readonly PropertyModel[] {
  if (args.length === 0) return type.properties;
  const bindings = new Map(
    type.typeParameters.map((name, i) => [name, args[i]!]),
  );
  return type.properties.map((p) => ({
    ...p,
    type: substituteTypeParameters(p.type, bindings),
  }));
}

/** A type as a short text for messages: `Page<BookDto>`, `integer[]`. */
export function describe(type: TypeRef): string {
  switch (type.kind) {
    case "primitive":
      return type.name;
    case "void":
    case "file":
      return type.kind;
    case "enum":
      return type.name;
    case "array":
      return `${describe(type.element)}[]`;
    case "map":
      return `map of ${describe(type.value)}`;
    case "fetched":
      return `${type.entity}Dto["${type.key}"]`;
    case "dynamic":
      return `Dynamic_${type.entity}`;
    case "static":
      return type.args.length === 0
        ? type.name
        : `${type.name}<${type.args.map(describe).join(", ")}>`;
    case "typeParameter":
      return type.name;
    case "object":
      return "an object";
  }
}

function constraintText(c: Constraints | undefined): string {
  const entries = Object.entries(c ?? {});
  return entries.length === 0
    ? "(none)"
    : entries.map(([k, v]) => `${k}=${v}`).join(" ");
}
