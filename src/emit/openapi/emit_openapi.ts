/**
 * The OpenAPI 3.0.3 document (YAML) of an ApiModel: DESIGN §6, spec §1.6 and
 * §4.3. A pure function of its input: no I/O, no clock, stable ordering, so
 * the same model gives byte-identical text.
 *
 * Choices, kept in one place:
 *
 * - Every successful response is `200` with `application/json`, a string
 *   result too: the generated client's requester parses every body as JSON
 *   (spec §4.6), so the server sends a string as a JSON string value.
 * - A nullable result keeps the DTO schema; its `200` response says the body
 *   is empty when the result is absent and carries `x-tailor-nullable: true`
 *   (OpenAPI 3.0 cannot say "maybe empty" in a schema).
 * - A `void` result is a `200` without content. Every operation also has a
 *   `default` response, `#/components/responses/Error` (any JSON body: its
 *   structure is not specified, spec §7).
 * - operationId is the method name; a name used by several services is
 *   suffixed with `_<ServiceName>` on every one of them (never on one only,
 *   so the result does not depend on which service comes first).
 * - Schemas: fetched shapes `<Entity>_<Owner>_<CONSTANT>` (a recursive part
 *   `..._<path>`, dots as `_`), inline nested objects `<parent>_<prop>`,
 *   `Dynamic_<Entity>` (no `required`), non-generic static types by name,
 *   generic ones per instantiation (`Page_<arg>`, `Tuple2_<a>_<b>`) with an
 *   `x-tailor-generic` hint. Objects are closed (`additionalProperties:
 *   false`); `required` lists the non-optional properties, omitted if empty.
 * - Enums are inline everywhere (`type: string`, `enum`), no enum
 *   components; `x-tailor-enum` names the enum.
 * - A property's doc on a `$ref` is carried as `description` beside
 *   `allOf: [$ref]` (OpenAPI 3.0 ignores siblings of `$ref`).
 * - Doc comments: `summary` is the first sentence of the first line,
 *   `description` the whole text, left out when it equals the summary.
 * - Paths appear in the order of their first operation (services by name,
 *   operations in source order); methods within a path in the conventional
 *   order get, put, post, delete, patch; component schemas sorted by name.
 * - YAML: no anchors or aliases, no line folding, and every string that a
 *   YAML 1.1 reader would take for something else (`yes`, `on`, `N`, `~`,
 *   dates, numbers) is double-quoted.
 *
 * @module
 */

import { Document, Scalar, visit } from "yaml";
import type {
  ApiModel,
  FetchedShapeModel,
  ObjectTypeRef,
  OperationModel,
  ParameterModel,
  PropertyModel,
  ServiceModel,
  TypeRef,
} from "../../model/api_model.ts";
import { indexModel, type ModelIndex } from "../../model/model_index.ts";
import { substituteTypeParameters } from "../../model/type_refs.ts";

/** `info` of the document: `orm.client.openapi.properties.info.*`. */
export interface OpenApiInfo {
  readonly title: string;
  readonly description?: string;
  /** Always written as a string; a number from the config is accepted. */
  readonly version: string;
}

/** Options of {@link emitOpenApi}. */
export interface EmitOpenApiOptions {
  readonly info: OpenApiInfo;
}

/** The OpenAPI version written in the document. */
export const OPENAPI_VERSION = "3.0.3";

/** Name of the shared error response in `components.responses`. */
export const ERROR_RESPONSE = "Error";

/** Extension on a `200` response whose body may be empty (nullable result). */
export const NULLABLE_EXTENSION = "x-tailor-nullable";

/** Extension on the schema of a generic instantiation. */
export const GENERIC_EXTENSION = "x-tailor-generic";

/** Extension naming the enum of an inline enum schema. */
export const ENUM_EXTENSION = "x-tailor-enum";

/** A schema or other OpenAPI object under construction (insertion-ordered). */
type Json = { [key: string]: unknown };

const METHOD_ORDER = ["get", "put", "post", "delete", "patch"] as const;

/** The OpenAPI document of a model, as YAML text. */
export function emitOpenApi(
  model: ApiModel,
  options: EmitOpenApiOptions,
): string {
  return toYaml(buildOpenApiDocument(model, options));
}

/**
 * The OpenAPI document of a model as a plain object (Maps for user-named
 * keys, so that a name like `"1"` keeps its place). {@link emitOpenApi}
 * serializes exactly this.
 */
export function buildOpenApiDocument(
  model: ApiModel,
  options: EmitOpenApiOptions,
): Json {
  return new OpenApiBuilder(model).build(options);
}

/**
 * The operationId of every operation, keyed by `<ServiceName>.<method>`:
 * the method name, suffixed with `_<ServiceName>` when several services
 * have a method of that name.
 */
