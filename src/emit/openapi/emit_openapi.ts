/**
 * The OpenAPI 3.0.3 document (YAML) of an ApiModel: DESIGN §6, spec §1.6 and
 * §4.3. A pure function of its input: no I/O, no clock, stable ordering, so
 * the same model gives byte-identical text.
 *
 * Choices, kept in one place:
 *
 * - Every successful response is `200`: `text/plain` with a string schema
 *   for a string result (the server sends the text), `application/json`
 *   otherwise.
 * - A nullable result's schema admits `null` for every reader: `nullable:
 *   true` beside a `type`, or (a `$ref`, a union) `anyOf` of it and
 *   `{ type: object, nullable: true, enum: [null] }`. With `absentResult: "null"` the server sends an absent one as
 *   the JSON `null`, which that schema admits: the document is exact. By
 *   default (`empty`) it sends an empty body without a content type: the
 *   description says so and `x-tailor-nullable: true` marks it (OpenAPI
 *   3.0 cannot say "maybe empty"; a validator that knows the mark reads
 *   the empty body as `null`). A string result is empty in both modes.
 * - A `void` result is a `200` without content. Every operation also has a
 *   `default` response, `#/components/responses/Error` (a body a handler
 *   or injector throws, `HttpError`, or the 500 `{ error: "internal" }`).
 * - Error responses per status (error_responses.ts): the errors declared
 *   with `@Throws` and the server's own bodies the operation can answer
 *   (server_errors.ts: 400, 404, 413, 422, 503), one of them when they
 *   share a status.
 * - Request headers the server reads outside the methods' signatures
 *   (`requestHeaders`, `orm.client.request-headers`) are
 *   `components.parameters` referenced by every path item.
 * - operationId is the method name; a name used by several services is
 *   suffixed with `_<ServiceName>` on every one of them (never on one only,
 *   so the result does not depend on which service comes first).
 * - Schemas: fetched shapes `<Entity>_<Owner>_<CONSTANT>` (a recursive part
 *   `..._<path>`, dots as `_`), inline nested objects `<parent>_<prop>`,
 *   `Dynamic_<Entity>` (no `required`), non-generic static types by name,
 *   generic ones per instantiation (`Page_<arg>`, `Tuple2_<a>_<b>`) with an
 *   `x-tailor-generic` hint. Objects are closed (`additionalProperties:
 *   false`); `required` lists the non-optional properties, omitted if empty.
 * - `RequestPart<T>` parameters make one `multipart/form-data` request body
 *   (multipart.ts): a property per part, files `format: binary`, other parts
 *   with `encoding` `application/json`.
 * - Enums are inline everywhere (`type: string`, `enum`), no enum
 *   components; `x-tailor-enum` names the enum.
 * - `nullRenderMode: "null"` (`orm.client.ts.null-render-mode`): the
 *   optional properties of fetched shapes and of the static and dynamic
 *   types no operation receives are required and `nullable: true` (a `$ref`
 *   as `nullable: true` beside `allOf: [$ref]`), as the server then sends
 *   them: `null` validates, a missing key does not.
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
 * Modules: this file builds the paths and operations; schemas.ts the
 * component schemas; openapi_yaml.ts writes the YAML.
 *
 * @module
 */

import { clientShapedEntities } from "../../model/client_shaped.ts";
import { flattenQuery, queryObjectTypes } from "../../model/query_object.ts";
import { multipartRequestBody } from "./multipart.ts";
import type {
  ApiModel,
  OperationModel,
  ParameterModel,
  ServiceModel,
} from "../../model/api_model.ts";
import { errorResponses } from "./error_responses.ts";
import { toYaml } from "./openapi_yaml.ts";
import { constrained } from "./schema_json.ts";
import { type Json, SchemaRegistry } from "./schemas.ts";
import type { RegistryState } from "./registry_replay.ts";
import type { DocumentExtras } from "./document_extras.ts";
import {
  type NullRenderMode,
  type NullTargets,
  nullTargets,
} from "../ts/null_mode.ts";
import { type FileMemo, NO_MEMO, sameValue } from "../file_memo.ts";
import { type AbsentResult, sendsNull } from "../../model/absent_result.ts";

