/**
 * The embedded store: entities in SQL tables (SQLite through `node:sqlite`
 * by default), read with fetchers. `find`, `list` and `page` return exactly
 * the fetcher's shape (`ShapeOf<F>`), so a controller can hand the result
 * to a `FetchBy` of the same fetcher.
 *
 * @module
 */

import type { Page } from "../runtime/api.ts";
import {
  type AnyFetcher,
  isFetcher,
  type ShapeOf,
} from "../runtime/fetcher.ts";
import type { AnyClass } from "../runtime/metadata.ts";
import {
  checkBudget,
  type FetcherBudget,
  isClientFetcher,
} from "../runtime/fetcher_budget.ts";
import { effectiveBudget } from "./request_budget.ts";
import { checkOffset, LoadMeter } from "./load_meter.ts";
import { StoreSchemaError, StoreTimeoutError } from "./store_errors.ts";
import type { EntityMetadata } from "../runtime/entity.ts";
import { type Dialect, sqliteDialect } from "./dialect.ts";
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type Driver,
  type Row,
  type Runner,
  sqliteDriver,
} from "./driver.ts";
import {
  type ExecutionContext,
  loadRoots,
  type RootQuery,
} from "./fetch_executor.ts";
import { filteredTables, whereClause } from "./statement_sql.ts";
import { QueryPieces } from "./query_pieces.ts";
import {
  type EntityId,
  insertPlan,
  type InsertValues,
  type RowReference,
} from "./insert_statement.ts";
import {
  propertyOfColumn,
  StoreConstraintError,
  violationOf,
} from "./constraint_errors.ts";
import {
  buildSchema,
  type ColumnDefinition,
  type ColumnTypes,
  type EntityTable,
  type FormulaSql,
  type Schema,
  schemaPlan,
} from "./schema.ts";
import { parseSortCode, type SortTerm, StoreQueryError } from "./sort_code.ts";
import { SqlParams, type Where, whereConditions } from "./where.ts";

/**
 * A condition added to every query of an entity (roots and associations),
 * evaluated at each query: for example the current request's tenant.
 * `where` returning undefined filters nothing.
 */
export interface StoreFilter {
  /** The filtered entity. */
  readonly entity: AnyClass;
  /** The conditions now, or undefined for none. */
  where(): Where | undefined;
}

/** What the store may write before anyone reads: seeding. */
export interface StoreWriter {
  /** Same as {@link Store.insert}. */
  insert<E>(entity: AnyClass<E>, values: InsertValues<E>): Promise<EntityId>;
  /** Same as {@link Store.count}. */
  count<E>(entity: AnyClass<E>, where?: Where<E>): Promise<number>;
}

/** Options of {@link Store}. */
export interface StoreOptions {
  /** Entities to store; entities their associations reach are added. */
  readonly entities: readonly AnyClass[];
  /** SQLite database file, created when missing. Default `:memory:`. */
  readonly path?: string;
  /**
   * How long a statement waits for a lock another process holds before it
   * fails with a StoreBusyError (a 503). Default 5000 (SQLite driver only).
   */
  readonly busyTimeoutMs?: number;
  /** Declared column types, keyed `"Entity.property"` (booleans need one). */
  readonly columnTypes?: ColumnTypes;
  /**
   * Formula SQL of this store, keyed `"Entity.property"`, in place of the
   * `@Formula`'s: for a formula whose SQL differs on this store's engine.
   */
  readonly formulas?: FormulaSql;
  /** Conditions added to every query of their entity. */
  readonly filters?: readonly StoreFilter[];
  /**
   * Fills the tables once they exist (check `count` to seed only once).
   * Creating the tables and seeding are one transaction holding the write
   * lock: a crash leaves all of it or none, and two processes opening one
   * file seed it once.
   */
  readonly seed?: (writer: StoreWriter) => Promise<void>;
  /** Called with every statement run (logging, tests). */
  readonly onStatement?: (sql: string, params: readonly unknown[]) => void;
  /**
   * Another engine, or options of its own: its driver (default:
   * `sqliteDriver` on `path`; `postgresDriver(url)` for PostgreSQL).
   */
  readonly driver?: Driver;
  /** The SQL to write (default: the driver's, else SQLite's). */
  readonly dialect?: Dialect;
  /**
   * The work budget of fetchers compiled from client text (`compileFetcher`):
   * objects and JSON bytes of one answer. Per limit, the tighter of this and
   * the server's (`createServer({ fetcherBudget })`) applies; default
   * `DEFAULT_FETCHER_BUDGET` (10,000 objects, 1 MiB). Server fetchers have
   * no budget.
   */
  readonly fetcherBudget?: Partial<FetcherBudget>;
  /**
   * The statement time limit of a read (`find`, `list`, `page`): once its
   * statements have run this long, it stops before the next one
   * with a StoreTimeoutError (503 `store-timeout`, `Retry-After`). Give the
   * same value to `postgresDriver`, whose server also cancels one statement
   * at it (`statement_timeout`); `node:sqlite` cannot interrupt a running
   * statement. Seeding has no limit. Default
   * `DEFAULT_STATEMENT_TIMEOUT_MS` (500).
   */
  readonly statementTimeoutMs?: number;
  /** Largest `pageSize` of {@link Store.page}. Default {@link DEFAULT_MAX_PAGE_SIZE}. */
  readonly maxPageSize?: number;
}

