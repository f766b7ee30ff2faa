/**
 * The component schemas of an OpenAPI document (naming rules in
 * emit_openapi.ts): fetched shapes, dynamic entities, static types per
 * instantiation and named inline objects, each registered once under a
 * unique name, recursion included.
 *
 * @module
 */

import type {
  ApiModel,
  ObjectTypeRef,
  PropertyModel,
  TypeRef,
  UnionModel,
} from "../../model/api_model.ts";
import { indexModel, type ModelIndex } from "../../model/model_index.ts";
import { substituteTypeParameters } from "../../model/type_refs.ts";
import { clientShapedEntities } from "../../model/client_shaped.ts";
import { MAX_INTEGER, MIN_INTEGER } from "../../model/constraints.ts";
import { NO_NULL_TARGETS, type NullTargets } from "../ts/null_mode.ts";
import {
  canonical,
  constrained,
  describe,
  ENUM_EXTENSION,
  GENERIC_EXTENSION,
  type Json,
  nullable,
  ref,
  shapeSchemaName,
} from "./schema_json.ts";
import {
  nullableUnion,
  setDiscriminatorValue,
  unionSchema,
} from "./union_schemas.ts";
import {
  type RegistryEvent,
  type RegistryState,
  replayEvents,
} from "./registry_replay.ts";

export {
  ENUM_EXTENSION,
  GENERIC_EXTENSION,
  type Json,
  shapeSchemaName,
} from "./schema_json.ts";

/** The schema of `null` alone, in OpenAPI 3.0 (no `type: "null"` there). */
const NULL_ONLY: Json = { type: "object", nullable: true, enum: [null] };

/** The schemas of one document, registered as types are met. */
export class SchemaRegistry {
  readonly #names: Map<string, string>;
  readonly #taken: Set<string>;
  readonly #schemas: Map<string, Json>;
  readonly #index: ModelIndex;
  readonly #nulls: NullTargets;
  /** Dynamic entities a client fetcher's answer can hold. */
  readonly #clientShaped: ReadonlySet<string>;
  #log: RegistryEvent[] | undefined;

  /**
   * @param model The model of the document.
   * @param nulls The types whose optional properties are required and
   *   nullable (`orm.client.ts.null-render-mode: null`).
   * @param state Components registered before (a {@link snapshot} of a
   *   registry of a model with the same types), taken over.
   */
  constructor(
    readonly model: ApiModel,
    nulls: NullTargets = NO_NULL_TARGETS,
    state?: RegistryState,
  ) {
    this.#index = indexModel(model);
    this.#nulls = nulls;
    this.#clientShaped = clientShapedEntities(model);
    this.#names = state?.names ?? new Map();
    this.#taken = state?.taken ?? new Set();
    this.#schemas = state?.schemas ?? new Map();
  }

