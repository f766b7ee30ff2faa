/**
 * Model types as Java types: a {@link TypeRef} becomes a {@link JType}
 * (primitive, type parameter or nested record, or a reference to a
 * top-level type), and a JType is spelled in a compilation unit, which
 * decides imports.
 *
 * Numbers: `integer` -> `long` (`Long` when boxed), `number` -> `double`,
 * `boolean` -> `boolean`, `string` -> `String`; arrays -> `List<T>`, maps ->
 * `Map<String, V>`. Type arguments are always boxed.
 *
 * @module
 */

import type { ObjectTypeRef, TypeRef } from "../../model/api_model.ts";
import type { DeclarationNames } from "./declaration_names.ts";
import { sanitizeTypeName } from "./java_names.ts";
import type { CompilationUnit } from "./java_source.ts";

/** Options that cannot be honored or a model the emitter cannot express. */
export class JavaEmitError extends Error {
  override name = "JavaEmitError";
}

/** A Java type, before its names are spelled in a compilation unit. */
export type JType =
  | {
    readonly k: "prim";
    readonly name: "long" | "double" | "boolean";
    readonly box: string;
  }
  | { readonly k: "void" }
  /** A type parameter or a nested record of the enclosing type. */
  | { readonly k: "local"; readonly name: string }
  | {
    readonly k: "ref";
    readonly pkg: string;
    readonly name: string;
    readonly nested: readonly string[];
    readonly args: readonly JType[];
  };

/** `org.springframework.lang.Nullable`, on every optional value. */
export const NULLABLE = ["org.springframework.lang", "Nullable"] as const;

/** Jackson's `JsonProperty`, where a Java name differs from the JSON one. */
export const JSON_PROPERTY = [
  "com.fasterxml.jackson.annotation",
  "JsonProperty",
] as const;

const ref = (
  pkg: string,
  name: string,
  args: readonly JType[] = [],
  nested: readonly string[] = [],
): JType => ({ k: "ref", pkg, name, nested, args });

const PRIMITIVES = {
  string: ref("java.lang", "String"),
  integer: { k: "prim", name: "long", box: "Long" },
  number: { k: "prim", name: "double", box: "Double" },
  boolean: { k: "prim", name: "boolean", box: "Boolean" },
} as const satisfies Record<string, JType>;

/** Where a type is being written: how to name and place inline objects. */
export interface TypeScope {
  readonly names: DeclarationNames;
  /** Type parameters in scope: model name -> Java name. */
  readonly typeParameters: ReadonlyMap<string, string>;
  /** Declares a nested record for an inline object; returns its reference. */
  readonly inline: (object: ObjectTypeRef) => JType;
}

/**
 * The Java type of a model type. Throws {@link JavaEmitError} when the type
 * refers to a declaration the model does not have.
 */
export function toJType(type: TypeRef, scope: TypeScope): JType {
  const { names } = scope;
  switch (type.kind) {
    case "primitive":
      return PRIMITIVES[type.name];
    case "void":
      return { k: "void" };
    case "file":
      return ref("org.springframework.web.multipart", "MultipartFile");
    case "enum": {
      const java = names.enums.get(type.name);
      if (java === undefined) throw missing("enum", type.name);
      return ref(names.packages.enums, java);
    }
    case "array":
      return ref("java.util", "List", [toJType(type.element, scope)]);
    case "map":
      return ref("java.util", "Map", [
        PRIMITIVES.string,
        toJType(type.value, scope),
      ]);
    case "fetched": {
      const shape = names.shapes.get(type.key);
      if (shape === undefined) throw missing("shape", type.key);
      return ref(names.packages.dto, shape.dtoClass, [], [shape.record]);
    }
    case "dynamic": {
      const java = names.dynamics.get(type.entity);
      if (java === undefined) throw missing("dynamic entity", type.entity);
      return ref(names.packages.dynamic, java);
    }
    case "static": {
      const s = names.statics.get(type.name);
      if (s === undefined) throw missing("static type", type.name);
      if (s.arity !== type.args.length) {
        throw new JavaEmitError(
          `static type "${type.name}" takes ${s.arity} type argument(s), got ${type.args.length}`,
        );
      }
      return ref(
        names.packages.statics,
        s.java,
        type.args.map((a) => toJType(a, scope)),
      );
    }
    case "typeParameter":
      return {
        k: "local",
        name: scope.typeParameters.get(type.name) ??
          sanitizeTypeName(type.name),
      };
    case "object":
      return scope.inline(type);
  }
}

function missing(what: string, name: string): JavaEmitError {
  return new JavaEmitError(
    `the model refers to ${what} "${name}" but does not declare it`,
  );
}

/**
 * The text of a type in `unit`; `boxed` for a nullable value or a type
 * argument (`Long`, `Void`), else primitive (`long`, `void`).
 */
export function spell(
  type: JType,
  unit: CompilationUnit,
  boxed: boolean,
): string {
  switch (type.k) {
    case "prim":
      return boxed ? unit.ref("java.lang", type.box) : type.name;
    case "void":
      return boxed ? unit.ref("java.lang", "Void") : "void";
    case "local":
      return type.name;
    case "ref": {
      const args = type.args.length === 0
        ? ""
        : `<${type.args.map((a) => spell(a, unit, true)).join(", ")}>`;
      return `${unit.ref(type.pkg, type.name)}${
        type.nested.map((n) => `.${n}`).join("")
      }${args}`;
    }
  }
}
