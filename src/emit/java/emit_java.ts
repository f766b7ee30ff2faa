/**
 * The Java client emitter: ApiModel -> Spring Cloud OpenFeign interfaces and
 * DTO records (Java 17), as a map from file path to source text.
 *
 * Layout under the base package `<base>` (paths mirror the packages):
 *
 * | Package | Content |
 * |---|---|
 * | `<base>.service` | one `@FeignClient` interface per service (`BookService`), plus a `package-info.java` saying how to enable them |
 * | `<base>.model.dto` | one `final class <Entity>Dto` per entity holding one nested `record` per shape, `<Owner>_<CONSTANT>` (`BookDto.BookController_SIMPLE_FETCHER`); nested associations are nested records named after the property (`BookController_COMPLEX_FETCHER.Store`); a recursive part `<Owner>/<CONSTANT>@<path>` is its own record `<Owner>_<CONSTANT>_<path>` referring to itself |
 * | `<base>.model.enums` | one `enum` per enum, constants named by their values |
 * | `<base>.model.statics` | `Page<T>`, `Tuple2<A, B>`, hybrid and plain types as generic records |
 * | `<base>.model.dynamic` | `Dynamic_<Entity>` records for entities returned without a fetcher, every component nullable |
 * | `<base>.model.errors` | one record per error declared with `@Throws` (its JSON body, with `FAMILY`, `CODE` and `STATUS` constants); service methods link the errors they declare |
 *
 * Decisions:
 * - **Client name and address.** Every interface is
 *   `@FeignClient(name = "<clientName>", contextId = "<clientName>-<service>", url = "${<clientName>.client.url}")`:
 *   all services talk to the same server, so they share the client name (the
 *   service id a load balancer would resolve) and get distinct context ids (so
 *   Spring Cloud registers one bean per interface). `clientName` defaults to
 *   {@link DEFAULT_JAVA_CLIENT_NAME}, so the property is `tailor.client.url`.
 *   It has no default value: an unset property fails at start-up; an empty
 *   one makes Spring Cloud fall back to load balancing by client name.
 * - **Absent results** are `Optional<T>`: the decoder chain of Spring Cloud
 *   OpenFeign (`OptionalDecoder` over `SpringDecoder`) turns the spec's empty
 *   200 body, the JSON `null` of `absentResult: "null"` (and 404/204) into
 *   `Optional.empty()`. No annotation library is
 *   needed for results, and a caller cannot forget the absent case.
 * - **Optional properties and parameters** are boxed and annotated with
 *   `org.springframework.lang.Nullable` (in spring-core, hence on every Spring
 *   Cloud OpenFeign class path; a declaration annotation, so it may precede a
 *   qualified type such as `BookDto.X`). Records never hold `Optional`.
 * - **Numbers**: `integer` -> `long` (`Long` when boxed), `number` -> `double`
 *   (`Double`), `boolean` -> `boolean` (`Boolean`), `string` -> `String`.
 *   Boxed when optional and in type arguments; arrays -> `List<T>`, maps ->
 *   `Map<String, V>` (java_types.ts).
 * - **Names.** The base package is validated, never rewritten: a keyword
 *   segment (`com.example.int`) throws {@link JavaEmitError}. Names from the
 *   model are sanitized (`default` -> `default_`, `x-id` -> `x_id`, a record
 *   component named like an `Object` method gets a `_` suffix, duplicates get
 *   `_2`); a renamed property or enum constant keeps its JSON name with
 *   Jackson's `@JsonProperty`, and parameters keep their wire names in the
 *   mapping annotations. A simple name that would be shadowed or ambiguous is
 *   written fully qualified instead of imported.
 * - Query parameters with a default are optional on the client: passing
 *   `null` leaves the parameter out and the server applies the default, which
 *   is also written in `defaultValue` for the reader.
 * - A result that is not nullable keeps its primitive type (`long count()`);
 *   a nullable one is `Optional<Long>`.
 * - Type names that differ only in case get a suffix too (`list` beside
 *   `List` becomes `list_2`): they become file names.
 * - Dependencies of the generated code: Spring Cloud OpenFeign and Spring Web
 *   annotations, spring-core's `Nullable`, and Jackson's `JsonProperty` only
 *   where a name had to change. It compiles under `javac --release 17
 *   -Xlint:all -Xdoclint:all,-missing -Werror`.
 * - Sources are UTF-8 (javac's default since JDK 18; `-encoding UTF-8` before).
 *
 * Modules: declaration_names.ts (every Java name, decided first),
 * java_types.ts (model types as Java types), records.ts (records and their
 * nested records), model_files.ts (DTO, dynamic, static and enum files),
 * service_file.ts (Feign interfaces), java_source.ts (literals, Javadoc,
 * imports), line_writer.ts (indentation), java_names.ts (sanitizing).
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { javaPackageProblem } from "../../model/java_package.ts";
import { allocateNames, javaFilePath } from "./declaration_names.ts";
import { kebabCase } from "./java_names.ts";
import { JavaEmitError } from "./java_types.ts";
import { dtoFile, dynamicFile, enumFile, staticFile } from "./model_files.ts";
import { unionFile, unionsOfMembers } from "./union_file.ts";
import { errorFile, serverErrorsFile } from "./error_records.ts";
import { requestHeadersFile } from "./request_headers_file.ts";
import { serviceFile, servicePackageInfo } from "./service_file.ts";
import { type FileMemo, NO_MEMO, sameValue } from "../file_memo.ts";

export { JavaEmitError } from "./java_types.ts";

/** Base package when the configuration names none. */
export const DEFAULT_JAVA_BASE_PACKAGE = "com.example.client";

