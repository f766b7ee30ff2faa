/**
 * `queries.ts`: `createQueries(api)`, TanStack Query v5 options for every
 * operation of the generated client, without importing TanStack Query.
 *
 * Three generic helpers of the file (`query`, `infiniteQuery`, `mutation`)
 * hold the logic; `createQueries` is a table of one line per operation, so
 * the file stays short and fits `deno fmt`'s layout without a formatter
 * pass. Per service (keyed as the client class names it): `queryKey`, the
 * prefix of the keys of all its queries and mutations; per GET operation a
 * function of its options giving `{ queryKey, queryFn }` (key
 * `[service, operation, options]`; the function passes TanStack's `signal`
 * on and gives `null` for an absent result, TanStack refusing `undefined`
 * as data); per GET operation answering the built-in `Page` with a
 * `pageIndex` option also `<operation>Infinite`, for `useInfiniteQuery`;
 * per other operation a function giving `{ mutationKey, mutationFn }`, the
 * options being the mutation's variables.
 *
 * @module
 */

import type {
  ApiModel,
  OperationModel,
  ServiceModel,
} from "../../model/api_model.ts";
import { withExtension } from "./import_extension.ts";
import type { ImportExtension } from "./import_extension.ts";
import { importTypeLine, LINE_WIDTH, shapedQueryLines } from "./layout.ts";
import { docLines, INDENT, lowerFirst, propertyKey } from "./render.ts";
import { optionKey } from "./service_file.ts";
import { FETCHERS_FILE } from "./fetchers_file.ts";

/** Root-relative path of the file. */
export const QUERIES_FILE = "queries.ts";

/** Names `queries.ts` exports. */
export const QUERIES_NAMES = ["createQueries", "Queries"] as const;

/** Names `queries.ts` declares for itself, which the `Api` class cannot have. */
export const QUERIES_LOCAL_NAMES = [
  "Operation",
  "OptionsArgument",
  "PageContext",
  "PageOptions",
  "QueryContext",
  "QueryData",
] as const;

/** The service property holding the service's key prefix. */
const SERVICE_KEY = "queryKey";

/** What `<operation>Infinite` is named after. */
const INFINITE_SUFFIX = "Infinite";

/** The option an infinite query pages with. */
const PAGE_OPTION = "pageIndex";

/** The declarations of the file's helpers, as `deno fmt` writes them. */
const HELPERS = {
  Operation: `/** An operation of the client: its options, then the call's. */
type Operation<P, R> = (options: P, call?: CallOptions) => Promise<R>;
`,
  OptionsArgument:
    `/** The options argument: optional when every option may be left out. */
type OptionsArgument<P> = Record<never, never> extends P ? [options?: P]
  : [options: P];
`,
  PageOptions: `/** The options of a paged operation but its page index. */
type PageOptions<P> = Omit<Exclude<P, undefined>, "pageIndex">;
`,
  QueryContext:
    `/** What TanStack Query hands a query function, as far as these use it. */
type QueryContext = { signal: CallSignal };
`,
  PageContext:
    `/** What TanStack Query hands the query function of an infinite query. */
type PageContext = QueryContext & { pageParam: number };
`,
  QueryData: `/**
 * The data of a query resolving to \`R\`: \`null\` for an absent result or no
 * result (TanStack Query refuses \`undefined\` as data).
 */
type QueryData<R> = [R] extends [void] ? null
  : undefined extends R ? Exclude<R, undefined> | null
  : R;
`,
  query:
    `/** \`{ queryKey, queryFn }\` of a GET operation, for \`useQuery\` and the like. */
function query<S extends string, O extends string, P, R>(
  service: S,
  operation: O,
  send: Operation<P, R>,
) {
  return (...[options]: OptionsArgument<P>) => {
    const given = (options ?? {}) as Exclude<P, undefined>;
    return {
      queryKey: [service, operation, given] as const,
      queryFn: async ({ signal }: QueryContext): Promise<QueryData<R>> =>
        ((await send(given, { signal })) ?? null) as QueryData<R>,
    };
  };
}
`,
  infiniteQuery: `/**
 * The infinite query options of a GET operation answering a \`Page\`, its
 * \`pageIndex\` option the page param (from 0 to the last page).
 */
function infiniteQuery<
  S extends string,
  O extends string,
  P extends { pageIndex?: number | undefined } | undefined,
  R extends { totalPageCount: number },
>(service: S, operation: O, send: Operation<P, R>) {
  return (...[options]: OptionsArgument<PageOptions<P>>) => {
    const given = (options ?? {}) as PageOptions<P>;
    return {
      queryKey: [service, operation, given, "infinite"] as const,
      queryFn: ({ signal, pageParam }: PageContext): Promise<R> =>
        send({ ...given, pageIndex: pageParam } as unknown as P, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last: R, _pages: unknown, index: number) =>
        index + 1 < last.totalPageCount ? index + 1 : undefined,
      getPreviousPageParam: (_first: R, _pages: unknown, index: number) =>
        index > 0 ? index - 1 : undefined,
    };
  };
}
`,
  mutation:
    `/** \`{ mutationKey, mutationFn }\` of an operation, for \`useMutation\`. */
function mutation<S extends string, O extends string, P, R>(
  service: S,
  operation: O,
  send: Operation<P, R>,
) {
  return () => ({
    mutationKey: [service, operation] as const,
    mutationFn: (options: P): Promise<R> => send(options),
  });
}
`,
};