import {
  docFields,
  openApiOperationIds,
  requestHeaderParameters,
  resultMediaType,
} from "./operation_fields.ts";

export {
  docSummary,
  openApiOperationIds,
  resultMediaType,
} from "./operation_fields.ts";
export {
  ENUM_EXTENSION,
  GENERIC_EXTENSION,
  shapeSchemaName,
} from "./schemas.ts";

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
  /** Servers, security, schemes, contact and licence, as configured. */
  readonly extras?: DocumentExtras;
  /** `null`: optional response properties are required and nullable. */
  readonly nullRenderMode?: NullRenderMode;
  /** How the server answers an absent result (default `empty`). */
  readonly absentResult?: AbsentResult;
  /**
   * Headers the server reads outside the methods' signatures
   * (`orm.client.request-headers`): a header parameter of every path.
   */
  readonly requestHeaders?: readonly string[];
}

/** The OpenAPI version written in the document. */
export const OPENAPI_VERSION = "3.0.3";

/** Name of the shared error response in `components.responses`. */
export const ERROR_RESPONSE = "Error";

/**
 * Extension on a `200` response whose body may be empty (nullable result),
 * beside its `nullable: true` schema.
 */
export const NULLABLE_EXTENSION = "x-tailor-nullable";

const METHOD_ORDER = ["get", "put", "post", "delete", "patch"] as const;

/**
 * The OpenAPI document of a model, as YAML text. `memo` may hand back the
 * operations, component schemas and YAML text made before (see
 * {@link buildOpenApiDocument}).
 */
export function emitOpenApi(
  model: ApiModel,
  options: EmitOpenApiOptions,
  memo: FileMemo = NO_MEMO,
): string {
  return toYaml(
    buildOpenApiDocument(model, options, memo),
    memo === NO_MEMO
      ? undefined
      : (node, indent, make) =>
        indent.length > KEPT_YAML_INDENT
          ? make()
          : memo.reuse("openapi yaml", node, [indent], make),
  );
}

/**
 * The deepest indentation of the YAML text a memo keeps: that of operations
 * (`paths` / path / method / operation) and component schemas (`components`
 * / `schemas` / name / schema), the parts a later document takes over.
 * Deeper nodes are taken over within them; keeping their text too would
 * only cost the first render.
 */
const KEPT_YAML_INDENT = 6;

/**
 * The OpenAPI document of a model as a plain object (Maps for user-named
 * keys, so that a name like `"1"` keeps its place). {@link emitOpenApi}
 * serializes exactly this.
 *
 * With a `memo`, a model with the same types (DTOs, dynamic entities,
 * enums, static types, errors: equal values but for their `source`; the
 * same null targets) as one built before takes over the component schemas
 * its types declare,
 * and an operation built before (the same object, service name and
 * operationId) is taken over with the components it made when the
 * components it met have the same names now (see `SchemaRegistry.replay`).
 * The objects taken over are shared, never mutated.
 */
export function buildOpenApiDocument(
  model: ApiModel,
  options: EmitOpenApiOptions,
  memo: FileMemo = NO_MEMO,
): Json {
  return new OpenApiBuilder(
    model,
    memo,
    options.nullRenderMode,
    options.absentResult ?? "empty",
  ).build(options);
}

/** What the component schemas of a model's types are made of. */
interface DocumentTypes {
  readonly types: readonly (readonly object[])[];
  readonly nulls: NullTargets;
  /** The types of object query parameters (`queryObjectTypes`). */
  readonly queryObjects: readonly string[];
  /** The dynamic entities of client fetchers' answers (`clientShapedEntities`). */
  readonly clientShaped: readonly string[];
}

