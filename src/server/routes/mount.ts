/**
 * Serves a project's controllers: every route of the server-scope model
 * mounted on Hono, parameters bound to their declared types, bodies
 * validated, multipart parts read (parts.ts), `ApiIgnore<T>` parameters
 * injected (before the body is read), results shaped by their fetchers. A
 * request that does not fit is a 400 with a JSON reason, a body over its
 * limit a 413 (body_reader.ts), a known path with another method a 405
 * with `Allow`; a handler's failure a 500 whose stack is logged, never sent.
 *
 * @module
 */

import { type Context, Hono, type MiddlewareHandler } from "hono";
import type {
  ApiModel,
  OperationModel,
  ParameterModel,
  StaticTypeModel,
} from "../../model/api_model.ts";
import type { AnyClass } from "../../runtime/metadata.ts";
import type { AnyFetcher } from "../../runtime/fetcher.ts";
import { shapedResult } from "./shape.ts";
import { bindSimple, type EnumValues } from "./bind.ts";
import { bindQueryObject } from "./bind_object.ts";
import { type BodyCheck, bodyChecks } from "./body_validator.ts";
import {
  ownerClasses,
  resolveFetcher,
  RouteTableError,
  shapeKeys,
} from "./fetchers.ts";
import { HttpError } from "../../runtime/http_error.ts";
import { allowedMethods, methodNotAllowed } from "../method_not_allowed.ts";
import { ClientFetchers } from "./client_fetchers.ts";
import type { FetcherManifest } from "../fetcher_manifest.ts";
import { shapePlan, type Shaper } from "./shape_plan.ts";
import { type NullRenderMode, nullTargets } from "../../emit/ts/null_mode.ts";
import { type AbsentResult, sendsNull } from "../../model/absent_result.ts";
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  type PartChecks,
  partChecks,
  readParts,
} from "./parts.ts";
import {
  DEFAULT_MAX_BODY_BYTES,
  type PayloadTooLargeBody,
  readBody,
} from "./body_reader.ts";

/** Fills an `ApiIgnore<T>` parameter from the request. */
export type Injector = (context: Context) => unknown;

/** Options of {@link controllerRoutes}. */
export interface ControllerRoutesOptions {
  /** The model in `"server"` scope: every route, injected parameters kept. */
  readonly model: ApiModel;
  /** One instance of every controller class of the model. */
  readonly controllers: readonly object[];
  /** Injectors keyed by the `T` of `ApiIgnore<T>` (`Principal`). */
  readonly inject?: Readonly<Record<string, Injector>>;
  /** Classes holding fetchers besides controllers and their default owners. */
  readonly fetcherOwners?: readonly AnyClass[];
  /**
   * Allow-list mode: `ClientFetcher<E>` parameters take only this
   * manifest's fetchers (by id or text), any other is a 403. Default: any
   * fetcher that compiles (on its budget).
   */
  readonly fetcherManifest?: FetcherManifest;
  /**
   * `orm.client.ts.null-render-mode`: with `null`, absent optional
   * properties of results are sent as `null`, as that mode's client types
   * and document say (default `undefined`: left out).
   */
  readonly nullRenderMode?: NullRenderMode;
  /**
   * Most bytes of a `multipart/form-data` body (operations with
   * `RequestPart<T>` parameters); a larger one is answered 413. Default
   * {@link DEFAULT_MAX_UPLOAD_BYTES} (10 MiB).
   */
  readonly maxUploadBytes?: number;
  /**
   * Most bytes of a JSON request body (`RequestBody<T>`); a larger one is
   * answered 413 before it is parsed. Default {@link DEFAULT_MAX_BODY_BYTES}
   * (1 MiB).
   */
  readonly maxBodyBytes?: number;
  /** Middleware run before each route's handler (the security check). */
  readonly guard?: MiddlewareHandler;
  /**
   * How an absent result is answered: `empty` (default: a 200 with an
   * empty body) or `null` (the JSON `null`, `application/json`).
   */
  readonly absentResult?: AbsentResult;
}

/** The 400 body of a value that does not fit its parameter. */
export interface BadRequestBody {
  readonly error: "bad-request";
  readonly parameter: string;
  readonly message: string;
}

/**
 * A Hono app answering every route of the model with the given controller
 * instances (mount it with `app.route("/", routes)`). Throws
 * {@link RouteTableError} when an instance, injector or fetcher is missing.
 */
