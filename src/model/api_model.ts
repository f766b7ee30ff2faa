/**
 * The ApiModel: everything the emitters need to know about a server's API,
 * as plain JSON-serializable data. The analyzer produces it; every emitter
 * (TypeScript, Java, OpenAPI) consumes it and nothing else.
 *
 * Ordering is part of the contract, so output is deterministic:
 * services, entities, enums and static types are sorted by name; shapes by
 * key; operations, parameters and properties keep source order.
 *
 * @module
 */

/** Version of the model's layout; bumped on any incompatible change. */
export const API_MODEL_VERSION = 1;

/** Where a declaration is, for messages and generated-file headers. */
export interface SourceLocation {
  /** Path relative to the project root, with `/` separators. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
}

/** The whole API of one project (or one group selection of it). */
export interface ApiModel {
  readonly version: typeof API_MODEL_VERSION;
  /** Every group name used anywhere in the project, sorted. */
  readonly groups: readonly string[];
  /**
   * One per controller taking part, sorted by name. Implicit mode
   * (`@EnableImplicitApi()` on any class): every controller and route except
   * `@ApiIgnore()` ones. Explicit mode: the routes whose class AND method
   * both carry `@Api` (and neither `@ApiIgnore()`). A controller left without
   * routes is not listed.
   */
  readonly services: readonly ServiceModel[];
  /** Fetched shapes per entity, sorted by entity name. */
  readonly dtos: readonly EntityDtoModel[];
  /** Entities returned or accepted without `FetchBy`, sorted by name. */
  readonly dynamicEntities: readonly DynamicEntityModel[];
  /** Enums referred to, sorted by name. */
  readonly enums: readonly EnumModel[];
  /** Page, Tuple2, hybrid types and other named object types, sorted by name. */
  readonly staticTypes: readonly StaticTypeModel[];
  /**
   * Errors that operations declare with `@Throws`, sorted by family, then
   * code; absent when no operation declares any.
   */
  readonly errors?: readonly ErrorModel[];
}

/** A model with nothing in it: no group, no service, no type. */
export function emptyModel(): ApiModel {
  return {
    version: API_MODEL_VERSION,
    groups: [],
    services: [],
    dtos: [],
    dynamicEntities: [],
    enums: [],
    staticTypes: [],
  };
}

/** HTTP methods of operations. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A controller as the client sees it. */
export interface ServiceModel {
  /** Client-side name: `BookController` -> `BookService`. */
  readonly name: string;
  /** Name of the controller class. */
  readonly controller: string;
  readonly doc?: string;
  readonly source: SourceLocation;
  /** Operations in source order. */
  readonly operations: readonly OperationModel[];
}

/** One HTTP method of a controller. */
export interface OperationModel {
  /** Method name, unique within its service. */
  readonly name: string;
  readonly httpMethod: HttpMethod;
  /** Full path (controller prefix + route) with `{name}` variables. */
  readonly path: string;
  /** Doc comment text without tags. */
  readonly doc?: string;
  /** Effective groups: the method's own, else its class's; empty = no group. */
  readonly groups: readonly string[];
  /** Parameters in source order, without ignored ones. */
  readonly parameters: readonly ParameterModel[];
  /**
   * `ApiIgnore<T>` parameters, which the server fills (its `inject` option);
   * absent when there are none. Clients never see them.
   */
  readonly injected?: readonly InjectedParameterModel[];
  /** What a successful response carries. */
  readonly result: ResultModel;
  /**
   * Names of the errors `@Throws` declares (`ErrorModel.name`), in declared
   * order; absent when it declares none.
   */
  readonly errors?: readonly string[];
  readonly source: SourceLocation;
}

/**
 * Where a parameter travels. `part`: one part of a `multipart/form-data`
 * body (`RequestPart<T>`); an operation has parts or a body, never both.
 */
export type ParameterLocation = "path" | "query" | "header" | "body" | "part";

/** One parameter of an operation. */
export interface ParameterModel {
  /** Name of the method parameter (the TS client uses `body` as the key of bodies). */
  readonly name: string;
  readonly in: ParameterLocation;
  /** Wire name: path variable, query key, header name or part name. */
  readonly wireName: string;
  readonly type: TypeRef;
  /** False when the parameter has a default or admits undefined. */
  readonly required: boolean;
  /** The initializer's value, when it is a literal. */
  readonly defaultValue?: string | number | boolean;
  /** From the method's `@param` tag. */
  readonly doc?: string;
  /** Validation constraints of its type tags; absent when none. */
  readonly constraints?: Constraints;
  /**
   * The properties of an object query parameter (`RequestParam<Filter>`,
   * `type` a static type): each travels as one query parameter named after
   * it (see `flattenQuery`); absent for every other parameter.
   */
  readonly properties?: readonly PropertyModel[];
  /**
   * A fetcher the client chooses (`ClientFetcher<E>`): the parameter travels
   * as the query parameter `fetcherCode` (its text) or `fetcherId` (the id
   * of a persisted fetcher, see `clientFetcherParameters`); absent for every
   * other parameter.
   */
  readonly fetcher?: { readonly entity: string };
}

/** A parameter the server fills itself: `user: ApiIgnore<Principal>`. */
export interface InjectedParameterModel {
  /** Name of the method parameter. */
  readonly name: string;
  /** 0-based position among all the method's parameters. */
  readonly index: number;
  /** Name of `T` in `ApiIgnore<T>`: the key of the server's injector. */
  readonly type: string;
}

/** The result of an operation. */
export interface ResultModel {
  /** `{ kind: "void" }` for methods that return nothing. */
  readonly type: TypeRef;
  /** True when the result may be absent (empty body, `undefined` on the client). */
  readonly nullable: boolean;
}

/** Primitive value types. `integer` comes from the `Int` alias. */
export type PrimitiveName = "string" | "number" | "integer" | "boolean";

/** A reference to a type, usable in any position. */
export type TypeRef =
  | { readonly kind: "primitive"; readonly name: PrimitiveName }
  | { readonly kind: "void" }
  /** An uploaded file: only the type of a `part` parameter (`RequestPart<File>`). */
  | { readonly kind: "file" }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "array"; readonly element: TypeRef }
  /** A map with string keys: `Record<string, V>`, `Map<string, V>`. */
  | { readonly kind: "map"; readonly value: TypeRef }
  /** One fetched shape: `BookDto["BookController/SIMPLE_FETCHER"]`. */
  | {
    readonly kind: "fetched";
    readonly entity: string;
    /** Shape key, `<Owner>/<CONSTANT>` or `<Owner>/<CONSTANT>@<path>`. */
    readonly key: string;
  }
  /** An entity without `FetchBy`: `Dynamic_<Entity>`, every property optional. */
  | { readonly kind: "dynamic"; readonly entity: string }
  /** A named static type with type arguments: `Page<...>`, a hybrid type. */
  | {
    readonly kind: "static";
    readonly name: string;
    readonly args: readonly TypeRef[];
  }
  /** A type parameter of the enclosing static type. */
  | { readonly kind: "typeParameter"; readonly name: string }
  /** An inline object: a nested association inside a fetched shape. */
  | ObjectTypeRef;