function documentTypes(model: ApiModel, nulls: NullTargets): DocumentTypes {
  const { dtos, dynamicEntities, enums, staticTypes, errors = [] } = model;
  return {
    types: [dtos, dynamicEntities, enums, staticTypes, errors],
    nulls,
    queryObjects: queryObjectTypes(model),
    clientShaped: [...clientShapedEntities(model)],
  };
}

/**
 * Whether two models' types make the same schemas: the same values but for
 * where they are declared (`source`, which the document does not show: an
 * edit above a declaration moves it), the same null targets.
 */
function sameTypes(a: DocumentTypes, b: DocumentTypes): boolean {
  return a.types.every((list, i) => {
    const other = b.types[i]!;
    return list.length === other.length &&
      list.every((item, j) => sameValue(item, other[j], NOT_SHOWN));
  }) && sameValue(a.nulls, b.nulls) &&
    a.queryObjects.join() === b.queryObjects.join() &&
    a.clientShaped.join() === b.clientShaped.join();
}

/** Properties of the model the document does not show. */
const NOT_SHOWN: ReadonlySet<string> = new Set(["source"]);

class OpenApiBuilder {
  /** Schema name per identity (what the schema stands for). */
  readonly #schemas: SchemaRegistry;
  /** The model's types, the same object as before when they are the same. */
  readonly #types: DocumentTypes;

