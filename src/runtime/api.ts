/**
 * The API surface of a server: controller and route decorators, the client
 * generation switches (`@EnableImplicitApi`, `@Api`, `@ApiIgnore`), the
 * `FetchBy` marker and the parameter marker types.
 *
 * Decorators only record metadata; the analyzer reads the same declarations
 * from source, and the router reads this metadata at run time.
 *
 * @module
 */

import type { Int } from "./entity.ts";
import type { AnyFetcher, ShapeOf } from "./fetcher.ts";
import { type AnyClass, classRecord, recordOf } from "./metadata.ts";

/** HTTP methods a route may answer. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route of a controller, as its decorator recorded it. */
export interface RouteMetadata {
  /** Name of the controller method. */
  readonly method: string;
  readonly httpMethod: HttpMethod;
  /** Path below the controller prefix, with `{name}` variables. */
  readonly path: string;
}

/** Runtime description of a controller class. */
export interface ControllerMetadata {
  readonly type: AnyClass;
  readonly prefix: string;
  readonly routes: readonly RouteMetadata[];
  /** Groups of `@Api` on the class; undefined when the class has no `@Api`. */
  readonly apiGroups?: readonly string[];
  /** `@Api` groups per method; a method absent here has no `@Api`. */
  readonly methodApiGroups: ReadonlyMap<string, readonly string[]>;
  readonly apiIgnored: boolean;
  readonly ignoredMethods: ReadonlySet<string>;
}

type ClassDecorator = (value: AnyClass, context: ClassDecoratorContext) => void;
type MethodDecorator = (
  // deno-lint-ignore ban-types
  value: Function,
  context: ClassMethodDecoratorContext,
) => void;
type ClassOrMethodDecorator = (
  // deno-lint-ignore ban-types
  value: Function,
  context: ClassDecoratorContext | ClassMethodDecoratorContext,
) => void;

/** Normalizes `:id` path variables to `{id}` and removes a trailing slash. */
export function normalizePath(path: string): string {
  const braced = path.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}");
  const slashed = braced === "" || braced.startsWith("/")
    ? braced
    : "/" + braced;
  return slashed.length > 1 && slashed.endsWith("/")
    ? slashed.slice(0, -1)
    : slashed;
}

/** Marks a class as a controller; its routes are below `prefix`. */
export function Controller(prefix = ""): ClassDecorator {
  return (_value, context) => {
    recordOf(context.metadata).controllerPrefix = normalizePath(prefix);
  };
}

function route(httpMethod: HttpMethod, path: string): MethodDecorator {
  return (_value, context) => {
    if (context.static || typeof context.name !== "string") {
      throw new TypeError("Route decorators apply to public instance methods");
    }
    const record = recordOf(context.metadata);
    record.routes ??= [];
    record.routes.push(
      {
        method: context.name,
        httpMethod,
        path: normalizePath(path),
      } satisfies RouteMetadata,
    );
  };
}

/** Routes GET requests of `path` (below the controller prefix) to the method. */
export function Get(path = ""): MethodDecorator {
  return route("GET", path);
}

/** Routes POST requests of `path` to the method. */
export function Post(path = ""): MethodDecorator {
  return route("POST", path);
}

/** Routes PUT requests of `path` to the method. */
export function Put(path = ""): MethodDecorator {
  return route("PUT", path);
}

/** Routes PATCH requests of `path` to the method. */
export function Patch(path = ""): MethodDecorator {
  return route("PATCH", path);
}

/** Routes DELETE requests of `path` to the method. */
export function Delete(path = ""): MethodDecorator {
  return route("DELETE", path);
}

/**
 * Marks a controller or method for client generation (explicit mode), with
 * optional group names: `@Api()`, `@Api("g")`, `@Api(["a", "b"])`.
 */
export function Api(
  groups?: string | readonly string[],
): ClassOrMethodDecorator {
  const names = groups === undefined
    ? []
    : typeof groups === "string"
    ? [groups]
    : [...groups];
  return (_value, context) => {
    const record = recordOf(context.metadata);
    if (context.kind === "class") {
      record.apiGroups = names;
    } else {
      record.methodApiGroups ??= new Map();
      record.methodApiGroups.set(String(context.name), names);
    }
  };
}

/** Excludes a controller or method from client generation. */
export function ApiIgnore(): ClassOrMethodDecorator {
  return (_value, context) => {
    const record = recordOf(context.metadata);
    if (context.kind === "class") {
      record.apiIgnored = true;
    } else {
      record.ignoredMethods ??= new Set();
      record.ignoredMethods.add(String(context.name));
    }
  };
}

