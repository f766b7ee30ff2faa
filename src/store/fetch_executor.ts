/**
 * Executes a fetcher: one statement for the root rows (only the columns the
 * fetcher selects, formulas computed in SQL), then ONE batched statement per
 * association per level, whatever the number of rows, recursive selections
 * loaded level by level up to their depth.
 *
 * @module
 */

import { MAX_RECURSION_DEPTH } from "../runtime/apply_fetcher.ts";
import type { AnyFetcher, Selection } from "../runtime/fetcher.ts";
import type { Dialect } from "./dialect.ts";
import type { QueryPieces, ScalarColumn } from "./query_pieces.ts";
import type { Row } from "./driver.ts";
import type { AssociationProperty, EntityTable, Schema } from "./schema.ts";
import type { SortTerm } from "./sort_code.ts";
import { SqlParams } from "./where.ts";
import {
  filteredTables,
  referenceKey,
  rootStatement,
  selectList,
  TARGET,
  TOTAL_KEY,
  whereClause,
} from "./statement_sql.ts";
import { type Counted, type LoadMeter, shareCopies } from "./load_meter.ts";
import { embeddedReads, placeEmbedded } from "./embedded_columns.ts";
import { childOrder, isWindowed, windowed } from "./list_sql.ts";

/** What the executor runs on. */
export interface ExecutionContext {
  /** Tables of the entities. */
  readonly schema: Schema;
  /** SQL dialect. */
  readonly dialect: Dialect;
  /** Runs one statement. */
  run(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** Conditions every query of this table adds (global filter), if any. */
  filter(table: EntityTable): Readonly<Record<string, unknown>> | undefined;
  /** Where the store keeps SQL pieces between queries (none: built each time). */
  readonly pieces?: QueryPieces;
}

/** Which root rows to load. */
export interface RootQuery {
  /** Conditions on the root entity. */
  readonly where?: Readonly<Record<string, unknown>>;
  /** Order; the id always comes last as a tie-breaker. */
  readonly sort?: readonly SortTerm[];
  /** Maximum number of rows. */
  readonly limit?: number;
  /** Rows to skip. */
  readonly offset?: number;
  /** Whether to count every matching row too (window function, no extra statement). */
  readonly withTotal?: boolean;
}

/** Loaded objects, and the total count when asked for and known. */
export interface RootResult {
  /** One object per root row, in the fetcher's shape. */
  readonly objects: Record<string, unknown>[];
  /** Rows matching without limit and offset; undefined when no row came back. */
  readonly total: number | undefined;
}

type AssociationSelection = Extract<Selection, { kind: "association" }>;

/** A loaded object and the raw row it came from (ids and foreign keys). */
interface Loaded {
  readonly object: Record<string, unknown>;
  readonly row: Row;
  /** Times the object is written in the answer (shared ones: more than once). */
  copies: number;
}

const JOIN = "j";
const OWNER_KEY = "@owner";

/**
 * Loads the fetcher's shape for every root row the query selects. With a
 * `meter` (a client fetcher), each statement reads at most the rows left in
 * its budget and each level is counted before the next statement runs.
 *
 * @throws FetcherBudgetError when the meter's budget is exceeded.
 */
export async function loadRoots(
  context: ExecutionContext,
  fetcher: AnyFetcher,
  query: RootQuery,
  meter?: LoadMeter,
): Promise<RootResult> {
  const { schema, dialect } = context;
  const table = schema.table(fetcher.entity);
  const params = new SqlParams(dialect);
  // A client fetcher reads at most the rows left in its budget.
  const limited = meter === undefined
    ? query
    : { ...query, limit: Math.min(query.limit ?? Infinity, meter.rowLimit) };
  const sql = rootStatement(context, table, fetcher, limited, params);
  const rows = await context.run(sql, params.values);
  const first = rows[0]?.[TOTAL_KEY];
  const total = first === undefined ? undefined : Number(first);
  const objects = rowObjects(context, table, fetcher, rows);
  // One level, nothing counted: the objects alone.
  if (meter === undefined && !hasAssociation(fetcher)) {
    return { objects, total };
  }
  const loaded = withRows(objects, rows);
  meter?.addLevel(loaded);
  if (hasAssociation(fetcher)) {
    await loadAssociations(context, table, fetcher, loaded, meter);
  }
  return { objects, total };
}

function hasAssociation(fetcher: AnyFetcher): boolean {
  for (const selection of fetcher.selections.values()) {
    if (selection.kind === "association") return true;
  }
  return false;
}

/** The objects of the rows of `table` read for `fetcher` (scalars only). */
function rowObjects(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  rows: readonly Row[],
): Record<string, unknown>[] {
  const build = () => scalarColumns(context, table, fetcher);
  const columns = context.pieces?.decoders(fetcher, build) ?? build();
  const { dialect } = context;
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const object: Record<string, unknown> = {};
    for (const column of columns) {
      const value = row[column.name];
      if (column.path !== undefined) {
        placeEmbedded(object, column, value, dialect);
      } else if (value !== null && value !== undefined) {
        object[column.name] = dialect.decode(value, column.type);
      }
    }
    objects[r] = object;
  }
  return objects;
}

