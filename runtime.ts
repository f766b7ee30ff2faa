/**
 * Tailor's runtime half: entities, fetchers, controllers, the client
 * generation switches, shape projection and `HttpError`. No dependency:
 * server projects import their decorators from here, so type-checking them
 * never pulls in Hono or the analyzer. `mod.ts` re-exports all of it.
 *
 * @module
 */

export {
  Column,
  type ColumnOptions,
  type Computed,
  Entity,
  type EntityMetadata,
  entityMetadata,
  Formula,
  Id,
  type Int,
  isEntity,
  ManyToMany,
  type ManyToManyOptions,
  ManyToOne,
  type ManyToOneOptions,
  OneToMany,
  type PropertyMetadata,
} from "./src/runtime/entity.ts";
export {
  Embeddable,
  type EmbeddableMetadata,
  embeddableMetadata,
  Embedded,
  type EmbeddedOptions,
  isEmbeddable,
} from "./src/runtime/embeddable.ts";
export {
  type AnyFetcher,
  type AssociationOptions,
  embeddable,
  type Fetcher,
  fetcher,
  isFetcher,
  type Selection,
  type ShapeOf,
} from "./src/runtime/fetcher.ts";
export type {
  ListOptions,
  ListSelection,
  OrderTerm,
} from "./src/runtime/list_options.ts";
export {
  Api,
  ApiIgnore,
  type ClientFetcher,
  Controller,
  type ControllerMetadata,
  controllerMetadata,
  DefaultFetcherOwner,
  Delete,
  EnableImplicitApi,
  type FetchBy,
  type FetchedObject,
  Get,
  type HttpMethod,
  type Page,
  Patch,
  type PathVariable,
  Post,
  Put,
  type RequestBody,
  type RequestHeader,
  type RequestParam,
  type RequestPart,
  type RouteMetadata,
  type Tuple2,
} from "./src/runtime/api.ts";
export type { AnyClass } from "./src/runtime/metadata.ts";
export type {
  ConstraintFormat,
  ExclusiveMaximum,
  ExclusiveMinimum,
  Format,
  Maximum,
  MaxItems,
  MaxLength,
  Minimum,
  MinItems,
  MinLength,
  Pattern,
} from "./src/runtime/constraints.ts";
export {
  applyFetcher,
  type ApplyFetcherOptions,
  MAX_RECURSION_DEPTH,
} from "./src/runtime/apply_fetcher.ts";
export {
  compileFetcher,
  type CompileFetcherOptions,
  FetcherSyntaxError,
} from "./src/runtime/fetcher_compiler.ts";
export { canonicalFetcherText, fetcherId } from "./src/runtime/fetcher_id.ts";
export {
  DEFAULT_FETCHER_BUDGET,
  type FetcherBudget,
  FetcherBudgetError,
} from "./src/runtime/fetcher_budget.ts";
export { badRequest, HttpError } from "./src/runtime/http_error.ts";
export {
  ApiError,
  apiErrorBody,
  type ApiErrorClass,
  type ApiErrorType,
  declaredErrors,
  Throws,
} from "./src/runtime/api_error.ts";