export function controllerRoutes(options: ControllerRoutesOptions): Hono {
  const { model } = options;
  const instances = instancesByClass(model, options.controllers);
  const owners = ownerClasses(
    [...instances.values()].map((i) => i.constructor as AnyClass),
    options.fetcherOwners ?? [],
  );
  const statics = new Map<string, StaticTypeModel>(
    model.staticTypes.map((s) => [s.name, s]),
  );
  const enums: EnumValues = new Map(
    model.enums.map((e) => [e.name, new Set(e.values.map((v) => v.value))]),
  );
  const checks = bodyChecks(model);
  const dynamics = new Map(model.dynamicEntities.map((d) => [d.entity, d]));
  const nulls = nullTargets(model, options.nullRenderMode);
  const parts = partChecks(model);
  const clientFetchers = new ClientFetchers(model, options.fetcherManifest);
  const maxUploadBytes = byteLimit(
    "maxUploadBytes",
    options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  );
  const maxBodyBytes = byteLimit(
    "maxBodyBytes",
    options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  );
  const app = new Hono();
  const routes = model.services.flatMap((service) =>
    service.operations.map((operation) => ({ service, operation }))
  );
  // Literal segments before variables: `/authors/mostActive` wins over `/authors/{id}`.
  // One path's routes side by side.
  routes.sort((a, b) =>
    variableCount(a.operation.path) - variableCount(b.operation.path) ||
    compare(a.operation.path, b.operation.path)
  );
  const methods = new Map<string, string[]>();
  for (const [i, { service, operation }] of routes.entries()) {
    const instance = instances.get(service.controller)!;
    const fetchers = new Map(
      shapeKeys(operation.result.type, statics).map((key) => [
        key,
        resolveFetcher(key, owners),
      ]),
    );
    for (const injected of operation.injected ?? []) {
      if (options.inject?.[injected.type] === undefined) {
        throw new RouteTableError(
          `${service.controller}.${operation.name} takes ${injected.name}: ApiIgnore<${injected.type}>, but no injector is given: add inject: { ${injected.type}: (c) => ... }`,
        );
      }
    }
    const route: Route = {
      operation,
      handler: methodOf(instance, operation.name, service.controller),
      enums,
      clientFetchers,
      inject: options.inject ?? {},
      check: checks.get(`${operation.httpMethod} ${operation.path}`),
      parts: parts.get(`${operation.httpMethod} ${operation.path}`),
      maxBytes: operation.parameters.some((p) => p.in === "part")
        ? maxUploadBytes
        : maxBodyBytes,
      simple: (operation.injected ?? []).length === 0 &&
        operation.parameters.every((p) =>
          p.in === "path" || p.in === "query" || p.in === "header"
        ),
      absentAsNull: sendsNull(operation.result.type, options.absentResult),
      chosenSlot: clientFetcherSlot(operation),
      // Compiled once here: a request walks no type model.
      shape: shapePlan(shapedResult(operation), {
        fetcherOf: (key) => fetchers.get(key)!,
        statics,
        dynamics,
        nulls,
      }),
    };
    const path = operation.path.replace(/\{([^}]+)\}/g, ":$1");
    if (options.guard !== undefined) {
      app.on(operation.httpMethod, path, options.guard);
    }
    app.on(operation.httpMethod, path, (c) => answer(route, c));
    methods.set(path, [...methods.get(path) ?? [], operation.httpMethod]);
    const next = routes[i + 1]?.operation.path;
    if (next !== operation.path) {
      // After the path's routes, before those with more variables: a known
      // path with another method is a 405 (`DELETE /authors/mostActive`
      // is not `DELETE /authors/{id}`).
      const allowed = allowedMethods(methods.get(path)!);
      app.all(path, (c) => methodNotAllowed(c.req.method, allowed));
    }
  }
  return app;
}

interface Route {
  readonly operation: OperationModel;
  readonly handler: (...args: unknown[]) => unknown;
  readonly enums: EnumValues;
  readonly clientFetchers: ClientFetchers;
  readonly inject: Readonly<Record<string, Injector>>;
  readonly check: BodyCheck | undefined;
  readonly parts: PartChecks | undefined;
  /** Most bytes of the body (JSON or multipart). */
  readonly maxBytes: number;
  /** Only path, query and header parameters: bound without awaiting. */
  readonly simple: boolean;
  /** An absent result is the JSON `null` (else an empty body). */
  readonly absentAsNull: boolean;
  /** The argument position of the client fetcher, if the route takes one. */
  readonly chosenSlot: number | undefined;
  readonly shape: Shaper;
}