export function openApiOperationIds(model: ApiModel): Map<string, string> {
  const counts = new Map<string, number>();
  for (const service of model.services) {
    for (const op of service.operations) {
      counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const ids = new Map<string, string>();
  for (const service of model.services) {
    for (const op of service.operations) {
      let id = counts.get(op.name)! > 1
        ? `${op.name}_${service.name}`
        : op.name;
      for (let n = 2; taken.has(id); n++) {
        id = `${op.name}_${service.name}_${n}`;
      }
      taken.add(id);
      ids.set(`${service.name}.${op.name}`, id);
    }
  }
  return ids;
}

/** Schema name of a fetched shape: `<Entity>_<Owner>_<CONSTANT>[_<path>]`. */
export function shapeSchemaName(
  entity: string,
  shape: Pick<FetchedShapeModel, "owner" | "fetcher" | "path">,
): string {
  const base = `${entity}_${shape.owner}_${shape.fetcher}`;
  return shape.path === undefined
    ? base
    : `${base}_${shape.path.replaceAll(".", "_")}`;
}

/** Summary of a doc comment: the first sentence of its first line. */
export function docSummary(doc: string): string {
  const line = doc.trim().split(/\r?\n/, 1)[0]!.trim();
  const sentence = /^(.*?[.!?])(?=\s|$)/.exec(line);
  return sentence ? sentence[1]! : line;
}

/** Serializes a document: no aliases, no folding, YAML 1.1-safe strings. */
function toYaml(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && ambiguousIn11(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** Plain strings a YAML 1.1 reader (SnakeYAML, PyYAML) would not keep. */
function ambiguousIn11(text: string): boolean {
  return /^(?:[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|<<|=|)$/
    .test(text) ||
    /^[-+.]?[0-9]/.test(text) ||
    /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(text);
}

/** A deterministic text of a value, for identity keys of schemas. */
function canonical(value: unknown): string {
  if (value instanceof Map) {
    return `{${
      [...value].map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(
        ",",
      )
    }}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${
      Object.keys(value).sort().map((k) =>
        `${JSON.stringify(k)}:${canonical((value as Json)[k])}`
      ).join(",")
    }}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

const ref = (name: string): Json => ({
  $ref: `#/components/schemas/${name}`,
});

/** Puts `description` right after `type` (or first), or wraps a `$ref`. */
function describe(schema: Json, doc: string | undefined): Json {
  if (doc === undefined || doc === "") return schema;
  if ("$ref" in schema) return { description: doc, allOf: [schema] };
  const out: Json = {};
  if ("type" in schema) out.type = schema.type;
  out.description = doc;
  for (const [k, v] of Object.entries(schema)) {
    if (k !== "type" && k !== "description") out[k] = v;
  }
  return out;
}

/** Summary and description of a doc comment, in that key order. */
function docFields(doc: string | undefined): Json {
  if (doc === undefined || doc.trim() === "") return {};
  const summary = docSummary(doc);
  const description = doc.trim();
  return description === summary ? { summary } : { summary, description };
}

class OpenApiBuilder {
  /** Schema name per identity (what the schema stands for). */
  readonly #names = new Map<string, string>();
  readonly #taken = new Set<string>();
  readonly #schemas = new Map<string, Json>();
  readonly #index: ModelIndex;

  constructor(readonly model: ApiModel) {
    this.#index = indexModel(model);
  }

  build(options: EmitOpenApiOptions): Json {
    // Components first, in model order, so that their names are the
    // preferred ones whatever the operations refer to.
    for (const dto of this.model.dtos) {
      for (const shape of dto.shapes) this.#fetched(dto.entity, shape.key);
    }
    for (const dyn of this.model.dynamicEntities) this.#dynamic(dyn.entity);
    for (const st of this.model.staticTypes) {
      if (st.typeParameters.length === 0) this.#static(st.name, []);
    }

    const ids = openApiOperationIds(this.model);
    const paths = new Map<string, Json>();
    for (const service of this.model.services) {
      for (const op of service.operations) {
        const item = paths.get(op.path) ?? {};
        const method = op.httpMethod.toLowerCase();
        if (method in item) {
          throw new Error(
            `two operations for ${op.httpMethod} ${op.path} (${service.name}.${op.name})`,
          );
        }
        item[method] = this.#operation(
          service,
          op,
          ids.get(`${service.name}.${op.name}`)!,
        );
        paths.set(op.path, item);
      }
    }
    for (const [path, item] of paths) {
      const sorted: Json = {};
      for (const m of METHOD_ORDER) if (m in item) sorted[m] = item[m];
      paths.set(path, sorted);
    }

    const info: Json = { title: options.info.title };
    if (
      options.info.description !== undefined && options.info.description !== ""
    ) {
      info.description = options.info.description;
    }
    info.version = String(options.info.version);

    const schemas = new Map(
      [...this.#schemas].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
    );
    return {
      openapi: OPENAPI_VERSION,
      info,
      tags: this.model.services.map((s) =>
        s.doc === undefined || s.doc.trim() === ""
          ? { name: s.name }
          : { name: s.name, description: s.doc.trim() }
      ),
      paths,
      components: {
        schemas,
        responses: {
          [ERROR_RESPONSE]: {
            description:
              "Failure: any status other than 200. The body is the server's JSON error value; its structure is not specified.",
            content: { "application/json": { schema: {} } },
          },
        },
      },
    };
  }

  #operation(service: ServiceModel, op: OperationModel, id: string): Json {
    const out: Json = { tags: [service.name], ...docFields(op.doc) };
    out.operationId = id;
    const params = op.parameters.filter((p) => p.in !== "body");
    const bodies = op.parameters.filter((p) => p.in === "body");
    if (bodies.length > 1) {
      throw new Error(`${service.name}.${op.name} has several request bodies`);
    }
    if (params.length > 0) {
      out.parameters = params.map((p) => this.#parameter(p));
    }
    const body = bodies[0];
    if (body !== undefined) {
      const requestBody: Json = {};
      if (body.doc !== undefined && body.doc !== "") {
        requestBody.description = body.doc;
      }
      requestBody.required = body.required;
      requestBody.content = {
        "application/json": { schema: this.#schema(body.type, undefined) },
      };
      out.requestBody = requestBody;
    }
    const ok: Json = {};
    const { type, nullable } = op.result;
    if (type.kind === "void") {
      ok.description = "Success, without a body.";
    } else {
      ok.description = nullable
        ? "Success. The body is empty when the result is absent (the client gets `undefined`)."
        : "Success.";
      ok.content = {
        "application/json": { schema: this.#schema(type, undefined) },
      };
      if (nullable) ok[NULLABLE_EXTENSION] = true;
    }
    out.responses = {
      "200": ok,
      default: { $ref: `#/components/responses/${ERROR_RESPONSE}` },
    };
    return out;
  }

  #parameter(p: ParameterModel): Json {
    const out: Json = { name: p.wireName, in: p.in };
    if (p.doc !== undefined && p.doc !== "") out.description = p.doc;
    out.required = p.in === "path" ? true : p.required;
    let schema = this.#schema(p.type, undefined);
    if (p.defaultValue !== undefined) {
      schema = "$ref" in schema
        ? { allOf: [schema], default: p.defaultValue }
        : { ...schema, default: p.defaultValue };
    }
    out.schema = schema;
    return out;
  }

  /**
   * The schema of a type. `context` names inline objects (a component named
   * after where they are); without it they stay inline.
   */
  #schema(
    type: TypeRef,
    context: string | undefined,
    bindings: ReadonlyMap<string, TypeRef> = new Map(),
  ): Json {
    switch (type.kind) {
      case "primitive":
        return { type: type.name };
      case "void":
        return {};
      case "enum": {
        const e = this.#index.enum(type.name);
        if (e === undefined) throw new Error(`unknown enum ${type.name}`);
        const out: Json = { type: "string" };
        if (e.doc !== undefined && e.doc !== "") out.description = e.doc;
        out.enum = e.values.map((v) => v.value);
        out[ENUM_EXTENSION] = e.name;
        return out;
      }
      case "array":
        return {
          type: "array",
          items: this.#schema(type.element, context, bindings),
        };
      case "map":
        return {
          type: "object",
          additionalProperties: this.#schema(type.value, context, bindings),
        };
      case "fetched":
        return ref(this.#fetched(type.entity, type.key));
      case "dynamic":
        return ref(this.#dynamic(type.entity));
      case "static":
        return ref(
          this.#static(
            type.name,
            type.args.map((a) => substituteTypeParameters(a, bindings)),
          ),
        );
      case "typeParameter": {
        const bound = bindings.get(type.name);
        if (bound === undefined) {
          throw new Error(`unbound type parameter ${type.name}`);
        }
        return this.#schema(bound, context);
      }
      case "object": {
        if (context === undefined) {
          return this.#object(type.properties, undefined, bindings, {
            ...this.#entityDoc(type.entity),
          });
        }
        const concrete = substituteTypeParameters(
          type,
          bindings,
        ) as ObjectTypeRef;
        return ref(
          this.#component(
            `object\n${context}\n${canonical(concrete)}`,
            context,
            (name) =>
              this.#object(concrete.properties, name, new Map(), {
                ...this.#entityDoc(concrete.entity),
              }),
          ),
        );
      }
    }
  }

  #entityDoc(entity: string | undefined): { description?: string } {
    const doc = entity === undefined
      ? undefined
      : this.#index.entityDoc(entity);
    return doc === undefined ? {} : { description: doc };
  }

  /** A closed object schema. */
  #object(
    properties: readonly PropertyModel[],
    name: string | undefined,
    bindings: ReadonlyMap<string, TypeRef>,
    extra: { description?: string; noRequired?: boolean },
  ): Json {
    const out: Json = { type: "object" };
    if (extra.description !== undefined && extra.description !== "") {
      out.description = extra.description;
    }
    const required = extra.noRequired
      ? []
      : properties.filter((p) => !p.optional).map((p) => p.name);
    if (required.length > 0) out.required = required;
    const props = new Map<string, Json>();
    for (const p of properties) {
      const child = name === undefined ? undefined : `${name}_${p.name}`;
      props.set(p.name, describe(this.#schema(p.type, child, bindings), p.doc));
    }
    out.properties = props;
    out.additionalProperties = false;
    return out;
  }

  /**
   * The name of the component standing for `identity`, made with `make` on
   * first use. The name is reserved before `make` runs, so recursive
   * references resolve; a preferred name already standing for something
   * else gets a numeric suffix.
   */
  #component(
    identity: string,
    preferred: string,
    make: (name: string) => Json,
  ): string {
    const known = this.#names.get(identity);
    if (known !== undefined) return known;
    let name = preferred;
    for (let n = 2; this.#taken.has(name); n++) name = `${preferred}_${n}`;
    this.#taken.add(name);
    this.#names.set(identity, name);
    this.#schemas.set(name, make(name));
    return name;
  }

  #fetched(entity: string, key: string): string {
    const found = this.#index.shape(key);
    if (found === undefined || found.dto.entity !== entity) {
      throw new Error(`unknown fetched shape ${entity} ${key}`);
    }
    const { dto, shape } = found;
    return this.#component(
      `fetched\n${entity}\n${key}`,
      shapeSchemaName(entity, shape),
      (name) => {
        const docs = [dto.doc, shape.doc].filter((d): d is string =>
          d !== undefined && d.trim() !== ""
        ).map((d) => d.trim());
        return this.#object(shape.type.properties, name, new Map(), {
          ...(docs.length > 0 ? { description: docs.join("\n\n") } : {}),
        });
      },
    );
  }

  #dynamic(entity: string): string {
    const dyn = this.#index.dynamicEntity(entity);
    if (dyn === undefined) throw new Error(`unknown dynamic entity ${entity}`);
    return this.#component(
      `dynamic\n${entity}`,
      `Dynamic_${entity}`,
      (name) =>
        this.#object(dyn.properties, name, new Map(), {
          ...this.#entityDoc(entity),
          noRequired: true,
        }),
    );
  }

  /** A static type, instantiated with concrete `args`. */
  #static(typeName: string, args: readonly TypeRef[]): string {
    const st = this.#index.staticType(typeName);
    if (st === undefined) throw new Error(`unknown static type ${typeName}`);
    if (st.typeParameters.length !== args.length) {
      throw new Error(
        `${typeName} takes ${st.typeParameters.length} type arguments, not ${args.length}`,
      );
    }
    const argNames = args.map((a) => this.#typeName(a));
    const preferred = [typeName, ...argNames].join("_");
    return this.#component(
      `static\n${typeName}\n${canonical(args)}`,
      preferred,
      (name) => {
        const bindings = new Map(
          st.typeParameters.map((p, i) => [p, args[i]!] as const),
        );
        const schema = this.#object(st.properties, name, bindings, {
          ...(st.doc === undefined ? {} : { description: st.doc.trim() }),
        });
        if (args.length > 0) {
          schema[GENERIC_EXTENSION] = { name: typeName, args: argNames };
        }
        return schema;
      },
    );
  }

  /** A name for a concrete type, used in names of generic instantiations. */
  #typeName(type: TypeRef): string {
    switch (type.kind) {
      case "primitive":
        return type.name;
      case "void":
        return "void";
      case "enum":
        return type.name;
      case "array":
        return `Array_${this.#typeName(type.element)}`;
      case "map":
        return `Map_${this.#typeName(type.value)}`;
      case "fetched":
        return this.#fetched(type.entity, type.key);
      case "dynamic":
        return this.#dynamic(type.entity);
      case "static":
        return this.#static(type.name, type.args);
      case "typeParameter":
        throw new Error(`unbound type parameter ${type.name}`);
      case "object":
        return type.entity === undefined ? "Object" : `Object_${type.entity}`;
    }
  }
}
