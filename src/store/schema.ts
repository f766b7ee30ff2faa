/**
 * Maps entity metadata onto tables: one table per entity (snake_case name),
 * one column per id and scalar, a foreign key column `<property>_id` per
 * many-to-one, a join table `<owner>_<property>` per owning many-to-many.
 * Pure: builds the mapping and the DDL text, runs nothing.
 *
 * @module
 */

import {
  type EntityMetadata,
  entityMetadata,
  type PropertyMetadata,
} from "../runtime/entity.ts";
import type { AnyClass } from "../runtime/metadata.ts";
import { embeddedColumns } from "./embedded_columns.ts";
import type { ColumnType, Dialect } from "./dialect.ts";

/** An association property of an entity. */
export type AssociationProperty = Extract<
  PropertyMetadata,
  { kind: "association" }
>;

/** How an association is stored, seen from its owner. */
export type Link =
  /** Many-to-one: the owner's row holds the target's id. */
  | { readonly kind: "reference"; readonly column: string }
  /** One-to-many: the target's rows hold the owner's id. */
  | { readonly kind: "children"; readonly column: string }
  /** Many-to-many: pairs in a join table. */
  | {
    readonly kind: "join";
    readonly table: string;
    /** Column holding the owner's id. */
    readonly ownerColumn: string;
    /** Column holding the target's id. */
    readonly targetColumn: string;
  };

/** The table of one entity. */
export interface EntityTable {
  /** The entity's metadata. */
  readonly metadata: EntityMetadata;
  /** Table name. */
  readonly name: string;
  /** Column of the id. */
  readonly idColumn: string;
}

/** Declared column types, keyed `"Entity.property"` (for example booleans). */
export type ColumnTypes = Readonly<Record<string, ColumnType>>;

/**
 * Formula SQL replacing the `@Formula`'s, keyed `"Entity.property"`: how a
 * store on another engine computes a formula whose SQL differs there.
 */
export type FormulaSql = Readonly<Record<string, string>>;

/** The tables of a set of entities and how their associations are stored. */
export interface Schema {
  /** Every entity's table, in discovery order. */
  readonly tables: readonly EntityTable[];
  /** The table of an entity class; throws for a class outside the schema. */
  table(type: AnyClass): EntityTable;
  /** How an association of `owner` is stored. */
  link(owner: EntityMetadata, property: AssociationProperty): Link;
  /** Declared type of a property's column (ids default to integer). */
  columnType(owner: EntityMetadata, property: string): ColumnType | undefined;
  /** The SQL of a formula: the store's own, else the `@Formula`'s. */
  formula(owner: EntityMetadata, property: string, sql: string): string;
}

/** snake_case of a class or property name: `BookStore` -> `book_store`. */
export function snakeCase(name: string): string {
  return name.replace(
    /[A-Z]/g,
    (c, index) => (index === 0 ? "" : "_") + c.toLowerCase(),
  );
}

/**
 * The schema of `entities` and every entity their associations reach.
 *
 * @throws TypeError for an inverse side whose `mappedBy` names no owning
 * side, or a key of `formulas` that names no formula.
 */
export function buildSchema(
  entities: readonly AnyClass[],
  columnTypes: ColumnTypes = {},
  formulas: FormulaSql = {},
): Schema {
  const tables = new Map<AnyClass, EntityTable>();
  const visit = (type: AnyClass) => {
    if (tables.has(type)) return;
    const metadata = entityMetadata(type);
    const id = metadata.properties.get(metadata.idProperty);
    tables.set(type, {
      metadata,
      name: snakeCase(metadata.name),
      idColumn: id?.kind === "id" ? id.column : metadata.idProperty,
    });
    for (const property of metadata.properties.values()) {
      if (property.kind === "association") visit(property.target());
    }
  };
  entities.forEach(visit);
  const table = (type: AnyClass): EntityTable => {
    const found = tables.get(type);
    if (!found) {
      throw new TypeError(`${type.name} is not an entity of this store`);
    }
    return found;
  };
  const configured = Object.keys(columnTypes).length > 0;
  const schema: Schema = {
    tables: [...tables.values()],
    table,
    link: (owner, property) => linkOf(table, owner, property),
    // Asked for every value read: no key string when nothing is configured.
    columnType: (owner, property) =>
      (configured ? columnTypes[`${owner.name}.${property}`] : undefined) ??
        (property === owner.idProperty ? "integer" : undefined),
    formula: (owner, property, sql) =>
      formulas[`${owner.name}.${property}`] ?? sql,
  };
  for (const key of Object.keys(formulas)) {
    const [entity, property = ""] = key.split(".");
    const found = schema.tables.find((t) => t.metadata.name === entity);
    if (found?.metadata.properties.get(property)?.kind !== "formula") {
      throw new TypeError(
        `formulas: "${key}" names no formula of the store's entities`,
      );
    }
  }
  for (const { metadata } of schema.tables) {
    for (const property of metadata.properties.values()) {
      if (property.kind === "association") schema.link(metadata, property);
    }
  }
  return schema;
}