/** An inline object type. */
export interface ObjectTypeRef {
  readonly kind: "object";
  /** The entity it is a shape of, when it is one. */
  readonly entity?: string;
  readonly properties: readonly PropertyModel[];
}

/** A property of an object type. */
export interface PropertyModel {
  readonly name: string;
  readonly type: TypeRef;
  /** Absent from the JSON when null (`name?: T`). */
  readonly optional: boolean;
  readonly doc?: string;
  /** Validation constraints of its type tags; absent when none. */
  readonly constraints?: Constraints;
}

/**
 * Validation constraints of a value, from the runtime's type tags
 * (`Minimum<1>`, `MaxLength<200>`...). The numeric ones hold for a number,
 * the length, pattern and format ones for a string, the item counts for an
 * array. Keys are in this order; the analyzer refused contradictions.
 */
export interface Constraints {
  /** `N <= value`. */
  readonly minimum?: number;
  /** `N < value`; never beside `minimum`. */
  readonly exclusiveMinimum?: number;
  /** `value <= N`. */
  readonly maximum?: number;
  /** `value < N`; never beside `maximum`. */
  readonly exclusiveMaximum?: number;
  /** Least string length (code points, as JSON Schema counts). */
  readonly minLength?: number;
  /** Greatest string length (code points, as JSON Schema counts). */
  readonly maxLength?: number;
  /** ECMAScript regular expression the string matches (unanchored). */
  readonly pattern?: string;
  /** JSON Schema format name: `email`, `uuid`, `uri`, `date`, `date-time`. */
  readonly format?: string;
  /** Least number of array items. */
  readonly minItems?: number;
  /** Greatest number of array items. */
  readonly maxItems?: number;
}

/** The fetched shapes of one entity: `model/dto/<Entity>Dto.ts`. */
export interface EntityDtoModel {
  readonly entity: string;
  readonly doc?: string;
  /** Sorted by key. */
  readonly shapes: readonly FetchedShapeModel[];
}