/**
 * The argument position of each parameter: injected ones keep theirs, the
 * others fill the free positions in order.
 */
function parameterSlots(operation: OperationModel): number[] {
  const taken = new Set((operation.injected ?? []).map((i) => i.index));
  const slots: number[] = [];
  let next = 0;
  for (const _ of operation.parameters) {
    while (taken.has(next)) next++;
    slots.push(next++);
  }
  return slots;
}

/** The argument position of the operation's client fetcher, if any. */
function clientFetcherSlot(operation: OperationModel): number | undefined {
  const index = operation.parameters.findIndex((p) => p.fetcher !== undefined);
  return index < 0 ? undefined : parameterSlots(operation)[index];
}

/** Thrown while binding; becomes the 400 answer. */
class BadRequest extends Error {
  readonly body: BadRequestBody;
  constructor(parameter: string, message: string) {
    super(message);
    this.body = { error: "bad-request", parameter, message };
  }
}

/** Thrown while reading a body over its limit; becomes the 413 answer. */
class PayloadTooLarge extends Error {
  readonly body: PayloadTooLargeBody;
  constructor(body: PayloadTooLargeBody) {
    super(body.message);
    this.body = body;
  }
}

async function answer(route: Route, c: Context): Promise<Response> {
  try {
    const args = route.simple
      ? simpleArguments(route, c)
      : await argumentsOf(route, c);
    const value = await route.handler(...args);
    const chosen = route.chosenSlot === undefined
      ? undefined
      : args[route.chosenSlot] as AnyFetcher;
    return respond(route, c, value, chosen);
  } catch (error) {
    if (error instanceof BadRequest) return c.json(error.body, 400);
    if (error instanceof PayloadTooLarge) return c.json(error.body, 413);
    if (error instanceof HttpError) {
      return new Response(JSON.stringify(error.body ?? null), {
        status: error.status >= 400 && error.status <= 599 ? error.status : 500,
        headers: { ...error.headers, "content-type": "application/json" },
      });
    }
    console.error(
      `${route.operation.httpMethod} ${route.operation.path} failed:`,
      error,
    );
    return c.json({ error: "internal" }, 500);
  }
}

async function argumentsOf(route: Route, c: Context): Promise<unknown[]> {
  const { operation } = route;
  const args: unknown[] = [];
  for (const injected of operation.injected ?? []) {
    args[injected.index] = await route.inject[injected.type]!(c);
  }
  const partParameters = operation.parameters.filter((p) => p.in === "part");
  const parts = partParameters.length > 0
    ? await readParts(
      operation,
      c.req.header("content-type") ?? "",
      await bodyBytes(route, c, partParameters[0]!.wireName),
      route.parts,
    )
    : undefined;
  if (parts?.ok === false) throw new BadRequest(parts.parameter, parts.message);
  const slots = parameterSlots(operation);
  for (const [i, parameter] of operation.parameters.entries()) {
    args[slots[i]!] = parameter.in === "body"
      ? await bodyOf(route, parameter, c)
      : parameter.in === "part"
      ? parts?.values.get(parameter.name)
      : bindParameter(route, parameter, c);
  }
  return args;
}

/**
 * The arguments of a {@link Route.simple} route, in parameter order; the
 * query is parsed once (`queries()` is what `queries(name)` indexes).
 */
function simpleArguments(route: Route, c: Context): unknown[] {
  const { parameters } = route.operation;
  const args = new Array<unknown>(parameters.length);
  let queries: Record<string, string[]> | undefined;
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i]!;
    if (parameter.fetcher !== undefined) {
      args[i] = route.clientFetchers.bind(
        parameter,
        (key) => (queries ??= c.req.queries())[key] ?? [],
      );
      continue;
    }
    if (parameter.properties !== undefined) {
      args[i] = bindObject(
        route,
        parameter,
        (key) => (queries ??= c.req.queries())[key] ?? [],
      );
      continue;
    }
    const raw = parameter.in === "query"
      ? (queries ??= c.req.queries())[parameter.wireName] ?? []
      : rawValues(parameter, c);
    args[i] = bindRaw(route, parameter, raw);
  }
  return args;
}

function rawValues(parameter: ParameterModel, c: Context): string[] {
  if (parameter.in === "path") return [c.req.param(parameter.wireName) ?? ""];
  if (parameter.in === "header") {
    const value = c.req.header(parameter.wireName);
    return value === undefined ? [] : [value];
  }
  return c.req.queries(parameter.wireName) ?? [];
}