/** The helpers each kind of entry needs, in the order of the file. */
const NEEDS = {
  query: ["Operation", "OptionsArgument", "QueryContext", "QueryData", "query"],
  infiniteQuery: [
    "Operation",
    "OptionsArgument",
    "PageOptions",
    "QueryContext",
    "PageContext",
    "infiniteQuery",
  ],
  mutation: ["Operation", "mutation"],
} as const;

/** The helpers `kinds` need, each once, in the order of {@link HELPERS}. */
function helpersText(kinds: ReadonlySet<keyof typeof NEEDS>): string {
  const needed = new Set<string>(
    [...kinds].flatMap((kind) => NEEDS[kind]),
  );
  return Object.entries(HELPERS)
    .filter(([name]) => needed.has(name))
    .map(([, text]) => `${text}\n`)
    .join("");
}

/**
 * The text of `queries.ts` without header, not yet formatted.
 *
 * @throws Error when an operation's name is taken by the service's key
 *   prefix (`queryKey`) or by another operation's infinite query.
 */
export function queriesFileText(
  model: ApiModel,
  extension: ImportExtension,
  apiName: string,
): string {
  const from = (file: string) =>
    JSON.stringify(withExtension(`./${file}`, extension));
  const api = model.services.length === 0 ? "_api" : "api";
  const kinds = new Set<keyof typeof NEEDS>();
  const fetcherEntities = new Set<string>();
  const entries = model.services.flatMap((service) =>
    serviceLines(model, service, kinds, fetcherEntities)
  );
  const fetcherTypes = [
    "AnyFetcherOf",
    ...[...fetcherEntities].map((entity) => `${entity}Fetcher`),
  ].sort();
  const executorTypes = [
    ...(kinds.size > 0 ? ["CallOptions"] : []),
    ...(kinds.has("query") || kinds.has("infiniteQuery") ? ["CallSignal"] : []),
  ];
  const imports = [
    importTypeLine([apiName], from(`${apiName}.ts`)),
    ...(executorTypes.length === 0
      ? []
      : [importTypeLine(executorTypes, from("Executor.ts"))]),
    ...(fetcherEntities.size === 0
      ? []
      : [importTypeLine(fetcherTypes, from(FETCHERS_FILE))]),
  ].join("").trimEnd();
  return `${imports}

${helpersText(kinds)}${
    docLines(
      `TanStack Query (v5) options for every operation of {@link ${apiName}}, by
service as the client names them, to pass as they are to \`queryOptions\`,
\`useQuery\`, \`QueryClient.fetchQuery\` or \`useMutation\` (React, Vue,
Solid, Svelte), without depending on TanStack Query:

- \`queries.<service>.queryKey\`: the prefix of the keys of every query and
  mutation of the service, for \`invalidateQueries\`;
- a GET operation: \`queries.<service>.<operation>(options)\` gives
  \`{ queryKey, queryFn }\`; the key is \`[service, operation, options]\`,
  the function passes TanStack's \`signal\` on and gives \`null\` for an
  absent result (TanStack refuses \`undefined\` as data);
- a GET operation answering a \`Page\` with a \`pageIndex\` option also
  \`<operation>Infinite(options)\`, for \`useInfiniteQuery\`, \`pageIndex\`
  being the page param;
- any other operation: \`queries.<service>.<operation>()\` gives
  \`{ mutationKey, mutationFn }\`, the options being the variables.`,
      "",
    ).join("\n")
  }
export function createQueries(${api}: ${apiName}) {
${
    model.services.length === 0 ? `${INDENT}return {};` : [
      `${INDENT}return {`,
      ...entries,
      `${INDENT}};`,
    ].join("\n")
  }
}

