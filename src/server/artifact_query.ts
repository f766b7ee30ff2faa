/**
 * The query of an artifact request: `?groups=a,b` (repeatable, §4.7) on
 * every artifact and `?importExtension=ts|js|none` on the TypeScript
 * archive. Anything else is refused with a reason. Pure.
 *
 * @module
 */

import {
  IMPORT_EXTENSIONS,
  type ImportExtension,
} from "../emit/ts/import_extension.ts";
import { parseGroups } from "../model/select_groups.ts";
import type { ServedKind } from "./artifacts.ts";

/** What a request asks of an artifact. */
export interface ArtifactQuery {
  /** Selected groups, sorted and de-duplicated; empty: every API. */
  readonly groups: readonly string[];
  /** TypeScript archive only: how relative imports end. */
  readonly importExtension?: ImportExtension;
}

/** The 400 body of a query that cannot be served. */
export interface BadQuery {
  readonly error: "bad-request";
  readonly parameter: string;
  readonly message: string;
}

/** Reads the query of a request for `kind`, or says what is wrong. */
export function parseArtifactQuery(
  kind: ServedKind,
  params: URLSearchParams,
): ArtifactQuery | BadQuery {
  let importExtension: ArtifactQuery["importExtension"];
  for (const name of new Set(params.keys())) {
    if (name === "groups") continue;
    if (name === "importExtension" && kind === "ts") {
      const values = params.getAll(name);
      const value = values[0]!;
      if (values.length > 1 || !isImportExtension(value)) {
        return bad(
          name,
          `importExtension must be one of ${
            IMPORT_EXTENSIONS.join(", ")
          }, once`,
        );
      }
      importExtension = value;
      continue;
    }
    return bad(
      name,
      `unknown query parameter "${name}": this artifact takes ${
        kind === "ts" ? "groups and importExtension" : "groups"
      }`,
    );
  }
  const groups = parseGroups(params.getAll("groups"));
  return importExtension === undefined
    ? { groups }
    : { groups, importExtension };
}

/** True for the 400 answer of {@link parseArtifactQuery}. */
export function isBadQuery(value: ArtifactQuery | BadQuery): value is BadQuery {
  return "error" in value;
}

function isImportExtension(value: string): value is ImportExtension {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(value);
}

function bad(parameter: string, message: string): BadQuery {
  return { error: "bad-request", parameter, message };
}
