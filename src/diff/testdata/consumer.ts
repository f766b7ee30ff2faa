/**
 * A fixed consumer of a model's TypeScript client that uses every operation
 * and field: the ground truth of `tailor diff`'s TS-source verdict. Written
 * from the BASE model, it is compiled against each mutated model's client;
 * it compiles exactly when no change broke TypeScript source.
 *
 * It calls each operation twice (every option, then only the required
 * ones), reads every property of every result into a variable of the old
 * type (optional ones as `T | undefined`), names every named type through
 * the client (`C.BookDto["Owner/KEY"]`, `C.Page<unknown>`), and lists every
 * enum's values as an array of the enum. Named types are referred to by
 * their name in the new client, as real code does, so an enum that gains a
 * value still compiles.
 *
 * @module
 */

import type {
  ApiModel,
  OperationModel,
  PropertyModel,
  TypeRef,
} from "../../model/api_model.ts";
import { indexModel, type ModelIndex } from "../../model/model_index.ts";
import { substituteTypeParameters } from "../../model/type_refs.ts";

/** The consumer's source, importing the client from `./client/`. */
export function consumerSource(model: ApiModel): string {
  const writer = new ConsumerWriter(indexModel(model));
  const body: string[] = [];
  for (const service of model.services) {
    const accessor = service.name.charAt(0).toLowerCase() +
      service.name.slice(1);
    for (const operation of service.operations) {
      body.push(
        ...writer.operation(`api.${accessor}.${operation.name}`, operation),
      );
    }
  }
  for (const e of model.enums) {
    body.push(
      `const ${writer.fresh("all")}: C.${e.name}[] = [${
        e.values.map((v) => JSON.stringify(v.value)).join(", ")
      }];`,
    );
  }
  for (const type of model.staticTypes) {
    const args = type.typeParameters.map(() => "unknown").join(", ");
    body.push(
      `type ${writer.freshType()} = C.${type.name}${
        args === "" ? "" : `<${args}>`
      };`,
    );
  }
  for (const dto of model.dtos) {
    for (const shape of dto.shapes) {
      body.push(
        `type ${writer.freshType()} = C.${dto.entity}Dto[${
          JSON.stringify(shape.key)
        }];`,
      );
    }
  }
  return [
    `import type { Api } from "./client/Api.ts";`,
    `import type * as C from "./client/index.ts";`,
    "",
    "declare const api: Api;",
    "",
    "export async function useEverything(): Promise<void> {",
    ...body.map((line) => `  ${line}`),
    "}",
    "",
  ].join("\n");
}

class ConsumerWriter {
  #count = 0;

  constructor(private readonly index: ModelIndex) {}

  fresh(prefix: string): string {
    return `${prefix}${this.#count++}`;
  }

  freshType(): string {
    return `T${this.#count++}`;
  }

  operation(call: string, operation: OperationModel): string[] {
    const params = operation.parameters;
    const full = params.length === 0
      ? ""
      : `{ ${
        params.map((p) =>
          `${optionKey(p.in, p.name)}: ${this.value(p.type, "full")}`
        ).join(", ")
      } }`;
    const required = params.filter((p) => p.required);
    const minimal = required.length === 0
      ? ""
      : `{ ${
        required.map((p) =>
          `${optionKey(p.in, p.name)}: ${this.value(p.type, "minimal")}`
        )
          .join(", ")
      } }`;
    const result = this.fresh("r");
    const lines = [`const ${result} = await ${call}(${full});`];
    const { type, nullable } = operation.result;
    if (nullable) {
      lines.push(`if (${result} !== undefined) {`);
      lines.push(...this.read(result, type, new Set()).map((l) => `  ${l}`));
      lines.push("}");
    } else {
      lines.push(...this.read(result, type, new Set()));
    }
    lines.push(`await ${call}(${minimal});`);
    return lines;
  }

