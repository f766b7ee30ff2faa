/**
 * The store: fetchers executed on SQL tables, on `node:sqlite` (default)
 * or PostgreSQL (`postgresDriver`), one batched statement per association
 * level.
 *
 * @module
 */

export {
  DEFAULT_MAX_PAGE_SIZE,
  type ListQuery,
  Store,
  type StoreFilter,
  type StoreOptions,
  type StoreWriter,
} from "./store.ts";
export type { EntityId, EntityRef, InsertValues } from "./insert_statement.ts";
export { StoreQueryError } from "./sort_code.ts";
export {
  type ConstraintKind,
  type ConstraintViolationBody,
  StoreConstraintError,
} from "./constraint_errors.ts";
export { FETCHER_CACHE_SIZE, FetcherCache } from "./fetcher_cache.ts";
export type { Where, WhereValue } from "./where.ts";
export { type ColumnType, type Dialect, sqliteDialect } from "./dialect.ts";
export { postgresDialect } from "./postgres_dialect.ts";
export {
  DEFAULT_BUSY_TIMEOUT_MS,
  type Driver,
  type Row,
  type Runner,
  sqliteDriver,
  type SqliteDriverOptions,
} from "./driver.ts";
export {
  DEFAULT_POOL_SIZE,
  postgresDriver,
  type PostgresDriverOptions,
} from "./postgres_driver.ts";
export {
  BUSY_RETRY_AFTER_SECONDS,
  databaseFile,
  isPostgresUrl,
  redactUrl,
  StoreBusyError,
  StoreOpenError,
  StoreSchemaError,
  StoreUnavailableError,
} from "./store_errors.ts";
export type { ColumnTypes, FormulaSql } from "./schema.ts";
export { effectiveBudget, withFetcherBudget } from "./request_budget.ts";