/** Turns on client generation for every controller and route (implicit mode). */
export function EnableImplicitApi(): ClassDecorator {
  return (_value, context) => {
    recordOf(context.metadata).enablesImplicitApi = true;
  };
}

/** Sets the owner of every `FetchBy<"CONSTANT">` inside the class. */
export function DefaultFetcherOwner(owner: AnyClass): ClassDecorator {
  return (_value, context) => {
    recordOf(context.metadata).defaultFetcherOwner = owner;
  };
}

/** The runtime description of a controller, or undefined for other classes. */
export function controllerMetadata(
  type: AnyClass,
): ControllerMetadata | undefined {
  const record = classRecord(type);
  if (record?.controllerPrefix === undefined) return undefined;
  return {
    type,
    prefix: record.controllerPrefix,
    routes: (record.routes ?? []) as RouteMetadata[],
    ...(record.apiGroups === undefined ? {} : { apiGroups: record.apiGroups }),
    methodApiGroups: record.methodApiGroups ?? new Map(),
    apiIgnored: record.apiIgnored ?? false,
    ignoredMethods: record.ignoredMethods ?? new Set(),
  };
}

/** Any object loaded by a fetcher the compiler cannot see (`FetchBy<"C">`). */
export type FetchedObject = { readonly [property: string]: unknown };

/**
 * Marks the shape of an entity reference in a returned type.
 *
 * - `FetchBy<typeof Owner.CONSTANT>`: preferred; it IS the fetcher's shape,
 *   so returning other data fails to type-check.
 * - `FetchBy<"CONSTANT", typeof Owner>`: the same, the constant named by string.
 * - `FetchBy<"CONSTANT">`: the owner is the class's `@DefaultFetcherOwner`,
 *   else the enclosing class; the compiler cannot check the shape.
 */
export type FetchBy<F, Owner = never> = [F] extends [AnyFetcher] ? ShapeOf<F>
  : [F] extends [string] ? (
      [Owner] extends [never] ? FetchedObject
        : F extends keyof Owner ? ShapeOf<Owner[F]>
        : never
    )
  : never;

/** A path variable: `id: PathVariable<Int>` binds `{id}` of the route. */
export type PathVariable<T> = T;

/** A query parameter; its default is the parameter's initializer. */
export type RequestParam<T> = T;

/** A request header named `Name` (the analyzer reads the name from source). */
export type RequestHeader<T, Name extends string> =
  & T
  & RequestHeaderBrand<Name>;

/** Keeps `Name` part of the type; adds nothing to the value. */
type RequestHeaderBrand<Name extends string> = Name extends string ? unknown
  : never;

/** The JSON request body. */
export type RequestBody<T> = T;

/**
 * One part of a `multipart/form-data` request: `T` is `File` for a file
 * (the server binds the uploaded `File`), or a JSON-able type for a JSON part
 * (validated like a body). The part is named `Name`, by default the
 * parameter's name (the analyzer reads it from source). A method takes
 * parts or a `RequestBody`, never both.
 */
export type RequestPart<T, Name extends string = string> =
  & T
  & RequestPartBrand<Name>;

/** Keeps `Name` part of the type; adds nothing to the value. */
type RequestPartBrand<Name extends string> = Name extends string ? unknown
  : never;

/** A parameter injected for the runtime only, not part of the API contract. */
export type ApiIgnore<T> = T;

/**
 * A fetcher of the entity `E` that the client chooses: `fetcher:
 * ClientFetcher<Book>`. The server reads it from the query, as text
 * (`?fetcherCode={ name }`) or as the id of a persisted fetcher
 * (`?fetcherId=<sha-256>`), compiles it once (cached), refuses a bad one with
 * a 400 naming its line and column (or an unlisted one with a 403 in
 * allow-list mode) and passes it to the method; it loads on the client
 * fetcher budget. The generated TypeScript client types the operation's
 * `E` result as exactly the shape of the fetcher it sends. Absent from the
 * request, it is `fetcher(E)`: the id alone.
 */
export type ClientFetcher<E extends object> = AnyFetcher<E>;

/** One page of a listing. */
export interface Page<T> {
  /** Rows of this page. */
  readonly rows: readonly T[];
  /** Number of rows in all pages. */
  readonly totalRowCount: Int;
  /** Number of pages. */
  readonly totalPageCount: Int;
}

/** A pair of values. */
export interface Tuple2<A, B> {
  readonly _1: A;
  readonly _2: B;
}