function linkOf(
  table: (type: AnyClass) => EntityTable,
  owner: EntityMetadata,
  property: AssociationProperty,
): Link {
  const target = table(property.target()).metadata;
  const inverse = (kind: AssociationProperty["association"]) => {
    const owning = target.properties.get(property.mappedBy ?? "");
    if (
      owning?.kind !== "association" || owning.association !== kind ||
      owning.mappedBy !== undefined || owning.target() !== owner.type
    ) {
      throw new TypeError(
        `${owner.name}.${property.name}: mappedBy "${property.mappedBy}" must name the owning ${kind} property of ${target.name} leading back to ${owner.name}`,
      );
    }
    return owning;
  };
  switch (property.association) {
    case "many-to-one":
      return { kind: "reference", column: foreignKeyColumn(property.name) };
    case "one-to-many":
      return {
        kind: "children",
        column: foreignKeyColumn(inverse("many-to-one").name),
      };
    case "many-to-many": {
      if (property.mappedBy === undefined) {
        return joinTable(table(owner.type), table(target.type), property.name);
      }
      const owning = joinTable(
        table(target.type),
        table(owner.type),
        inverse("many-to-many").name,
      );
      return {
        ...owning,
        ownerColumn: owning.targetColumn,
        targetColumn: owning.ownerColumn,
      };
    }
  }
}

function foreignKeyColumn(property: string): string {
  return `${snakeCase(property)}_id`;
}

function joinTable(
  owner: EntityTable,
  target: EntityTable,
  property: string,
): Extract<Link, { kind: "join" }> {
  const ownerColumn = `${owner.name}_id`;
  const targetColumn = target.name === owner.name
    ? foreignKeyColumn(property)
    : `${target.name}_id`;
  return {
    kind: "join",
    table: `${owner.name}_${snakeCase(property)}`,
    ownerColumn,
    targetColumn,
  };
}

/**
 * `CREATE TABLE`/`CREATE INDEX` statements (idempotent) for every table,
 * foreign key and join table of the schema.
 */
export function schemaStatements(schema: Schema, dialect: Dialect): string[] {
  return schemaPlan(schema, dialect).statements;
}

/** A column of an entity table, as its `CREATE TABLE` declares it. */
export interface ColumnDefinition {
  readonly name: string;
  /** Its DDL: name, type and constraints. */
  readonly sql: string;
  readonly notNull: boolean;
  /** The property it holds (`Book.price`), for messages. */
  readonly property: string;
}

/** The DDL of a schema, and the columns of each entity table (but the id). */
export interface SchemaPlan {
  readonly statements: string[];
  readonly columns: ReadonlyMap<string, readonly ColumnDefinition[]>;
}