/**
 * Default Feign client name; the server address is read from the Spring
 * property `<clientName>.client.url`, so `tailor.client.url` by default.
 */
export const DEFAULT_JAVA_CLIENT_NAME = "tailor";

/** Options of {@link emitJava}. */
export interface JavaEmitOptions {
  /** Package under which everything is generated (`com.example.client`). */
  readonly basePackage: string;
  /**
   * Feign client name: a lower-case host-name label such as `bookstore`
   * (letters, digits, inner `-`). Default {@link DEFAULT_JAVA_CLIENT_NAME}.
   */
  readonly clientName?: string;
  /**
   * Headers the server reads on every operation
   * (`orm.client.request-headers`): `RequestHeaders.java` names them.
   */
  readonly requestHeaders?: readonly string[];
}

const CLIENT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Pure: ApiModel -> Map<relative path (mirrors the package), Java source>,
 * keys sorted. Throws {@link JavaEmitError} for a bad base package or client
 * name, or a model referring to a shape, static type, enum or dynamic entity
 * it does not declare. `memo` may hand back a file made before from the same
 * model object with the same Java names (every file depends on the names of
 * all declarations, compared by value).
 */
export function emitJava(
  model: ApiModel,
  options: JavaEmitOptions,
  memo: FileMemo = NO_MEMO,
): Map<string, string> {
  const problem = javaPackageProblem(options.basePackage);
  if (problem !== undefined) {
    throw new JavaEmitError(`Java base package: ${problem}`);
  }
  const clientName = options.clientName ?? DEFAULT_JAVA_CLIENT_NAME;
  if (!CLIENT_NAME.test(clientName)) {
    throw new JavaEmitError(
      `Java client name "${clientName}" must be a lower-case host-name label such as "bookstore" (letters, digits and inner "-")`,
    );
  }
  const names = memo.stable(
    "java names",
    allocateNames(model, options.basePackage),
    sameValue,
  );
  const { packages } = names;
  const files = new Map<string, string>();
  const put = (pkg: string, simple: string, text: string) => {
    files.set(javaFilePath(pkg, simple), text);
  };
  /** Puts the file made of one model object, reused when memo keeps it. */
  const putOf = (
    owner: object,
    pkg: string,
    simple: string,
    deps: readonly unknown[],
    text: () => string,
  ) => {
    put(pkg, simple, memo.reuse("java", owner, [simple, names, ...deps], text));
  };

  put(
    packages.service,
    "package-info",
    servicePackageInfo(packages.service, clientName),
  );
  const contextIds = new Set<string>();
  for (const service of model.services) {
    const java = names.services.get(service.name)!;
    const base = `${clientName}-${kebabCase(service.name)}`;
    let contextId = base;
    for (let n = 2; contextIds.has(contextId); n++) contextId = `${base}-${n}`;
    contextIds.add(contextId);
    putOf(
      service,
      packages.service,
      java,
      [clientName, contextId],
      () => serviceFile(service, java, { clientName, contextId }, names),
    );
  }
  for (const dto of model.dtos) {
    const java = names.dtoClasses.get(dto.entity)!;
    putOf(dto, packages.dto, java, [], () => dtoFile(dto, java, names));
  }
  for (const e of model.enums) {
    const java = names.enums.get(e.name)!;
    putOf(e, packages.enums, java, [], () => enumFile(e, java, names));
  }
  const unions = unionsOfMembers(model, names);
  for (const s of model.staticTypes) {
    const java = names.statics.get(s.name)!.java;
    const implemented = unions.get(s.name) ?? [];
    putOf(
      s,
      packages.statics,
      java,
      [implemented.join()],
      () =>
        s.union === undefined
          ? staticFile(s, java, names, implemented)
          : unionFile(s, java, names),
    );
  }
  for (const d of model.dynamicEntities) {
    const java = names.dynamics.get(d.entity)!;
    putOf(d, packages.dynamic, java, [], () => dynamicFile(d, java, names));
  }
  for (const e of model.errors ?? []) {
    const java = names.errors.get(e.name)!;
    putOf(e, packages.errors, java, [], () => errorFile(e, java, names));
  }
  const headers = options.requestHeaders ?? [];
  if (headers.length > 0) {
    put(
      packages.service,
      names.requestHeaders,
      requestHeadersFile(packages.service, names.requestHeaders, headers),
    );
  }
  if (model.services.length > 0) {
    put(
      packages.errors,
      names.serverErrors,
      serverErrorsFile(names.serverErrors, names),
    );
  }
  return new Map(
    [...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
  );
}
