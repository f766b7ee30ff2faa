/**
 * A write the database refused for one of its constraints (foreign key,
 * unique, not null, check), read from either engine's error and named by
 * the entity property it concerns. A request meeting it answers 409
 * `{ error: "constraint-violation", constraint, property?, message }`
 * (RFC 9110 §15.5.10: the request conflicts with the stored data), never
 * a 500.
 *
 * @module
 */

import { HttpError } from "../runtime/http_error.ts";
import { embeddedColumns } from "./embedded_columns.ts";
import type { EntityTable, Schema } from "./schema.ts";

/**
 * The kinds of constraint a database enforces on a write; `value`: the
 * column cannot hold the value (PostgreSQL: an integer past its type's
 * range, a NUL character in text).
 */
export type ConstraintKind =
  | "foreign-key"
  | "unique"
  | "not-null"
  | "check"
  | "value";

/** Every {@link ConstraintKind}, as the 409 body's `constraint` lists them. */
export const CONSTRAINT_KINDS: readonly ConstraintKind[] = [
  "foreign-key",
  "unique",
  "not-null",
  "check",
  "value",
];

/** The 409 body of a refused write. */
export interface ConstraintViolationBody {
  readonly error: "constraint-violation";
  readonly constraint: ConstraintKind;
  /** `Entity.property` the constraint concerns, when the engine tells it. */
  readonly property?: string;
  readonly message: string;
}

/** A write refused by a database constraint: a 409 naming the property. */
export class StoreConstraintError extends HttpError {
  /** Which constraint refused the write. */
  readonly constraint: ConstraintKind;
  /** `Entity.property` it concerns, when known. */
  readonly property: string | undefined;

  /** `constraint` refused a write of `entity`'s `property` (when known). */
  constructor(
    entity: string,
    constraint: ConstraintKind,
    property: string | undefined,
    detail: string,
  ) {
    const subject = property === undefined ? entity : `${entity}.${property}`;
    const message = `${subject}: ${MEANING[constraint]}`;
    const body: ConstraintViolationBody = {
      error: "constraint-violation",
      constraint,
      ...(property === undefined ? {} : { property: subject }),
      message,
    };
    super(409, body, `${message} (${detail})`);
    this.name = "StoreConstraintError";
    this.constraint = constraint;
    this.property = property;
  }
}

const MEANING: Readonly<Record<ConstraintKind, string>> = {
  "foreign-key": "refers to a row that does not exist",
  "unique": "the value is already taken",
  "not-null": "a value is required",
  "check": "the value breaks a check of the database",
  "value":
    "the database cannot store the value (out of its column's range, or a character it refuses)",
};

/** What an engine's error says of a constraint, when it is about one. */
export interface Violation {
  readonly kind: ConstraintKind;
  /** The column, when the engine names it. */
  readonly column?: string;
  /** The engine's message. */
  readonly detail: string;
}

const SQLITE = new Map<number, ConstraintKind>([
  [787, "foreign-key"], // SQLITE_CONSTRAINT_FOREIGNKEY
  [1555, "unique"], // SQLITE_CONSTRAINT_PRIMARYKEY
  [2067, "unique"], // SQLITE_CONSTRAINT_UNIQUE
  [1299, "not-null"], // SQLITE_CONSTRAINT_NOTNULL
  [275, "check"], // SQLITE_CONSTRAINT_CHECK
]);

const POSTGRES = new Map<string, ConstraintKind>([
  ["23503", "foreign-key"],
  ["23505", "unique"],
  ["23502", "not-null"],
  ["23514", "check"],
  ["22003", "value"], // numeric_value_out_of_range
  ["22001", "value"], // string_data_right_truncation
  ["22021", "value"], // character_not_in_repertoire (a NUL in text)
  ["22P05", "value"], // untranslatable_character
]);

/**
 * The constraint violation an error of `node:sqlite` (extended `errcode`,
 * "NOT NULL constraint failed: table.column") or of the `postgres` client
 * (SQLSTATE `code`, `column_name`, `detail` "Key (column)=...") reports.
 */
export function violationOf(error: unknown): Violation | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as Record<string, unknown>;
  const detail = String(e.message ?? "");
  const sqlite = typeof e.errcode === "number"
    ? SQLITE.get(e.errcode)
    : undefined;
  if (sqlite !== undefined) {
    const column = /constraint failed: [^.\s]+\.([^,\s]+)/.exec(detail)?.[1];
    return {
      kind: sqlite,
      ...(column === undefined ? {} : { column }),
      detail,
    };
  }
  const postgres = typeof e.code === "string"
    ? POSTGRES.get(e.code)
    : undefined;
  if (postgres === undefined) return undefined;
  const column = typeof e.column_name === "string"
    ? e.column_name
    : /^Key \(([^,)]+)/.exec(String(e.detail ?? ""))?.[1];
  return {
    kind: postgres,
    ...(column === undefined ? {} : { column }),
    detail,
  };
}

/** The property of `table` stored in `column` (`store_id` is `store`). */
export function propertyOfColumn(
  schema: Schema,
  table: EntityTable,
  column: string,
): string | undefined {
  if (column === table.idColumn) return table.metadata.idProperty;
  for (const property of table.metadata.properties.values()) {
    switch (property.kind) {
      case "id":
      case "scalar":
        if (property.column === column) return property.name;
        break;
      case "embedded":
        for (const embedded of embeddedColumns(property)) {
          if (embedded.column === column) {
            return embedded.path.join(".");
          }
        }
        break;
      case "association": {
        const link = schema.link(table.metadata, property);
        if (link.kind === "reference" && link.column === column) {
          return property.name;
        }
        break;
      }
    }
  }
  return undefined;
}
