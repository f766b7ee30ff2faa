/**
 * The SQL text of the executor's statements (`fetch_executor.ts`): the
 * `WITH` clause of filtered tables, select lists and `ORDER BY` terms, each
 * built once per fetcher or sort when the store keeps `QueryPieces`.
 *
 * @module
 */

import type { AnyFetcher } from "../runtime/fetcher.ts";
import type { ExecutionContext, RootQuery } from "./fetch_executor.ts";
import type { AssociationProperty, EntityTable } from "./schema.ts";
import type { SortTerm } from "./sort_code.ts";
import { selectedEmbeddedColumns } from "./embedded_columns.ts";
import { columnExpression, type SqlParams, whereConditions } from "./where.ts";

/** The alias of the table a statement selects from. */
export const TARGET = "t";

/** The column alias of a root statement's total row count. */
export const TOTAL_KEY = "@total";

/** The column alias of a many-to-one reference's foreign key. */
export const referenceKey = (property: string): string => `@ref.${property}`;

/**
 * `WITH` clauses that stand for every table whose global filter is active
 * (`WITH "book" AS (SELECT * FROM main."book" t WHERE t."tenant" = ?)`),
 * or "" when none is. Put first in a statement (its parameters come first),
 * they shadow the tables for ALL the statement's SQL: roots, associations,
 * join tables' targets and the SQL of formulas, which a condition added to
 * the root could not reach.
 */
export function filteredTables(
  context: ExecutionContext,
  params: SqlParams,
): string {
  const { schema, dialect } = context;
  const clauses: string[] = [];
  for (const table of schema.tables) {
    const filter = context.filter(table);
    if (filter === undefined) continue;
    const conditions = whereConditions(
      schema,
      dialect,
      table,
      TARGET,
      filter,
      params,
    );
    clauses.push(
      `${dialect.quote(table.name)} AS NOT MATERIALIZED (SELECT * FROM ${
        dialect.baseTable(table.name)
      } ${TARGET} ${whereClause(conditions)})`,
    );
  }
  return clauses.length === 0 ? "" : `WITH ${clauses.join(", ")}`;
}

/** `WHERE a AND b`, or nothing. */
export function whereClause(conditions: readonly string[]): string {
  return conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`;
}

/** `ORDER BY` terms of a sort, the id last (built once per sort). */
export function orderBy(
  context: ExecutionContext,
  table: EntityTable,
  sort: readonly SortTerm[],
): string {
  const build = () => orderTerms(context, table, sort);
  return context.pieces?.order(sort, build) ?? build();
}

function orderTerms(
  context: ExecutionContext,
  table: EntityTable,
  sort: readonly SortTerm[],
): string {
  const { schema, dialect } = context;
  const idProperty = table.metadata.idProperty;
  const terms = sort.some((term) => term.property === idProperty)
    ? sort
    : [...sort, { property: idProperty, descending: false }];
  return terms.map((term) =>
    `${columnExpression(schema, dialect, table, TARGET, term.property)} ${
      term.descending ? "DESC" : "ASC"
    }`
  ).join(", ");
}

/**
 * Select list of the fetcher's columns: id, selected scalars, selected
 * formulas, and the foreign keys of selected many-to-one associations (and
 * of `also`, a recursive one the next level needs).
 */
export function selectList(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  also?: AssociationProperty,
): string[] {
  const build = () => selectColumns(context, table, fetcher, also);
  return context.pieces?.select(fetcher, also?.name ?? "", build) ?? build();
}

function selectColumns(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  also?: AssociationProperty,
): string[] {
  const { schema, dialect } = context;
  const columns: string[] = [];
  const add = (property: string, key: string) =>
    columns.push(
      `${columnExpression(schema, dialect, table, TARGET, property)} AS ${
        dialect.quote(key)
      }`,
    );
  add(table.metadata.idProperty, table.metadata.idProperty);
  for (const [name, selection] of fetcher.selections) {
    const property = table.metadata.properties.get(name);
    if (property === undefined || name === table.metadata.idProperty) continue;
    if (selection.kind === "scalar") add(name, name);
    else if (selection.kind === "embedded" && property.kind === "embedded") {
      for (
        const { column, path } of selectedEmbeddedColumns(
          property,
          selection.child,
        )
      ) {
        columns.push(
          `${TARGET}.${dialect.quote(column)} AS ${
            dialect.quote(path.join("."))
          }`,
        );
      }
    } else if (isReference(property)) add(name, referenceKey(name));
  }
  if (also && isReference(also) && !fetcher.selections.has(also.name)) {
    add(also.name, referenceKey(also.name));
  }
  return columns;
}

function isReference(property: { kind: string; association?: string }) {
  return property.kind === "association" &&
    property.association === "many-to-one";
}

/** No sort terms: the id alone orders the rows. */
const NO_SORT: readonly SortTerm[] = [];

/**
 * The statement of a root query of `fetcher` (its values added to `params`,
 * limit and offset last). Without filters and conditions, limit and offset
 * are its only values and its text depends on the fetcher, the sort and
 * which of the two there are: it is kept in the context's pieces.
 */
export function rootStatement(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  query: RootQuery,
  params: SqlParams,
): string {
  const { dialect } = context;
  const filtered = filteredTables(context, params);
  const where = query.where ?? {};
  const sort = query.sort ?? NO_SORT;
  const paging = () =>
    dialect.limitOffset(
      query.limit === undefined ? undefined : params.add(query.limit),
      query.offset === undefined ? undefined : params.add(query.offset),
    );
  const text = (tail: () => string) =>
    rootText(context, table, fetcher, query, params, filtered, tail);
  if (filtered !== "" || !isEmpty(where) || context.pieces === undefined) {
    return text(paging);
  }
  const tail = paging();
  // Whether there is a total, a limit, an offset: what else the text holds.
  const shape = (query.withTotal === true ? 4 : 0) +
    (query.limit === undefined ? 0 : 2) + (query.offset === undefined ? 0 : 1);
  return context.pieces.statement(fetcher, sort, shape, () => text(() => tail));
}

function rootText(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  query: RootQuery,
  params: SqlParams,
  filtered: string,
  tail: () => string,
): string {
  const { schema, dialect } = context;
  const from = `FROM ${dialect.quote(table.name)} ${TARGET}`;
  const conditions = () =>
    whereClause(
      whereConditions(
        schema,
        dialect,
        table,
        TARGET,
        query.where ?? {},
        params,
      ),
    );
  // The total as an uncorrelated subquery, run once: COUNT(*) OVER () would
  // make the engine sort every matching row instead of the page's.
  const totalColumn = query.withTotal === true
    ? `, (${
      ["SELECT COUNT(*)", from, conditions()].filter(Boolean).join(" ")
    }) AS ${dialect.quote(TOTAL_KEY)}`
    : "";
  const selectHead = () =>
    `SELECT ${selectList(context, table, fetcher).join(", ")}`;
  const head = context.pieces?.head(fetcher, selectHead) ?? selectHead();
  // Values in the text's order: filters, the total's conditions, the
  // conditions, then limit and offset (`tail`).
  return [
    filtered,
    `${head}${totalColumn} ${from}`,
    conditions(),
    `ORDER BY ${orderBy(context, table, query.sort ?? NO_SORT)}`,
    tail(),
  ].filter(Boolean).join(" ");
}

/** Whether a condition object has no condition. */
function isEmpty(where: object): boolean {
  for (const _ in where) return false;
  return true;
}