/** Default of {@link StoreOptions.maxPageSize}. */
export const DEFAULT_MAX_PAGE_SIZE = 1000;

/** Criteria of {@link Store.list}. */
export interface ListQuery<E> {
  /** Conditions on the entity's columns. */
  readonly where?: Where<E>;
  /** A sort code, `name asc, edition desc`. */
  readonly orderBy?: string;
  /** Maximum number of rows. */
  readonly limit?: number;
  /** Rows to skip. */
  readonly offset?: number;
}

/** Sort codes a store keeps parsed before it starts over. */
const SORT_CACHE_SIZE = 256;

type EntityOf<F> = F extends { readonly entity: AnyClass<infer E> } ? E
  : never;

/**
 * Entities in SQL tables, read with fetchers. Tables are created (if
 * missing) and seeded before the first read; every method waits for that.
 */
export class Store {
  readonly #schema: Schema;
  readonly #dialect: Dialect;
  readonly #driver: Driver;
  readonly #filters: ReadonlyMap<AnyClass, StoreFilter>;
  readonly #onStatement: StoreOptions["onStatement"];
  readonly #ready: Promise<void>;
  /** Set once `#ready` has resolved: no need to wait for it again. */
  #isReady = false;
  readonly #context: ExecutionContext;
  /** Parsed sort codes by table and code (bounded: codes come from clients). */
  readonly #sorts = new Map<EntityMetadata, Map<string, SortTerm[]>>();
  readonly #maxPageSize: number;
  readonly #fetcherBudget: Partial<FetcherBudget> | undefined;
  readonly #statementTimeoutMs: number;
  #statementCount = 0;