/** One (owner, fetcher) pair, or a named recursive part of one. */
export interface FetchedShapeModel {
  /** `<Owner>/<CONSTANT>`, plus `@<path>` for a recursive part. */
  readonly key: string;
  /** Simple name of the class declaring the constant. */
  readonly owner: string;
  /** Name of the fetcher constant. */
  readonly fetcher: string;
  /** Dotted property path of a recursive part (`childNodes`), else absent. */
  readonly path?: string;
  /** Doc comment of the fetcher constant. */
  readonly doc?: string;
  readonly type: ObjectTypeRef;
  /** Where the constant is declared. */
  readonly source: SourceLocation;
}

/** An entity returned without `FetchBy`: every property optional. */
export interface DynamicEntityModel {
  readonly entity: string;
  readonly doc?: string;
  /** Associations refer to other dynamic entities. */
  readonly properties: readonly PropertyModel[];
  /**
   * Properties a loaded object may lack (`?`, `| null`): optional in a
   * fetched shape. Absent when none.
   */
  readonly nullable?: readonly string[];
  /** `Computed<T>` properties, which `allScalarFields()` leaves out; absent when none. */
  readonly computed?: readonly string[];
}

/** A string enum (TS `enum` or string-literal union alias). */
export interface EnumModel {
  readonly name: string;
  readonly doc?: string;
  /** Values in source order. */
  readonly values: readonly EnumValueModel[];
}

/** One value of an enum. */
export interface EnumValueModel {
  readonly value: string;
  readonly doc?: string;
}

/** Where a static type comes from. */
export type StaticTypeOrigin =
  /** Page and Tuple2 of the runtime. */
  | "builtin"
  /** A custom class or interface of the project mixing in fetched entities. */
  | "hybrid"
  /** Another object type of the project: request bodies, plain results. */
  | "plain"
  /**
   * An `@Embeddable()` value class (and the embeddables it nests): what an
   * entity's embedded property holds, and what a fetcher selecting it whole
   * loads. The TypeScript client writes it to `model/embeddable/`.
   */
  | "embeddable";

/** A named object type, generic parameters kept. */
export interface StaticTypeModel {
  readonly name: string;
  readonly origin: StaticTypeOrigin;
  readonly doc?: string;
  readonly typeParameters: readonly string[];
  readonly properties: readonly PropertyModel[];
  /** Absent for builtins. */
  readonly source?: SourceLocation;
  /**
   * Set when the type is a discriminated union of other static types
   * (`type Promotion = PercentOff | FixedOff`); its `properties` and
   * `typeParameters` are then empty.
   */
  readonly union?: UnionModel;
  /**
   * Set when the type is a member of a discriminated union: its property
   * `property` always holds `value` (`kind: "percent"`).
   */
  readonly discriminator?: DiscriminatorValue;
}

/**
 * A discriminated union of static types: every member has the property
 * `discriminator`, whose type is a string literal of its own.
 */
export interface UnionModel {
  /** The property that tells the members apart: `kind`. */
  readonly discriminator: string;
  /** The members in source order. */
  readonly members: readonly UnionMemberModel[];
  /**
   * The members are the subclasses of an abstract class, found across the
   * project's files (so watch mode analyzes the whole project again).
   */
  readonly subclasses?: true;
}

/** One member of a {@link UnionModel}. */
export interface UnionMemberModel {
  /** The discriminator's value that selects this member: `"percent"`. */
  readonly value: string;
  /** Name of the member, a static type without type parameters. */
  readonly name: string;
}

/** The discriminator property of a union member and its constant value. */
export interface DiscriminatorValue {
  /** Name of the property: `kind`. */
  readonly property: string;
  /** Its only value: `"percent"`. */
  readonly value: string;
}

/**
 * A declared error: an `ApiError` subclass named by `@Throws`. Its answer is
 * `status` with the JSON body `{ family, code, ...properties }`.
 */
export interface ErrorModel {
  /** Name of the error class, unique among the model's type names. */
  readonly name: string;
  /** The class's `static family`, for example `"BOOK"`. */
  readonly family: string;
  /** The class's `static code`, for example `"NOT_FOUND"`. */
  readonly code: string;
  /** HTTP status of the answer, 400 to 599. */
  readonly status: number;
  readonly doc?: string;
  /** Fields of the body besides `family` and `code`, in declaration order. */
  readonly properties: readonly PropertyModel[];
  readonly source: SourceLocation;
}