  constructor(
    readonly model: ApiModel,
    readonly memo: FileMemo,
    nullRenderMode: NullRenderMode | undefined,
    readonly absentResult: AbsentResult,
  ) {
    const nulls = nullTargets(model, nullRenderMode);
    this.#types = memo.stable(
      "openapi types",
      documentTypes(model, nulls),
      sameTypes,
    );
    const declared: RegistryState = memo.reuse(
      "openapi",
      this.#types,
      [],
      () => {
        const registry = new SchemaRegistry(model, nulls);
        registry.declareComponents(new Set(this.#types.queryObjects));
        return registry.snapshot();
      },
    );
    this.#schemas = new SchemaRegistry(model, nulls, {
      names: new Map(declared.names),
      taken: new Set(declared.taken),
      schemas: new Map(declared.schemas),
    });
  }

  build(options: EmitOpenApiOptions): Json {
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
        item[method] = this.#operationOf(
          service,
          op,
          ids.get(`${service.name}.${op.name}`)!,
        );
        paths.set(op.path, item);
      }
    }
    const headers = options.requestHeaders ?? [];
    const headerRefs = headers.map((name) => ({
      $ref: `#/components/parameters/${name}`,
    }));
    for (const [path, item] of paths) {
      const methods = METHOD_ORDER.filter((m) => m in item);
      // The same object as before when its operations are: its YAML is kept.
      paths.set(
        path,
        this.memo.reuse(
          "openapi path",
          item[methods[0]!] as Json,
          [path, ...headers, ...methods.flatMap((m) => [m, item[m]])],
          () => ({
            ...Object.fromEntries(methods.map((m) => [m, item[m]])),
            ...(headerRefs.length === 0 ? {} : { parameters: headerRefs }),
          }),
        ),
      );
    }

    const info: Json = { title: options.info.title };
    if (
      options.info.description !== undefined && options.info.description !== ""
    ) {
      info.description = options.info.description;
    }
    info.version = String(options.info.version);
    const extras = options.extras ?? {};
    if (extras.contact !== undefined) info.contact = extras.contact;
    if (extras.license !== undefined) info.license = extras.license;

    return {
      openapi: OPENAPI_VERSION,
      info,
      ...(extras.servers === undefined ? {} : { servers: extras.servers }),
      ...(extras.security === undefined ? {} : { security: extras.security }),
      tags: this.model.services.map((s) =>
        s.doc === undefined || s.doc.trim() === ""
          ? { name: s.name }
          : { name: s.name, description: s.doc.trim() }
      ),
      paths,
      // The same object as before when equal: its YAML is kept.
      components: this.memo.stable("openapi components", {
        schemas: this.#schemas.components(),
        ...(extras.securitySchemes === undefined
          ? {}
          : { securitySchemes: extras.securitySchemes }),
        ...(headers.length === 0
          ? {}
          : { parameters: requestHeaderParameters(headers) }),
        responses: {
          [ERROR_RESPONSE]: {
            description:
              'Another failure: a JSON body a handler or an injector throws (`HttpError`), or the 500 `{ "error": "internal" }`.',
            content: { "application/json": { schema: {} } },
          },
        },
      }, sameValue),
    };
  }

  /** {@link #operation}, or the one built before (see the memo's rules). */
  #operationOf(service: ServiceModel, op: OperationModel, id: string): Json {
    return this.memo.reuse(
      "openapi",
      op,
      [service.name, id, this.#types, this.absentResult],
      () => this.#schemas.recording(() => this.#operation(service, op, id)),
      (kept) => this.#schemas.replay(kept.events),
    ).value;
  }

  #operation(service: ServiceModel, op: OperationModel, id: string): Json {
    const out: Json = { tags: [service.name], ...docFields(op.doc) };
    out.operationId = id;
    const params = op.parameters.filter((p) =>
      p.in !== "body" && p.in !== "part"
    );
    const bodies = op.parameters.filter((p) => p.in === "body");
    const parts = op.parameters.filter((p) => p.in === "part");
    if (bodies.length > 1) {
      throw new Error(`${service.name}.${op.name} has several request bodies`);
    }
    if (params.length > 0) {
      out.parameters = params.flatMap(flattenQuery).map((p) =>
        this.#parameter(p)
      );
    }
    const body = bodies[0];
    if (body !== undefined) {
      const requestBody: Json = {};
      if (body.doc !== undefined && body.doc !== "") {
        requestBody.description = body.doc;
      }
      requestBody.required = body.required;
      requestBody.content = {
        "application/json": { schema: this.#schemas.schema(body.type) },
      };
      out.requestBody = requestBody;
    } else if (parts.length > 0) {
      out.requestBody = multipartRequestBody(
        parts,
        (type) => this.#schemas.schema(type),
      );
    }
    const ok: Json = {};
    const { type, nullable: mayBeAbsent } = op.result;
    if (type.kind === "void") {
      ok.description = "Success, without a body.";
    } else {
      const schema = this.#schemas.schema(type);
      const empty = mayBeAbsent && !sendsNull(type, this.absentResult);
      ok.description = !mayBeAbsent
        ? "Success."
        : empty
        ? "Success. When the result is absent, the body is empty, without a content type (the client gets `undefined`)."
        : "Success; `null` when the result is absent (the client gets `undefined`).";
      ok.content = {
        [resultMediaType(type)]: {
          schema: mayBeAbsent
            ? this.#schemas.nullableResult(type, schema)
            : schema,
        },
      };
      if (empty) ok[NULLABLE_EXTENSION] = true;
    }
    out.responses = {
      "200": ok,
      ...Object.fromEntries(errorResponses(op, this.#schemas)),
      default: { $ref: `#/components/responses/${ERROR_RESPONSE}` },
    };
    return out;
  }

  #parameter(p: ParameterModel): Json {
    const out: Json = { name: p.wireName, in: p.in };
    if (p.doc !== undefined && p.doc !== "") out.description = p.doc;
    out.required = p.in === "path" ? true : p.required;
    let schema = constrained(this.#schemas.schema(p.type), p.constraints);
    if (p.defaultValue !== undefined) {
      schema = "$ref" in schema
        ? { allOf: [schema], default: p.defaultValue }
        : { ...schema, default: p.defaultValue };
    }
    out.schema = schema;
    return out;
  }
}
