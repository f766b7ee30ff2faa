/**
 * Statements inserting one entity: its row (ids, scalars, many-to-one
 * foreign keys) and the join-table pairs of its owning many-to-many
 * associations. Pure: builds SQL, runs nothing.
 *
 * @module
 */

import type {
  AssociationKeys,
  EmbeddedKeys,
  ScalarKeys,
} from "../runtime/fetcher.ts";
import { flattenEmbedded } from "./embedded_columns.ts";
import type { Dialect } from "./dialect.ts";
import type { EntityTable, Link, Schema } from "./schema.ts";
import { StoreQueryError } from "./sort_code.ts";
import { isPlain, SqlParams } from "./where.ts";

/** An entity id. */
export type EntityId = number | string;

/** A reference to an entity in inserted values: its id or an object with it. */
export type EntityRef = EntityId | { readonly id: EntityId };

/**
 * Values of a new row: scalars by property name, many-to-one associations as
 * a reference (or null), owning many-to-many associations as a list of
 * references. The id may be left out (integer ids are then assigned).
 */
export type InsertValues<E> =
  & { readonly [K in ScalarKeys<E>]?: E[K] | null }
  & { readonly [K in EmbeddedKeys<E>]?: E[K] | null }
  & {
    readonly [K in AssociationKeys<E>]?:
      | EntityRef
      | null
      | readonly EntityRef[];
  };

/** SQL text and its parameters. */
export interface Statement {
  /** SQL text. */
  readonly sql: string;
  /** Parameters in placeholder order. */
  readonly params: readonly unknown[];
}

/** A many-to-one reference of the row: what its foreign key must find. */
export interface RowReference {
  /** The association property. */
  readonly property: string;
  /** The table it refers to. */
  readonly target: EntityTable;
  /** The id it refers to. */
  readonly id: EntityId;
}

/** The statements of one insert. */
export interface InsertPlan {
  /** Inserts the row and returns its id column. */
  readonly row: Statement;
  /** The row's many-to-one references (to name a failing foreign key). */
  readonly references: readonly RowReference[];
  /** Inserts the join-table pairs, once the row's id is known. */
  pairs(id: EntityId): (Statement & { readonly property: string })[];
}

/**
 * Plans the insert of `values` into `table`.
 *
 * @throws StoreQueryError (argument `values`) for a property not stored on
 * this side (formulas, one-to-many, inverse many-to-many) or a value that
 * does not fit.
 */
export function insertPlan(
  schema: Schema,
  dialect: Dialect,
  table: EntityTable,
  values: object,
): InsertPlan {
  const q = dialect.quote;
  const { metadata } = table;
  const params = new SqlParams(dialect);
  const columns: string[] = [];
  const placeholders: string[] = [];
  const joins: { link: JoinLink; property: string; refs: EntityId[] }[] = [];
  const references: RowReference[] = [];
  const refused = (name: string, message: string) =>
    new StoreQueryError("values", `${metadata.name}.${name} ${message}`);
  const refId = (name: string, value: unknown): EntityId => {
    const id = typeof value === "object" && value !== null
      ? (value as { id?: unknown }).id
      : value;
    if (typeof id === "number" || typeof id === "string") return id;
    throw refused(name, "takes ids or objects with an id");
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = (columnName: string, encoded: unknown) => {
      columns.push(q(columnName));
      placeholders.push(params.add(encoded));
    };
    const property = metadata.properties.get(name);
    if (property?.kind === "id" || property?.kind === "scalar") {
      if (value !== null && !isPlain(value)) {
        throw refused(name, "must be a string, number, boolean or null");
      }
      column(
        property.column,
        dialect.encode(value, schema.columnType(metadata, name)),
      );
      continue;
    }
    if (property?.kind === "embedded") {
      for (const field of flattenEmbedded(property, value)) {
        const key = field.column.path.join(".");
        if (field.value !== null && !isPlain(field.value)) {
          throw refused(key, "must be a string, number, boolean or null");
        }
        column(
          field.column.column,
          dialect.encode(field.value, schema.columnType(metadata, key)),
        );
      }
      continue;
    }
    const link = property?.kind === "association"
      ? schema.link(metadata, property)
      : undefined;
    if (link?.kind === "reference" && property?.kind === "association") {
      const id = value === null ? null : refId(name, value);
      column(link.column, id);
      if (id !== null) {
        references.push({
          property: name,
          target: schema.table(property.target()),
          id,
        });
      }
    } else if (
      link?.kind === "join" && property?.kind === "association" &&
      property.mappedBy === undefined && Array.isArray(value)
    ) {
      joins.push({
        link,
        property: name,
        refs: value.map((v) => refId(name, v)),
      });
    } else {
      throw refused(
        name,
        "cannot be inserted: give ids, scalars, many-to-one references and lists for owning many-to-many associations",
      );
    }
  }
  const row = `INSERT INTO ${q(table.name)} ${
    columns.length === 0
      ? "DEFAULT VALUES"
      : `(${columns.join(", ")}) VALUES (${placeholders.join(", ")})`
  } RETURNING ${q(table.idColumn)}`;
  return {
    row: { sql: row, params: params.values },
    references,
    pairs: (id) =>
      joins.filter(({ refs }) => refs.length > 0).map((
        { link, property, refs },
      ) => ({ ...pairStatement(dialect, link, id, refs), property })),
  };
}

type JoinLink = Extract<Link, { kind: "join" }>;

function pairStatement(
  dialect: Dialect,
  link: JoinLink,
  id: EntityId,
  refs: readonly EntityId[],
): Statement {
  const q = dialect.quote;
  const params = new SqlParams(dialect);
  const pairs = refs.map((ref) => `(${params.add(id)}, ${params.add(ref)})`);
  return {
    sql: `INSERT INTO ${q(link.table)} (${q(link.ownerColumn)}, ${
      q(link.targetColumn)
    }) VALUES ${pairs.join(", ")}`,
    params: params.values,
  };
}