function bindParameter(
  route: Route,
  parameter: ParameterModel,
  c: Context,
): unknown {
  if (parameter.fetcher !== undefined) {
    return route.clientFetchers.bind(
      parameter,
      (key) => c.req.queries(key) ?? [],
    );
  }
  if (parameter.properties !== undefined) {
    return bindObject(route, parameter, (key) => c.req.queries(key) ?? []);
  }
  return bindRaw(route, parameter, rawValues(parameter, c));
}

/** An object query parameter's value; a 400 naming the property that does not fit. */
function bindObject(
  route: Route,
  parameter: ParameterModel,
  query: (key: string) => readonly string[],
): unknown {
  const bound = bindQueryObject(parameter, query, route.enums);
  if (!bound.ok) throw new BadRequest(bound.parameter, bound.message);
  return bound.value;
}

function bindRaw(
  route: Route,
  parameter: ParameterModel,
  raw: readonly string[],
): unknown {
  const bound = bindSimple(parameter, raw, route.enums);
  if (!bound.ok) throw new BadRequest(parameter.wireName, bound.message);
  return bound.value;
}

/**
 * Whether a request's `content-type` may hold a JSON body: none given,
 * `application/json` or a `+json` type (any parameters).
 */
function isJsonType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[^/]+\+json$/.test(type);
}

async function bodyOf(
  route: Route,
  parameter: ParameterModel,
  c: Context,
): Promise<unknown> {
  const contentType = c.req.header("content-type");
  if (!isJsonType(contentType)) {
    throw new BadRequest(
      parameter.name,
      `the body must be JSON (content-type: application/json), not ${
        JSON.stringify(contentType!.slice(0, 80))
      }`,
    );
  }
  const text = new TextDecoder().decode(
    await bodyBytes(route, c, parameter.name),
  );
  if (text.trim() === "") {
    if (parameter.required) {
      throw new BadRequest(parameter.name, "the request body is required");
    }
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new BadRequest(
      parameter.name,
      `the body is not JSON: ${(error as Error).message}`,
    );
  }
  const problem = route.check?.(body);
  if (problem !== undefined) throw new BadRequest(parameter.name, problem);
  return body;
}

/** The body's bytes; throws the 413 or the 400 (cut off) answer. */
async function bodyBytes(
  route: Route,
  c: Context,
  parameter: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const read = await readBody(c.req.raw, route.maxBytes);
  if (read.ok) return read.bytes;
  if ("tooLarge" in read) throw new PayloadTooLarge(read.tooLarge);
  throw new BadRequest(parameter, read.unreadable);
}

function respond(
  route: Route,
  c: Context,
  value: unknown,
  chosen: AnyFetcher | undefined,
): Response {
  const { type } = route.operation.result;
  if (type.kind === "void") return c.body(null, 200);
  if (value === undefined || value === null) {
    return route.absentAsNull ? c.json(null) : c.body(null, 200);
  }
  if (type.kind === "primitive" && type.name === "string") {
    return c.text(String(value));
  }
  return c.json(route.shape(value, chosen) as object);
}

function instancesByClass(
  model: ApiModel,
  controllers: readonly object[],
): Map<string, object> {
  const instances = new Map<string, object>();
  for (const instance of controllers) {
    instances.set(instance.constructor.name, instance);
  }
  for (const service of model.services) {
    if (!instances.has(service.controller)) {
      throw new RouteTableError(
        `no instance of the controller ${service.controller} was given: add new ${service.controller}(...) to the controllers option`,
      );
    }
  }
  const known = new Set(model.services.map((s) => s.controller));
  for (const name of instances.keys()) {
    if (!known.has(name)) {
      throw new RouteTableError(
        `${name} is not a controller of the analyzed project (or has no routes): remove it from the controllers option`,
      );
    }
  }
  return instances;
}

function methodOf(
  instance: object,
  name: string,
  controller: string,
): (...args: unknown[]) => unknown {
  const method = (instance as Record<string, unknown>)[name];
  if (typeof method !== "function") {
    throw new RouteTableError(
      `${controller}.${name} is not a method of the given instance: rebuild the model from the current source`,
    );
  }
  return (...args) => method.apply(instance, args);
}

function byteLimit(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RouteTableError(
      `${name} must be a positive integer, got ${value}`,
    );
  }
  return value;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function variableCount(path: string): number {
  return (path.match(/\{/g) ?? []).length;
}