  /**
   * Opens the store; creating tables and seeding start at once.
   *
   * @throws TypeError when the entities' mapping is inconsistent.
   */
  constructor(options: StoreOptions) {
    this.#schema = buildSchema(
      options.entities,
      options.columnTypes,
      options.formulas,
    );
    this.#dialect = options.dialect ?? options.driver?.dialect ??
      sqliteDialect;
    this.#driver = options.driver ??
      sqliteDriver(options.path ?? ":memory:", {
        ...(options.busyTimeoutMs === undefined
          ? {}
          : { busyTimeoutMs: options.busyTimeoutMs }),
        ...(options.statementTimeoutMs === undefined
          ? {}
          : { statementTimeoutMs: options.statementTimeoutMs }),
      });
    this.#filters = new Map(
      (options.filters ?? []).map((filter) => [filter.entity, filter]),
    );
    this.#onStatement = options.onStatement;
    this.#maxPageSize = options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
    this.#fetcherBudget = options.fetcherBudget === undefined
      ? undefined
      : checkBudget(options.fetcherBudget, "the store's");
    this.#statementTimeoutMs = options.statementTimeoutMs ??
      DEFAULT_STATEMENT_TIMEOUT_MS;
    if (
      !Number.isSafeInteger(this.#statementTimeoutMs) ||
      this.#statementTimeoutMs < 1
    ) {
      throw new TypeError(
        `statementTimeoutMs must be a positive integer, got ${this.#statementTimeoutMs}`,
      );
    }
    if (!Number.isSafeInteger(this.#maxPageSize) || this.#maxPageSize < 1) {
      throw new TypeError(
        `maxPageSize must be a positive integer, got ${this.#maxPageSize}`,
      );
    }
    this.#context = {
      schema: this.#schema,
      dialect: this.#dialect,
      run: (sql, params) => this.#run(sql, params),
      filter: (table) => this.#filters.get(table.metadata.type)?.where(),
      pieces: new QueryPieces(),
    };
    this.#ready = this.#initialize(options.seed);
    // A failure is reported by ready() and every method.
    this.#ready.then(() => this.#isReady = true, () => {});
  }

  /** Number of SQL statements run so far (DDL and seeding included). */
  get statementCount(): number {
    return this.#statementCount;
  }

  /** Resolves once tables exist and seeding is done; rejects if it failed. */
  ready(): Promise<void> {
    return this.#ready;
  }

  /** The entity with this id in the fetcher's shape, or undefined. */
  async find<F extends AnyFetcher>(
    fetcher: F,
    id: EntityId,
  ): Promise<ShapeOf<F> | undefined> {
    if (!this.#isReady) await this.#ready;
    if (typeof id !== "number" && typeof id !== "string") {
      throw new StoreQueryError("id", "an id is a number or a string");
    }
    const idProperty = this.#schema.table(entityOf(fetcher)).metadata
      .idProperty;
    const { objects } = await this.#load(fetcher, {
      where: { [idProperty]: id },
    });
    return objects[0] as ShapeOf<F> | undefined;
  }

  /**
   * Entities matching `where`, sorted by `orderBy` (then by id), in the
   * fetcher's shape.
   *
   * @throws StoreQueryError for an unknown field or a negative or
   * fractional limit or offset.
   */
  async list<F extends AnyFetcher>(
    fetcher: F,
    query: ListQuery<EntityOf<F>> = {},
  ): Promise<ShapeOf<F>[]> {
    if (!this.#isReady) await this.#ready;
    const { objects } = await this.#load(fetcher, {
      ...(query.where === undefined ? {} : { where: query.where }),
      sort: this.#sort(entityOf(fetcher), query.orderBy ?? "", "orderBy"),
      ...(query.limit === undefined
        ? {}
        : { limit: checkCount("limit", query.limit, 0) }),
      ...(query.offset === undefined
        ? {}
        : { offset: this.#offset(checkCount("offset", query.offset, 0)) }),
    });
    return objects as ShapeOf<F>[];
  }

  /**
   * Page `pageIndex` (from 0) of `pageSize` entities sorted by `sortCode`
   * (spec syntax, then by id), with the total counts. One statement more
   * than `find` needs only for a page past the end.
   *
   * @throws StoreQueryError for a sort field that is not an id, scalar or
   * formula of the entity, a negative page index, a page size under 1 or
   * over `maxPageSize`, or a first row past 2^53 - 1.
   */
  async page<F extends AnyFetcher>(
    fetcher: F,
    pageIndex: number,
    pageSize: number,
    sortCode = "",
    where: Where<EntityOf<F>> = {} as Where<EntityOf<F>>,
  ): Promise<Page<ShapeOf<F>>> {
    if (!this.#isReady) await this.#ready;
    checkCount("pageIndex", pageIndex, 0);
    checkCount("pageSize", pageSize, 1, this.#maxPageSize);
    const offset = pageIndex * pageSize;
    if (!Number.isSafeInteger(offset)) {
      throw new StoreQueryError(
        "pageIndex",
        `pageIndex × pageSize must be at most ${Number.MAX_SAFE_INTEGER}, got ${pageIndex} × ${pageSize}`,
      );
    }
    this.#offset(offset);
    const type = entityOf(fetcher);
    const sort = this.#sort(type, sortCode);
    const { objects, total } = await this.#load(fetcher, {
      where,
      sort,
      limit: pageSize,
      offset,
      withTotal: true,
    });
    const totalRowCount = total ??
      (pageIndex === 0 ? 0 : await this.#count(type, where));
    return {
      rows: objects as ShapeOf<F>[],
      totalRowCount,
      totalPageCount: Math.ceil(totalRowCount / pageSize),
    };
  }

  /** Number of rows of an entity matching `where` (and its filter). */
  async count<E>(entity: AnyClass<E>, where?: Where<E>): Promise<number> {
    if (!this.#isReady) await this.#ready;
    return this.#count(entity, where);
  }

  /**
   * Inserts one entity and the join rows of its owning many-to-many
   * associations; returns its id.
   *
   * @throws StoreQueryError for a property that is not stored on this side.
   */
  async insert<E>(
    entity: AnyClass<E>,
    values: InsertValues<E>,
  ): Promise<EntityId> {
    if (!this.#isReady) await this.#ready;
    return this.#insert(entity, values);
  }

  /** Closes the database (a pool: once its statements are done). */
  close(): Promise<void> {
    return this.#driver.close();
  }

  /**
   * Opens the database, then creates the tables, adds the nullable columns
   * an existing table lacks (an entity that gained a property since the
   * database was made) and seeds, in one transaction.
   */
  async #initialize(seed: StoreOptions["seed"]): Promise<void> {
    const plan = schemaPlan(this.#schema, this.#dialect);
    await this.#driver.open?.();
    await this.#driver.transaction(async (runner) => {
      for (const sql of plan.statements) await this.#run(sql, [], runner);
      for (const [table, columns] of plan.columns) {
        await this.#addMissing(table, columns, runner);
      }
      await seed?.({
        insert: (entity, values) => this.#insert(entity, values, runner),
        count: (entity, where) => this.#count(entity, where, runner),
      });
    });
  }

  /**
   * Adds to `table` the nullable `columns` it lacks; a missing `NOT NULL`
   * one is a {@link StoreSchemaError} (its rows would have no value).
   */
  async #addMissing(
    table: string,
    columns: readonly ColumnDefinition[],
    runner: Runner,
  ): Promise<void> {
    const query = this.#dialect.columnsQuery;
    if (query === undefined) return;
    const rows = await this.#run(query, [table], runner);
    const present = new Set(rows.map((row) => row.name));
    for (const column of columns) {
      if (present.has(column.name)) continue;
      if (column.notNull) {
        throw new StoreSchemaError(table, column.name, column.property);
      }
      const q = this.#dialect.quote;
      await this.#run(
        `ALTER TABLE ${q(table)} ADD COLUMN ${column.sql}`,
        [],
        runner,
      );
    }
  }

  #run(
    sql: string,
    params: readonly unknown[],
    runner: Runner = this.#driver,
  ): Promise<Row[]> {
    this.#statementCount++;
    this.#onStatement?.(sql, params);
    const rows = runner.all(sql, params);
    if (!READ.test(sql)) return rows;
    // A value past a column's range (PostgreSQL's int4 and an id up to
    // 2^53 - 1) is in no row: a read finds nothing rather than failing.
    return rows.catch((error) => {
      if (violationOf(error)?.kind === "value") return [];
      throw error;
    });
  }

  /** Loads `fetcher`'s shape; a client fetcher on its budget. */
  #load(fetcher: AnyFetcher, query: RootQuery) {
    const meter = isClientFetcher(fetcher)
      ? new LoadMeter(effectiveBudget(this.#fetcherBudget))
      : undefined;
    return loadRoots(this.#timed(), fetcher, query, meter);
  }

  /**
   * The context of one read: each statement after its first starts only
   * while the read's statements have run less than `statementTimeoutMs`.
   */
  #timed(): ExecutionContext {
    const limit = this.#statementTimeoutMs;
    const started = performance.now();
    return {
      ...this.#context,
      run: (sql, params) =>
        performance.now() - started > limit
          ? Promise.reject(new StoreTimeoutError(limit))
          : this.#run(sql, params),
    };
  }

  /** Checks the rows a read skips against the budget; returns them. */
  #offset(offset: number): number {
    checkOffset(effectiveBudget(this.#fetcherBudget), offset);
    return offset;
  }

  /** {@link parseSortCode}, kept per table and code. */
  #sort(type: AnyClass, sortCode: string, argument?: string): SortTerm[] {
    const metadata = this.#schema.table(type).metadata;
    let sorts = this.#sorts.get(metadata);
    if (sorts === undefined) this.#sorts.set(metadata, sorts = new Map());
    // The argument only names errors, which are not kept.
    let sort = sorts.get(sortCode);
    if (sort === undefined) {
      sort = parseSortCode(metadata, sortCode, argument);
      if (sorts.size >= SORT_CACHE_SIZE) sorts.clear();
      sorts.set(sortCode, sort);
    }
    return sort;
  }

  async #count(
    entity: AnyClass,
    where: object = {},
    runner?: Runner,
  ): Promise<number> {
    const table = this.#schema.table(entity);
    const q = this.#dialect.quote;
    const params = new SqlParams(this.#dialect);
    const filtered = filteredTables(this.#context, params);
    const conditions = whereConditions(
      this.#schema,
      this.#dialect,
      table,
      "t",
      where,
      params,
    );
    const [row] = await this.#run(
      [
        filtered,
        `SELECT COUNT(*) AS ${q("count")} FROM ${q(table.name)} t`,
        whereClause(conditions),
      ].filter(Boolean).join(" "),
      params.values,
      runner,
    );
    return Number(row?.["count"] ?? 0);
  }

  async #insert(
    entity: AnyClass,
    values: object,
    runner?: Runner,
  ): Promise<EntityId> {
    const table = this.#schema.table(entity);
    const plan = insertPlan(this.#schema, this.#dialect, table, values);
    let row: Row | undefined;
    try {
      [row] = await this.#run(plan.row.sql, plan.row.params, runner);
    } catch (error) {
      throw await this.#refusal(error, table, plan.references, runner);
    }
    const id = row?.[table.idColumn] as EntityId;
    const idGiven =
      (values as Record<string, unknown>)[table.metadata.idProperty] !==
        undefined;
    const after = idGiven
      ? this.#dialect.afterGivenId(table.name, table.idColumn)
      : undefined;
    if (after !== undefined) await this.#run(after, [], runner);
    for (const pairs of plan.pairs(id)) {
      try {
        await this.#run(pairs.sql, pairs.params, runner);
      } catch (error) {
        const violation = violationOf(error);
        // The row exists: only a target of the pairs can be missing.
        throw violation === undefined ? error : new StoreConstraintError(
          table.metadata.name,
          violation.kind,
          pairs.property,
          violation.detail,
        );
      }
    }
    return id;
  }

  /**
   * The {@link StoreConstraintError} of a refused row insert naming its
   * property (SQLite does not name a foreign key's column: the first
   * reference whose row is missing is it), or `error` itself.
   */
  async #refusal(
    error: unknown,
    table: EntityTable,
    references: readonly RowReference[],
    runner?: Runner,
  ): Promise<unknown> {
    const violation = violationOf(error);
    if (violation === undefined) return error;
    let property = violation.column === undefined
      ? undefined
      : propertyOfColumn(this.#schema, table, violation.column);
    if (property === undefined && violation.kind === "foreign-key") {
      const q = this.#dialect.quote;
      for (const { target, id, property: name } of references) {
        const found = await this.#run(
          `SELECT 1 AS found FROM ${q(target.name)} WHERE ${
            q(target.idColumn)
          } = ${this.#dialect.placeholder(1)}`,
          [id],
          runner,
        ).catch(() => [{}]);
        if (found.length === 0) {
          property = name;
          break;
        }
      }
    }
    return new StoreConstraintError(
      table.metadata.name,
      violation.kind,
      property,
      violation.detail,
    );
  }
}

/** A statement that only reads. */
const READ = /^\s*(SELECT|WITH)\b/i;

function entityOf(fetcher: AnyFetcher): AnyClass {
  if (!isFetcher(fetcher)) throw new TypeError("the store needs a fetcher");
  return fetcher.entity;
}

/** Checks an integer argument is from `min` to `max`; returns it. */
function checkCount(
  argument: string,
  value: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new StoreQueryError(
      argument,
      `${argument} must be an integer of at least ${min}, got ${value}`,
    );
  }
  if (value > max) {
    throw new StoreQueryError(
      argument,
      `${argument} must be at most ${max}, got ${value}`,
    );
  }
  return value;
}