  /** A copy of the components registered so far. */
  snapshot(): RegistryState {
    return {
      names: new Map(this.#names),
      taken: new Set(this.#taken),
      schemas: new Map(this.#schemas),
    };
  }

  /**
   * `run()`, recording every component it asks for (known or made, in
   * order): with the same types, what it returns depends on the answers
   * only, so {@link replay} of the events stands for running it again.
   */
  recording<T>(run: () => T): { value: T; events: RegistryEvent[] } {
    const outer = this.#log;
    const events: RegistryEvent[] = [];
    this.#log = events;
    try {
      return { value: run(), events };
    } finally {
      this.#log = outer;
    }
  }

  /**
   * Registers what `events` (recorded on a registry of a model with the same
   * types) made, if this registry gives every answer the recording got;
   * else changes nothing and returns false.
   */
  replay(events: readonly RegistryEvent[]): boolean {
    return replayEvents(events, {
      names: this.#names,
      taken: this.#taken,
      schemas: this.#schemas,
    });
  }

  /**
   * Registers the model's declarations in model order, so that their names
   * are the preferred ones whatever the operations refer to. The types of
   * object query parameters (`queryObjects`) travel as their properties,
   * one parameter each: they become components only where something else
   * refers to them.
   */
  declareComponents(queryObjects: ReadonlySet<string>): void {
    for (const dto of this.model.dtos) {
      for (const shape of dto.shapes) this.#fetched(dto.entity, shape.key);
    }
    for (const dyn of this.model.dynamicEntities) this.#dynamic(dyn.entity);
    for (const st of this.model.staticTypes) {
      if (st.typeParameters.length > 0 || queryObjects.has(st.name)) continue;
      this.#static(st.name, []);
    }
  }

  /** The schema of a parameter, body or result type (inline objects stay inline). */
  schema(type: TypeRef): Json {
    return this.#schema(type, undefined);
  }

  /**
   * Registers a component of the document's own (for example a declared
   * error): `make` builds it under the name it gets, `preferred` or that
   * with a numeric suffix when taken. Returns the name.
   */
  component(
    identity: string,
    preferred: string,
    make: (name: string) => Json,
  ): string {
    return this.#component(identity, preferred, make);
  }

  /**
   * A closed object schema of `properties`; inline objects among them become
   * components named after `name`.
   */
  objectSchema(
    properties: readonly PropertyModel[],
    name: string,
    description: string | undefined,
  ): Json {
    return this.#object(properties, name, new Map(), {
      ...(description === undefined ? {} : { description }),
    });
  }

  /**
   * `schema`, the schema of `type`, to be given siblings: a discriminated
   * union written in place of its reference (see `union_schemas.ts`).
   */
  unionInline(type: TypeRef, schema: Json): Json {
    const union = type.kind === "static"
      ? this.#index.staticType(type.name)?.union
      : undefined;
    return union === undefined ? schema : this.#union(union);
  }

  /** `schema`, the schema of `type`, admitting `null` too. */
  nullable(type: TypeRef, schema: Json): Json {
    const inline = this.unionInline(type, schema);
    return inline === schema ? nullable(schema) : nullableUnion(inline);
  }

  /**
   * A result's schema admitting `null` as every 3.0.3 reader takes it: a
   * `$ref` or a union becomes `anyOf` of itself and {@link NULL_ONLY}
   * (`nullable` beside `allOf`/`oneOf` admits null only for lenient readers:
   * 3.0.3 applies it to `type` alone, and the members still refuse null);
   * anything else is {@link nullable}.
   */
  nullableResult(type: TypeRef, schema: Json): Json {
    const inline = this.unionInline(type, schema);
    return "$ref" in schema || inline !== schema
      ? { anyOf: [inline, NULL_ONLY] }
      : nullable(schema);
  }

  /** Every registered schema, sorted by name. */
  components(): Map<string, Json> {
    return new Map(
      [...this.#schemas].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
    );
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
        // The server refuses integers past 2^53 - 1 (JSON.parse loses digits).
        return type.name === "integer"
          ? { type: "integer", minimum: MIN_INTEGER, maximum: MAX_INTEGER }
          : { type: type.name };
      case "void":
        return {};
      case "file":
        return { type: "string", format: "binary" };
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
            nulls: this.#nulls.shapes,
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
                nulls: this.#nulls.shapes,
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

  /**
   * A closed object schema. With `nulls`, optional properties are required
   * and nullable (the server sends them as `null`); with `keysOptional`,
   * no property is required (nullable ones stay nullable); with
   * `partialEmbeddables`, an embeddable property is one in part.
   */
  #object(
    properties: readonly PropertyModel[],
    name: string | undefined,
    bindings: ReadonlyMap<string, TypeRef>,
    extra: {
      description?: string;
      noRequired?: boolean;
      nulls?: boolean;
      keysOptional?: boolean;
      partialEmbeddables?: boolean;
    },
  ): Json {
    const out: Json = { type: "object" };
    if (extra.description !== undefined && extra.description !== "") {
      out.description = extra.description;
    }
    const nulls = extra.nulls === true;
    const required = extra.keysOptional || (extra.noRequired && !nulls)
      ? []
      : properties.filter((p) => nulls || !p.optional).map((p) => p.name);
    if (required.length > 0) out.required = required;
    const props = new Map<string, Json>();
    for (const p of properties) {
      const child = name === undefined ? undefined : `${name}_${p.name}`;
      const partial = extra.partialEmbeddables === true &&
          p.type.kind === "static" &&
          this.#index.staticType(p.type.name)?.origin === "embeddable"
        ? p.type.name
        : undefined;
      const schema = constrained(
        partial === undefined
          ? this.#schema(p.type, child, bindings)
          : ref(this.#partialEmbeddable(partial, nulls)),
        p.constraints,
      );
      props.set(
        p.name,
        describe(
          nulls && p.optional
            ? this.nullable(p.type, schema)
            : p.doc === undefined || p.doc === ""
            ? schema
            : this.unionInline(p.type, schema),
          p.doc,
        ),
      );
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
    if (known !== undefined) {
      this.#log?.push({ made: false, identity, name: known });
      return known;
    }
    let name = preferred;
    for (let n = 2; this.#taken.has(name); n++) name = `${preferred}_${n}`;
    this.#taken.add(name);
    this.#names.set(identity, name);
    const event: RegistryEvent = { made: true, identity, preferred, name };
    this.#log?.push(event);
    const json = make(name);
    event.json = json;
    this.#schemas.set(name, json);
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
          nulls: this.#nulls.shapes,
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
          // A client fetcher's answer has the keys it selects only, a
          // selected one without a value as null in null mode, and an
          // embeddable in part (`embeddable(Address).city()`).
          ...(this.#clientShaped.has(entity)
            ? {
              keysOptional: true,
              nulls: this.#nulls.shapes,
              partialEmbeddables: true,
            }
            : { nulls: this.#nulls.dynamics.has(entity) }),
        }),
    );
  }

  /**
   * An embeddable as a client fetcher may load it, in part
   * (`embeddable(Address).city()`): `Dynamic_<Name>`, no key required, its
   * embeddables in part too; `nulls`: a selected key without a value is
   * `null`.
   */
  #partialEmbeddable(typeName: string, nulls: boolean): string {
    const st = this.#index.staticType(typeName)!;
    return this.#component(
      `partial\n${typeName}\n${nulls}`,
      `Dynamic_${typeName}`,
      (name) =>
        this.#object(st.properties, name, new Map(), {
          ...(st.doc === undefined ? {} : { description: st.doc.trim() }),
          keysOptional: true,
          nulls,
          partialEmbeddables: true,
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
        const description = st.doc === undefined
          ? {}
          : { description: st.doc.trim() };
        if (st.union !== undefined) {
          return { ...description, ...this.#union(st.union) };
        }
        const bindings = new Map(
          st.typeParameters.map((p, i) => [p, args[i]!] as const),
        );
        const schema = this.#object(st.properties, name, bindings, {
          ...description,
          nulls: this.#nulls.statics.has(typeName),
        });
        if (st.discriminator !== undefined) {
          setDiscriminatorValue(schema, st.discriminator);
        }
        if (args.length > 0) {
          schema[GENERIC_EXTENSION] = { name: typeName, args: argNames };
        }
        return schema;
      },
    );
  }

  /** A discriminated union, its members registered. */
  #union(union: UnionModel): Json {
    return unionSchema(union, (member) => this.#static(member, []));
  }

  /** A name for a concrete type, used in names of generic instantiations. */
  #typeName(type: TypeRef): string {
    switch (type.kind) {
      case "primitive":
        return type.name;
      case "void":
        return "void";
      case "file":
        return "File";
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
