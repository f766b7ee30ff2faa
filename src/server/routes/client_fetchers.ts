/**
 * Binds `ClientFetcher<E>` parameters: the fetcher a client sends as text
 * (`?fetcherCode=`) or as a persisted fetcher's id (`?fetcherId=`), compiled
 * once (a bounded cache) on the client fetcher budget. A text that does not
 * compile is a 400 with its line and column. With a fetcher manifest
 * (allow-list mode) only its fetchers are answered, by id or by text; any
 * other is a 403 `unlisted-fetcher`, before the handler runs (so before any
 * SQL).
 *
 * @module
 */

import type { ApiModel, ParameterModel } from "../../model/api_model.ts";
import { constraintViolation } from "../../model/constraints.ts";
import { FETCHER_CODE_CONSTRAINTS } from "../../model/query_object.ts";
import { entitiesNamed } from "../../runtime/entity.ts";
import { type AnyFetcher, fetcher } from "../../runtime/fetcher.ts";
import {
  compileFetcher,
  FetcherSyntaxError,
} from "../../runtime/fetcher_compiler.ts";
import { fetcherText } from "../../runtime/fetcher.ts";
import { fetcherId } from "../../runtime/fetcher_id.ts";
import { HttpError } from "../../runtime/http_error.ts";
import type { AnyClass } from "../../runtime/metadata.ts";
import { FetcherCache } from "../../store/fetcher_cache.ts";
import { RouteTableError } from "./fetchers.ts";
import type { FetcherManifest } from "../fetcher_manifest.ts";

/** The query values of a request by key. */
export type QueryValues = (key: string) => readonly string[];

/** Binds the client fetchers of every `ClientFetcher<E>` parameter of a model. */
export class ClientFetchers {
  readonly #manifest: FetcherManifest | undefined;
  readonly #entities = new Map<string, EntityFetchers>();

