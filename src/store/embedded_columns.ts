/**
 * The columns of embedded values (`@Embedded()` properties): an embeddable's
 * fields are columns of its owner's table, named with the property's prefix
 * (`address_city`; nested prefixes concatenate, `address_location_latitude`)
 * and read back under their dotted path (`address.location.latitude`), the
 * key of `columnTypes` too (`"Warehouse.address.location.latitude"`).
 *
 * @module
 */

import type { AnyFetcher } from "../runtime/fetcher.ts";
import type { PropertyMetadata } from "../runtime/entity.ts";
import { embeddableMetadata } from "../runtime/embeddable.ts";
import type { Dialect } from "./dialect.ts";
import type { ScalarColumn } from "./query_pieces.ts";
import type { EntityTable, Schema } from "./schema.ts";

/** An `@Embedded()` property's metadata. */
export type EmbeddedProperty = Extract<PropertyMetadata, { kind: "embedded" }>;

/** One column of an embedded value. */
export interface EmbeddedColumn {
  /** Property names from the entity down to the field. */
  readonly path: readonly string[];
  /** The column in the owner's table. */
  readonly column: string;
  /** Whether it may hold null: the field, or a value above it, is nullable. */
  readonly nullable: boolean;
}

/** Every column of an embedded property, nested embeddables flattened. */
export function embeddedColumns(property: EmbeddedProperty): EmbeddedColumn[] {
  return columnsOf(property, "", [], false);
}

/**
 * The columns an embedded selection reads: the fields its child fetcher
 * selects, recursively.
 */
export function selectedEmbeddedColumns(
  property: EmbeddedProperty,
  child: AnyFetcher,
): EmbeddedColumn[] {
  return columnsOf(property, "", [], false, child);
}

/**
 * The paths of the embedded objects that exist in every row (their value
 * and every value above it are not nullable), outermost first.
 */
export function requiredObjects(
  property: EmbeddedProperty,
  child: AnyFetcher,
  above: readonly string[] = [],
): string[][] {
  if (property.nullable) return [];
  const path = [...above, property.name];
  const found = [path];
  const metadata = embeddableMetadata(property.target());
  for (const [name, selection] of child.selections) {
    const inner = metadata.properties.get(name);
    if (inner?.kind === "embedded" && selection.kind === "embedded") {
      found.push(...requiredObjects(inner, selection.child, path));
    }
  }
  return found;
}

function columnsOf(
  property: EmbeddedProperty,
  prefix: string,
  above: readonly string[],
  nullableAbove: boolean,
  /** The selection; every field when undefined. */
  fetcher?: AnyFetcher,
): EmbeddedColumn[] {
  const metadata = embeddableMetadata(property.target());
  const path = [...above, property.name];
  const outer = prefix + property.prefix;
  const nullable = nullableAbove || property.nullable;
  const columns: EmbeddedColumn[] = [];
  for (const inner of metadata.properties.values()) {
    const selection = fetcher?.selections.get(inner.name);
    if (fetcher !== undefined && selection === undefined) continue;
    if (inner.kind === "embedded") {
      const child = selection?.kind === "embedded"
        ? selection.child
        : undefined;
      columns.push(
        ...columnsOf(inner, outer, path, nullable, child),
      );
    } else if (inner.kind === "scalar") {
      columns.push({
        path: [...path, inner.name],
        column: outer + inner.column,
        nullable: nullable || inner.nullable,
      });
    }
  }
  return columns;
}

/**
 * The columns and values of an embedded value to insert; null (or an
 * absent value) nulls every column.
 *
 * @throws TypeError naming the field whose value is not an object or plain.
 */
export function flattenEmbedded(
  property: EmbeddedProperty,
  value: unknown,
): { column: EmbeddedColumn; value: unknown }[] {
  return embeddedColumns(property).map((column) => {
    let current: unknown = value;
    for (const name of column.path.slice(1)) {
      if (current === null || current === undefined) break;
      if (typeof current !== "object") {
        throw new TypeError(`${column.path.join(".")}: not an object above`);
      }
      current = (current as Record<string, unknown>)[name];
    }
    return { column, value: current ?? null };
  });
}

/**
 * What the executor reads of an embedded selection: the embedded objects
 * every row has, then each selected field under its dotted path.
 */
export function embeddedReads(
  schema: Schema,
  table: EntityTable,
  property: EmbeddedProperty,
  child: AnyFetcher,
): ScalarColumn[] {
  const objects: ScalarColumn[] = requiredObjects(property, child).map((
    path,
  ) => ({ name: path.join("."), type: undefined, path, object: true }));
  const fields = selectedEmbeddedColumns(property, child).map(({ path }) => {
    const name = path.join(".");
    return { name, type: schema.columnType(table.metadata, name), path };
  });
  return [...objects, ...fields];
}

/**
 * Puts one read column into `object`: an embedded object every row has, or
 * a field's decoded value (its objects made on the way; a null field leaves
 * them as they are).
 */
export function placeEmbedded(
  object: Record<string, unknown>,
  column: ScalarColumn,
  value: unknown,
  dialect: Dialect,
): void {
  const path = column.path!;
  const absent = value === null || value === undefined;
  if (!column.object && absent) return;
  let target = object;
  const last = column.object ? path.length : path.length - 1;
  for (let i = 0; i < last; i++) {
    const name = path[i]!;
    target = (target[name] ??= {}) as Record<string, unknown>;
  }
  if (!column.object) target[path[last]!] = dialect.decode(value, column.type);
}