  /** Statements that read every part of `expr`, a value of `type`. */
  read(expr: string, type: TypeRef, shapes: ReadonlySet<string>): string[] {
    switch (type.kind) {
      case "void":
        return [];
      case "primitive":
      case "enum":
        return [`const ${this.fresh("v")}: ${this.leafType(type)} = ${expr};`];
      case "array": {
        const item = this.fresh("e");
        return [
          `for (const ${item} of ${expr}) {`,
          ...this.read(item, type.element, shapes).map((l) => `  ${l}`),
          "}",
        ];
      }
      case "map": {
        const item = this.fresh("e");
        return [
          `for (const ${item} of Object.values(${expr})) {`,
          ...this.read(item, type.value, shapes).map((l) => `  ${l}`),
          "}",
        ];
      }
      case "fetched": {
        if (shapes.has(type.key)) return [];
        const shape = this.index.shape(type.key)?.shape;
        if (shape === undefined) throw new Error(`no shape ${type.key}`);
        return this.properties(
          expr,
          shape.type.properties,
          new Set([...shapes, type.key]),
        );
      }
      case "object":
        return this.properties(expr, type.properties, shapes);
      case "static": {
        const definition = this.index.staticType(type.name);
        if (definition === undefined) throw new Error(`no type ${type.name}`);
        if (definition.union !== undefined) {
          throw new Error(`the consumer does not read unions (${type.name})`);
        }
        const bindings = new Map(
          definition.typeParameters.map((name, i) => [name, type.args[i]!]),
        );
        return this.properties(
          expr,
          definition.properties.map((p) => ({
            ...p,
            type: substituteTypeParameters(p.type, bindings),
          })),
          shapes,
        );
      }
      default:
        throw new Error(`the consumer does not read ${type.kind} results`);
    }
  }

  properties(
    expr: string,
    properties: readonly PropertyModel[],
    shapes: ReadonlySet<string>,
  ): string[] {
    const lines: string[] = [];
    for (const p of properties) {
      const at = `${expr}.${p.name}`;
      if (isLeaf(p.type)) {
        lines.push(
          `const ${this.fresh("v")}: ${this.leafType(p.type)}${
            p.optional ? " | undefined" : ""
          } = ${at};`,
        );
        continue;
      }
      const v = this.fresh("v");
      lines.push(`const ${v} = ${at};`);
      const inner = this.read(v, p.type, shapes);
      if (p.optional) {
        lines.push(
          `if (${v} !== undefined) {`,
          ...inner.map((l) => `  ${l}`),
          "}",
        );
      } else {
        lines.push(...inner);
      }
    }
    return lines;
  }

  leafType(type: TypeRef): string {
    if (type.kind === "primitive") {
      return type.name === "integer" ? "number" : type.name;
    }
    if (type.kind === "enum") return `C.${type.name}`;
    throw new Error(`not a leaf: ${type.kind}`);
  }

  /** A request value of `type`: every property, or only the required ones. */
  value(type: TypeRef, mode: "full" | "minimal"): string {
    switch (type.kind) {
      case "primitive":
        return type.name === "string"
          ? `"s"`
          : type.name === "boolean"
          ? "true"
          : "1";
      case "enum": {
        const first = this.index.enum(type.name)?.values[0]?.value;
        if (first === undefined) throw new Error(`no enum ${type.name}`);
        return JSON.stringify(first);
      }
      case "array":
        return `[${this.value(type.element, mode)}]`;
      case "map":
        return `{ k: ${this.value(type.value, mode)} }`;
      case "static": {
        const definition = this.index.staticType(type.name);
        if (definition === undefined || definition.union !== undefined) {
          throw new Error(`the consumer does not write ${type.name}`);
        }
        const bindings = new Map(
          definition.typeParameters.map((name, i) => [name, type.args[i]!]),
        );
        const props = definition.properties.filter((p) =>
          mode === "full" || !p.optional
        );
        return `{ ${
          props.map((p) =>
            `${p.name}: ${
              this.value(substituteTypeParameters(p.type, bindings), mode)
            }`
          ).join(", ")
        } }`;
      }
      case "file":
        return "new Blob()";
      default:
        throw new Error(`the consumer does not write ${type.kind} values`);
    }
  }
}

function isLeaf(type: TypeRef): boolean {
  return type.kind === "primitive" || type.kind === "enum";
}

/** The option key of a parameter: its name, `body` for the body. */
function optionKey(location: string, name: string): string {
  return location === "body" ? "body" : name;
}