  /**
   * Finds the class of each entity a `ClientFetcher<E>` names (a
   * {@link RouteTableError} when none or two are loaded) and compiles the
   * manifest's fetchers: with `manifest`, only those are answered.
   */
  constructor(model: ApiModel, manifest?: FetcherManifest) {
    this.#manifest = manifest;
    for (const service of model.services) {
      for (const operation of service.operations) {
        for (const parameter of operation.parameters) {
          const name = parameter.fetcher?.entity;
          if (name === undefined || this.#entities.has(name)) continue;
          const classes = entitiesNamed(name);
          if (classes.length !== 1) {
            throw new RouteTableError(
              `${service.controller}.${operation.name} takes ${parameter.name}: ClientFetcher<${name}>, but ${
                classes.length === 0
                  ? `no @Entity() class named ${name} is loaded: import its module`
                  : `${classes.length} @Entity() classes are named ${name}: give one another name with @Entity("name")`
              }`,
            );
          }
          this.#entities.set(name, new EntityFetchers(classes[0]!));
        }
      }
    }
    for (const [index, listed] of (manifest?.fetchers ?? []).entries()) {
      const where = `${manifest!.file}: fetchers[${index}] (${listed.entity} ${
        JSON.stringify(listed.text)
      })`;
      const classes = entitiesNamed(listed.entity);
      if (classes.length !== 1) {
        throw new RouteTableError(
          `${where}: ${
            classes.length === 0 ? "no" : "more than one"
          } @Entity() class is named ${listed.entity}`,
        );
      }
      let compiled: AnyFetcher;
      try {
        compiled = compileFetcher(classes[0]!, listed.text);
      } catch (error) {
        if (!(error instanceof FetcherSyntaxError)) throw error;
        throw new RouteTableError(`${where}: ${error.message}`);
      }
      this.#entities.get(listed.entity)?.list(compiled);
    }
  }

  /** Whether only listed fetchers are answered. */
  get allowList(): boolean {
    return this.#manifest !== undefined;
  }

  /**
   * The fetcher `parameter` receives from the request's query.
   *
   * @throws HttpError 400 for a bad one, 403 for one the manifest does not
   *   list, 404 for an id when there is no manifest.
   */
  bind(parameter: ParameterModel, query: QueryValues): AnyFetcher {
    const entity = this.#entities.get(parameter.fetcher!.entity)!;
    const codes = query("fetcherCode");
    const ids = query("fetcherId");
    if (codes.length + ids.length > 1) {
      throw badRequest(
        codes.length > 0 ? "fetcherCode" : "fetcherId",
        "send one fetcher: fetcherCode or fetcherId, once",
      );
    }
    if (ids.length === 1) {
      const listed = this.#manifest === undefined
        ? undefined
        : entity.byId(ids[0]!);
      if (listed !== undefined) return listed;
      if (this.#manifest === undefined) {
        // Like a row that is not there: the id is well formed, but names
        // nothing this server knows.
        throw new HttpError(404, {
          error: "not-found",
          message: `no fetcher has the id ${
            ids[0]
          }: this server has no fetcher manifest, so it knows no fetcher ids; send the fetcher's text as fetcherCode`,
        });
      }
      throw unlisted("fetcherId", this.#manifest.file);
    }
    if (codes.length === 0) return entity.idOnly;
    const code = codes[0]!;
    const tooShort = constraintViolation(code, FETCHER_CODE_CONSTRAINTS);
    if (tooShort !== undefined) throw badRequest("fetcherCode", tooShort);
    if (this.#manifest === undefined) return entity.compile(code);
    const listed = entity.byText(code);
    if (listed === undefined) {
      throw unlisted("fetcherCode", this.#manifest.file);
    }
    return listed;
  }
}

/** The compiled fetchers of one entity. */
class EntityFetchers {
  readonly idOnly: AnyFetcher;
  readonly #type: AnyClass;
  readonly #cache: FetcherCache;
  readonly #listedById = new Map<string, AnyFetcher>();
  readonly #listedByText = new Map<string, AnyFetcher>();

  constructor(type: AnyClass) {
    this.#type = type;
    this.idOnly = fetcher(type as AnyClass<object>);
    this.#cache = new FetcherCache((code) => {
      try {
        return compileFetcher(type, code);
      } catch (error) {
        if (!(error instanceof FetcherSyntaxError)) throw error;
        throw new HttpError(400, {
          error: "bad-request",
          parameter: "fetcherCode",
          message: error.message,
          line: error.line,
          column: error.column,
        }, error.message);
      }
    });
  }

  /** Lists a manifest's fetcher, under the id of its canonical text. */
  list(compiled: AnyFetcher): void {
    this.#listedById.set(fetcherId(compiled), compiled);
    this.#listedByText.set(fetcherText(compiled), compiled);
  }

  /** The fetcher of `code`, compiled on first use; a 400 when it does not compile. */
  compile(code: string): AnyFetcher {
    return this.#cache.get(code);
  }

  /** The listed fetcher of the id, if listed. */
  byId(id: string): AnyFetcher | undefined {
    return this.#listedById.get(id);
  }

  /** The listed fetcher whose canonical text `code` has, if listed. */
  byText(code: string): AnyFetcher | undefined {
    const exact = this.#listedByText.get(code);
    if (exact !== undefined) return exact;
    let id: string;
    try {
      id = fetcherId(compileFetcher(this.#type, code));
    } catch (error) {
      if (error instanceof FetcherSyntaxError) return undefined;
      throw error;
    }
    return this.#listedById.get(id);
  }
}

function badRequest(parameter: string, message: string): HttpError {
  return new HttpError(
    400,
    { error: "bad-request", parameter, message },
    message,
  );
}

/** The 403 of a fetcher the manifest does not list. */
function unlisted(parameter: string, file: string): HttpError {
  const message =
    `this server answers only the fetchers of its manifest ${file} (allow-list mode), and this ${parameter} is not one of them: run \`tailor fetchers\` on the front end and restart the server with the new manifest`;
  return new HttpError(
    403,
    { error: "unlisted-fetcher", parameter, message },
    message,
  );
}
