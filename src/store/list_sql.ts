/**
 * The SQL of a to-many association's `orderBy`, `limit` and `offset`
 * (`list_options.ts`), applied per parent in the association's one
 * statement per level: the children ranked within their parent by a window
 * function (`ROW_NUMBER() OVER (PARTITION BY <parent key> ORDER BY ...)`),
 * then only the ranks in `(offset, offset + limit]` kept. Both SQLite (3.25+)
 * and PostgreSQL run it as written.
 *
 * @module
 */

import type { ListSelection } from "../runtime/list_options.ts";
import type { ExecutionContext } from "./fetch_executor.ts";
import type { EntityTable } from "./schema.ts";
import { orderBy, TARGET } from "./statement_sql.ts";
import type { SqlParams } from "./where.ts";

const RANK = "@rank";
const RANKED = "ranked";

/** The `ORDER BY` terms of the children: the list's terms, the id last. */
export function childOrder(
  context: ExecutionContext,
  target: EntityTable,
  list: ListSelection | undefined,
): string {
  if (list === undefined || list.orderBy.length === 0) {
    return `${TARGET}.${context.dialect.quote(target.idColumn)}`;
  }
  return orderBy(
    context,
    target,
    list.orderBy.map((term) => ({
      property: term.prop,
      descending: term.desc === true,
    })),
  );
}

/** Whether the list keeps only some children of each parent. */
export function isWindowed(
  list: ListSelection | undefined,
): list is ListSelection {
  return list !== undefined &&
    (list.limit !== undefined || list.offset > 0);
}

/** The pieces of a children statement that {@link windowed} wraps. */
export interface ChildrenQuery {
  /** The select list, the parent key (`@owner`) included. */
  readonly columns: readonly string[];
  /** `FROM <table> t [JOIN ...] WHERE <parent key in the batch>`. */
  readonly from: string;
  /** The parent key expression the children are partitioned by. */
  readonly keyColumn: string;
  /** The key's alias in the select list. */
  readonly keyAlias: string;
  /** `ORDER BY` terms within a parent ({@link childOrder}). */
  readonly order: string;
}

/**
 * `SELECT * FROM (SELECT <columns>, ROW_NUMBER() OVER (PARTITION BY <key>
 * ORDER BY <order>) AS "@rank" <from>) ranked WHERE "@rank" > <offset>
 * [AND "@rank" <= <offset + limit>] ORDER BY "@owner", "@rank"`, its bounds
 * added to `params` (after the ones `from` already added).
 */
export function windowed(
  context: ExecutionContext,
  query: ChildrenQuery,
  list: ListSelection,
  params: SqlParams,
): string {
  const { dialect } = context;
  const rank = dialect.quote(RANK);
  const inner = `SELECT ${
    query.columns.join(", ")
  }, ROW_NUMBER() OVER (PARTITION BY ${query.keyColumn} ORDER BY ${query.order}) AS ${rank} ${query.from}`;
  const bounds = [`${RANKED}.${rank} > ${params.add(list.offset)}`];
  if (list.limit !== undefined) {
    bounds.push(
      `${RANKED}.${rank} <= ${params.add(list.offset + list.limit)}`,
    );
  }
  return `SELECT * FROM (${inner}) ${RANKED} WHERE ${
    bounds.join(" AND ")
  } ORDER BY ${RANKED}.${dialect.quote(query.keyAlias)}, ${RANKED}.${rank}`;
}