/** Each of `objects` with the raw row of `rows` it came from. */
function withRows(
  objects: readonly Record<string, unknown>[],
  rows: readonly Row[],
): Loaded[] {
  return objects.map((object, r) => ({ object, row: rows[r]!, copies: 1 }));
}

function scalarColumns(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
): ScalarColumn[] {
  const columns: ScalarColumn[] = [];
  for (const [name, selection] of fetcher.selections) {
    const property = table.metadata.properties.get(name);
    if (selection.kind === "scalar") {
      columns.push({
        name,
        type: context.schema.columnType(table.metadata, name),
      });
    } else if (selection.kind === "embedded" && property?.kind === "embedded") {
      columns.push(
        ...embeddedReads(context.schema, table, property, selection.child),
      );
    }
  }
  return columns;
}

async function loadAssociations(
  context: ExecutionContext,
  table: EntityTable,
  fetcher: AnyFetcher,
  owners: readonly Loaded[],
  meter: LoadMeter | undefined,
): Promise<void> {
  for (const [name, selection] of fetcher.selections) {
    const property = table.metadata.properties.get(name);
    if (selection.kind === "association" && property?.kind === "association") {
      await loadAssociation(
        context,
        table,
        property,
        selection,
        owners,
        1,
        meter,
      );
    }
  }
}

async function loadAssociation(
  context: ExecutionContext,
  owner: EntityTable,
  property: AssociationProperty,
  selection: AssociationSelection,
  owners: readonly Loaded[],
  level: number,
  meter: LoadMeter | undefined,
): Promise<void> {
  if (owners.length === 0) return;
  const { schema } = context;
  const target = schema.table(property.target());
  const link = schema.link(owner.metadata, property);
  const name = property.name;
  const recursive = selection.recursive !== undefined;
  let targets: Loaded[];
  if (link.kind === "reference") {
    const keyOf = (node: Loaded) => node.row[referenceKey(name)];
    if (selection.child.selections.size === 1 && !recursive) {
      const idOnly: Counted[] = [];
      for (const node of owners) {
        const key = keyOf(node);
        if (key !== null && key !== undefined) {
          const object = { [target.metadata.idProperty]: key };
          node.object[name] = object;
          if (meter) idOnly.push({ object, copies: node.copies });
        }
      }
      meter?.addLevel(idOnly, name, owners);
      return;
    }
    targets = await selectTargets(context, target, selection, property, {
      keyColumn: `${TARGET}.${context.dialect.quote(target.idColumn)}`,
      keys: distinctKeys(owners.map(keyOf)),
    }, meter);
    const idOf = (node: Loaded) => node.row[target.metadata.idProperty];
    if (meter !== undefined) {
      shareCopies(owners, keyOf, targets, idOf);
      meter.addLevel(targets, name, owners);
    }
    const byId = new Map(targets.map((node) => [idOf(node), node]));
    for (const node of owners) {
      const found = byId.get(keyOf(node));
      if (found) node.object[name] = found.object;
    }
  } else {
    const idOf = (node: Loaded) => node.row[owner.metadata.idProperty];
    targets = await selectTargets(context, target, selection, property, {
      keyColumn: link.kind === "children"
        ? `${TARGET}.${context.dialect.quote(link.column)}`
        : `${JOIN}.${context.dialect.quote(link.ownerColumn)}`,
      keys: distinctKeys(owners.map(idOf)),
      ...(link.kind === "join"
        ? {
          join: `JOIN ${context.dialect.quote(link.table)} ${JOIN} ON ${JOIN}.${
            context.dialect.quote(link.targetColumn)
          } = ${TARGET}.${context.dialect.quote(target.idColumn)}`,
        }
        : {}),
    }, meter);
    if (meter !== undefined) {
      shareCopies(owners, idOf, targets, (node) => node.row[OWNER_KEY]);
      meter.addLevel(targets, name, owners);
    }
    const groups = new Map<unknown, Record<string, unknown>[]>();
    for (const node of targets) {
      const key = node.row[OWNER_KEY];
      const group = groups.get(key);
      if (group) group.push(node.object);
      else groups.set(key, [node.object]);
    }
    for (const node of owners) {
      node.object[name] = groups.get(idOf(node)) ?? [];
    }
  }
  await loadAssociations(context, target, selection.child, targets, meter);
  const depth = selection.recursive?.depth ?? MAX_RECURSION_DEPTH;
  if (recursive && level < depth) {
    await loadAssociation(
      context,
      target,
      property,
      selection,
      targets,
      level + 1,
      meter,
    );
  }
}