/** {@link schemaStatements}, and each entity table's columns. */
export function schemaPlan(schema: Schema, dialect: Dialect): SchemaPlan {
  const q = dialect.quote;
  const typeOf = (owner: EntityMetadata, property: string, id = false) => {
    const type = schema.columnType(owner, property);
    const sql = id ? dialect.idColumnType(type) : dialect.columnType(type);
    if (sql === undefined) {
      throw new TypeError(
        `${owner.name}.${property} needs a column type on this engine: columnTypes: { "${owner.name}.${property}": "text" | "integer" | "real" | "boolean" }`,
      );
    }
    return sql;
  };
  const column = (name: string, type: string, rest: string) =>
    [q(name), type, rest].filter(Boolean).join(" ");
  const declared = new Map<string, ColumnDefinition[]>();
  const references = (target: EntityTable) =>
    `REFERENCES ${q(target.name)} (${q(target.idColumn)})`;
  const tables: TableStatement[] = [];
  const joins: string[] = [];
  const indexes: string[] = [];
  const index = (table: string, columnName: string) =>
    indexes.push(
      `CREATE INDEX IF NOT EXISTS ${q(`${table}_${columnName}_index`)} ON ${
        q(table)
      } (${q(columnName)})`,
    );
  for (const { metadata, name, idColumn } of schema.tables) {
    const referenced = new Set<string>();
    const defined: ColumnDefinition[] = [];
    declared.set(name, defined);
    const define = (
      property: string,
      columnName: string,
      type: string,
      rest: string,
    ) =>
      defined.push({
        name: columnName,
        sql: column(columnName, type, rest),
        notNull: rest.startsWith("NOT NULL"),
        property: `${metadata.name}.${property}`,
      });
    for (const property of metadata.properties.values()) {
      const notNull = property.nullable ? "" : "NOT NULL";
      if (property.kind === "scalar") {
        define(
          property.name,
          property.column,
          typeOf(metadata, property.name),
          notNull,
        );
      }
      if (property.kind === "embedded") {
        for (const embedded of embeddedColumns(property)) {
          define(
            embedded.path.join("."),
            embedded.column,
            typeOf(metadata, embedded.path.join(".")),
            embedded.nullable ? "" : "NOT NULL",
          );
        }
      }
      if (property.kind !== "association") continue;
      const target = schema.table(property.target());
      const targetIdType = typeOf(target.metadata, target.metadata.idProperty);
      const link = schema.link(metadata, property);
      if (link.kind === "reference") {
        referenced.add(target.name);
        define(
          property.name,
          link.column,
          targetIdType,
          [notNull, references(target)].filter(Boolean).join(" "),
        );
        index(name, link.column);
      }
      if (link.kind === "join" && property.mappedBy === undefined) {
        const ownerIdType = typeOf(metadata, metadata.idProperty);
        joins.push(
          `CREATE TABLE IF NOT EXISTS ${q(link.table)} (${
            [
              column(
                link.ownerColumn,
                ownerIdType,
                `NOT NULL ${references(schema.table(metadata.type))}`,
              ),
              column(
                link.targetColumn,
                targetIdType,
                `NOT NULL ${references(target)}`,
              ),
              `PRIMARY KEY (${q(link.ownerColumn)}, ${q(link.targetColumn)})`,
            ].join(", ")
          })`,
        );
        index(link.table, link.targetColumn);
      }
    }
    const columns = [
      column(
        idColumn,
        typeOf(metadata, metadata.idProperty, true),
        "PRIMARY KEY",
      ),
      ...defined.map((definition) => definition.sql),
    ];
    tables.push({
      sql: `CREATE TABLE IF NOT EXISTS ${q(name)} (${columns.join(", ")})`,
      name,
      references: referenced,
    });
  }
  return {
    statements: [...referencedFirst(tables), ...joins, ...indexes],
    columns: declared,
  };
}

/** A table's DDL and the other tables its foreign keys name. */
interface TableStatement {
  readonly sql: string;
  readonly name: string;
  readonly references: ReadonlySet<string>;
}

/**
 * The tables' DDL, each after the tables it references (PostgreSQL checks
 * a foreign key's table exists); a cycle keeps the given order.
 */
function referencedFirst(tables: readonly TableStatement[]): string[] {
  const done = new Set<string>();
  const ordered: string[] = [];
  let left = [...tables];
  while (left.length > 0) {
    const ready = left.filter((table) =>
      [...table.references].every((name) =>
        name === table.name || done.has(name)
      )
    );
    for (const table of ready.length > 0 ? ready : left) {
      ordered.push(table.sql);
      done.add(table.name);
    }
    left = left.filter((table) => !done.has(table.name));
  }
  return ordered;
}