/** What {@link createQueries} returns. */
export type Queries = ReturnType<typeof createQueries>;
`;
}

/** Whether TanStack sees `operation` as a query (else a mutation). */
function isQuery(operation: OperationModel): boolean {
  return operation.httpMethod === "GET";
}

/** The entry of one service in the object `createQueries` returns. */
function serviceLines(
  model: ApiModel,
  service: ServiceModel,
  kinds: Set<keyof typeof NEEDS>,
  fetcherEntities: Set<string>,
): string[] {
  checkNames(service);
  const name = lowerFirst(service.name);
  const indent = INDENT + INDENT;
  const inner = indent + INDENT;
  const lines = [
    ...docLines(service.doc, indent),
    `${indent}${propertyKey(name)}: {`,
    ...docLines(
      "The prefix of the keys of every query and mutation of the service.",
      inner,
    ),
    `${inner}${SERVICE_KEY}: [${JSON.stringify(name)}] as const,`,
  ];
  for (const operation of service.operations) {
    const args = [
      JSON.stringify(name),
      keyName(operation),
      `api.${name}.${operation.name}`,
    ];
    const kind = isQuery(operation) ? "query" : "mutation";
    kinds.add(kind);
    lines.push(...docLines(operation.doc, inner));
    const entity = clientFetcherEntity(operation);
    if (kind === "query" && entity !== undefined) {
      fetcherEntities.add(entity);
      lines.push(...shapedQuery(inner, name, operation, entity));
    } else {
      lines.push(
        ...callLines(inner, `${propertyKey(operation.name)}: ${kind}`, args),
      );
    }
    if (pagedByIndex(model, operation)) {
      kinds.add("infiniteQuery");
      lines.push(
        ...docLines(
          `\`${operation.name}\` page by page, for \`useInfiniteQuery\`.`,
          inner,
        ),
        ...callLines(
          inner,
          `${
            propertyKey(`${operation.name}${INFINITE_SUFFIX}`)
          }: infiniteQuery`,
          args,
        ),
      );
    }
  }
  lines.push(`${indent}},`);
  return lines;
}

/** The entity of the operation's client fetcher (`ClientFetcher<E>`), if any. */
function clientFetcherEntity(operation: OperationModel): string | undefined {
  return operation.parameters.find((p) => p.fetcher !== undefined)?.fetcher
    ?.entity;
}

/**
 * The query of an operation whose client chooses the shape: generic in the
 * fetcher, as the operation is, so `data` is exactly the shape asked for.
 * Laid out as `deno fmt` lays it out ({@link shapedQueryLines}), else one
 * line, and the file goes through the formatter (`formatTypeScript`).
 */
function shapedQuery(
  indent: string,
  service: string,
  operation: OperationModel,
  entity: string,
): string[] {
  const send = `api.${service}.${operation.name}<F>`;
  return shapedQueryLines(
    indent,
    propertyKey(operation.name),
    `F extends AnyFetcherOf<${JSON.stringify(entity)}> = ${entity}Fetcher`,
    `OptionsArgument<Parameters<typeof ${send}>[0]>`,
    [JSON.stringify(service), keyName(operation), send],
  );
}

/**
 * The operation's name in its query key, as a string literal. A dynamic
 * operation's options hold a builder fetcher, which serialises to its
 * canonical text (`toJSON` in `fetchers.ts`), so the key is stable and
 * serialisable as it is.
 */
function keyName(operation: OperationModel): string {
  return JSON.stringify(operation.name);
}

/**
 * `head(a, b, c),` on one line when it fits, else one argument a line, as
 * `deno fmt` breaks a call.
 */
function callLines(indent: string, head: string, args: string[]): string[] {
  const line = `${indent}${head}(${args.join(", ")}),`;
  if (line.length <= LINE_WIDTH) return [line];
  return [
    `${indent}${head}(`,
    ...args.map((arg) => `${indent}${INDENT}${arg},`),
    `${indent}),`,
  ];
}

/** Refuses an operation whose name another entry of the service has. */
function checkNames(service: ServiceModel): void {
  const names = new Set(service.operations.map((operation) => operation.name));
  for (const operation of service.operations) {
    const infinite = `${operation.name}${INFINITE_SUFFIX}`;
    const taken = operation.name === SERVICE_KEY
      ? "the service's key prefix"
      : names.has(infinite)
      ? `the infinite query of ${operation.name}`
      : undefined;
    if (taken !== undefined) {
      throw new Error(
        `${service.name}: in queries.ts, "${
          operation.name === SERVICE_KEY ? SERVICE_KEY : infinite
        }" would name both an operation and ${taken}`,
      );
    }
  }
}

/**
 * Whether `operation` is a GET answering the built-in \`Page\` with a
 * numeric \`pageIndex\` query option: it then has an infinite query.
 */
function pagedByIndex(model: ApiModel, operation: OperationModel): boolean {
  const type = operation.result.type;
  return isQuery(operation) && !operation.result.nullable &&
    type.kind === "static" && type.name === "Page" &&
    model.staticTypes.some((t) =>
      t.name === "Page" && t.origin === "builtin"
    ) &&
    operation.parameters.some((parameter) =>
      parameter.in === "query" && optionKey(parameter) === PAGE_OPTION &&
      parameter.type.kind === "primitive" &&
      (parameter.type.name === "integer" || parameter.type.name === "number")
    );
}