interface TargetQuery {
  /** Column compared with the keys; selected as `@owner` for collections. */
  readonly keyColumn: string;
  /** Distinct owner ids or referenced ids. */
  readonly keys: readonly unknown[];
  /** The join table clause of a many-to-many. */
  readonly join?: string;
}

async function selectTargets(
  context: ExecutionContext,
  target: EntityTable,
  selection: AssociationSelection,
  property: AssociationProperty,
  query: TargetQuery,
  meter: LoadMeter | undefined,
): Promise<Loaded[]> {
  if (query.keys.length === 0) return [];
  const { dialect } = context;
  const { list } = selection;
  if (meter !== undefined && list !== undefined) {
    await countSorted(context, target, query, list.offset, meter);
  }
  const params = new SqlParams(dialect);
  const columns = selectList(
    context,
    target,
    selection.child,
    selection.recursive === undefined ? undefined : property,
  );
  columns.push(`${query.keyColumn} AS ${dialect.quote(OWNER_KEY)}`);
  const filtered = filteredTables(context, params);
  const from = targetsFrom(context, target, query, params);
  const order = childOrder(context, target, list);
  const select = isWindowed(list)
    ? windowed(
      context,
      {
        columns,
        from,
        keyColumn: query.keyColumn,
        keyAlias: OWNER_KEY,
        order,
      },
      list,
      params,
    )
    : `SELECT ${columns.join(", ")} ${from} ORDER BY ${order}`;
  const sql = [
    filtered,
    select,
    meter === undefined
      ? ""
      : dialect.limitOffset(params.add(meter.rowLimit), undefined),
  ].filter(Boolean).join(" ");
  const rows = await context.run(sql, params.values);
  return withRows(rowObjects(context, target, selection.child, rows), rows);
}

/**
 * `FROM <target> t [JOIN ...] WHERE <key in the batch>` of a level, its
 * parameters added to `params`.
 */
function targetsFrom(
  context: ExecutionContext,
  target: EntityTable,
  query: TargetQuery,
  params: SqlParams,
): string {
  const { dialect } = context;
  const conditions = [
    dialect.inList(
      query.keyColumn,
      params.add(dialect.listParameter(query.keys)),
    ),
  ];
  return [
    `FROM ${dialect.quote(target.name)} ${TARGET}`,
    query.join ?? "",
    whereClause(conditions),
  ].filter(Boolean).join(" ");
}

/**
 * Before a sorted or sliced level: checks its per-parent `offset`, then
 * counts the children it ranks, at most one more than the meter's ranked
 * rows left (a statement that stops there), and adds them to the meter.
 *
 * @throws FetcherBudgetError (`maxOffset`, `maxSortedRows`) when over.
 */
async function countSorted(
  context: ExecutionContext,
  target: EntityTable,
  query: TargetQuery,
  offset: number,
  meter: LoadMeter,
): Promise<void> {
  meter.checkOffset(offset);
  const { dialect } = context;
  const params = new SqlParams(dialect);
  const filtered = filteredTables(context, params);
  const from = targetsFrom(context, target, query, params);
  const bound = params.add(meter.sortedRowLimit);
  const sql = [
    filtered,
    `SELECT COUNT(*) AS ${dialect.quote("n")} FROM (SELECT 1 AS ${
      dialect.quote("x")
    } ${from} LIMIT ${bound}) ${dialect.quote("c")}`,
  ].filter(Boolean).join(" ");
  const [row] = await context.run(sql, params.values);
  meter.addSorted(Number(row?.["n"] ?? 0));
}

function distinctKeys(keys: readonly unknown[]): unknown[] {
  return [...new Set(keys.filter((key) => key !== null && key !== undefined))];
}
