/**
 * The files every generated client has, whatever its model:
 * `Executor.ts`, `RequestOf.ts`, `ResponseOf.ts`, `ElementOf.ts` and
 * `FetchExecutor.ts` (the requester of spec §4.6). Their doc examples name
 * operations of the model they belong to, and the client class by its name.
 *
 * @module
 */

import type { ApiModel, OperationModel } from "../../model/api_model.ts";
import { type ImportExtension, withExtension } from "./import_extension.ts";
import { lowerFirst } from "./render.ts";

/** An operation of the model as client code names it: `api.bookService.findBook`. */
function operationPath(
  model: ApiModel,
  accept: (operation: OperationModel) => boolean,
): string | undefined {
  for (const service of model.services) {
    const operation = service.operations.find(accept);
    if (operation !== undefined) {
      return `api.${lowerFirst(service.name)}.${operation.name}`;
    }
  }
  return undefined;
}

/** `api.<service>`, the first service of the model. */
export function serviceExample(model: ApiModel): string | undefined {
  const first = model.services[0];
  return first === undefined ? undefined : `api.${lowerFirst(first.name)}`;
}

/**
 * `Executor.ts`: the requester type of spec §4.6, and the per-call options
 * of every operation, its example an operation of `model`.
 */
export function executorText(model: ApiModel, apiName: string): string {
  const operation = operationPath(model, () => true) ?? "api.service.operation";
  const example = `${operation}(options, { signal })`;
  return `/**
 * Sends one request of the generated client; \`${apiName}\` is constructed with one.
 * \`createFetchExecutor\` (\`FetchExecutor.ts\`) makes one on \`fetch\`.
 *
 * It sends \`method\` to the server's base URL plus \`uri\` (path and query,
 * already encoded) with the given \`headers\`, plus the header
 * \`content-type: application/json;charset=UTF-8\`, and \`body\` as JSON when
 * it is defined; a \`FormData\` body (an operation with \`RequestPart\`
 * parameters) is sent as \`multipart/form-data\` instead. It resolves to the
 * parsed JSON of the response, or \`null\` when the response body is empty,
 * and rejects with the parsed JSON body of a response whose status is not
 * 200. Extra headers (authorization, \`tenant\`) are the application's to add
 * here.
 */
export type Executor = (args: {
  /** Path plus query, for example \`/books?pageIndex=1\`. */
  readonly uri: string;
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * Header values by header name: the call's {@link CallOptions} headers,
   * then the operation's own header parameters (the latter win).
   */
  readonly headers?: { readonly [key: string]: string } | undefined;
  /** The request body, to be sent as JSON; a \`FormData\` as it is. */
  readonly body?: unknown;
  /**
   * The call's {@link CallOptions} signal: when it aborts, the executor
   * should stop the request and reject. An executor that ignores it still
   * works; the request then runs to its end.
   */
  readonly signal?: CallSignal | undefined;
}) => Promise<unknown>;

/**
 * Options of one call of a generated operation, its optional second
 * argument: \`${example}\`.
 */
export interface CallOptions {
  /**
   * Cancels the request when it aborts (TanStack Query's \`signal\`, an
   * \`AbortController\`'s): the call rejects with the signal's reason.
   */
  readonly signal?: CallSignal | undefined;
  /**
   * Headers of this call only, over the executor's own (\`authorization\`,
   * \`tenant\`); a header parameter of the operation wins over one of these.
   */
  readonly headers?: { readonly [key: string]: string } | undefined;
}

/**
 * The global \`AbortSignal\` type where the project has one (DOM, Deno,
 * \`@types/node\`), else the little of it the client names: a client
 * compiled without DOM types still compiles.
 */
export type CallSignal = typeof globalThis extends {
  readonly AbortSignal: { readonly prototype: infer S };
} ? S
  : {
    readonly aborted: boolean;
    readonly reason: unknown;
    addEventListener(type: "abort", listener: () => void): void;
    removeEventListener(type: "abort", listener: () => void): void;
  };
`;
}

/** `RequestOf.ts`, its example an operation of `model` with options. */
export function requestOfText(model: ApiModel): string {
  const example = operationPath(
    model,
    (operation) => operation.parameters.length > 0,
  );
  const doc = example === undefined
    ? "The options of a generated operation."
    : `The options of a generated operation:\n * \`RequestOf<typeof ${example}>\`.`;
  return `/**
 * ${doc}
 */
export type RequestOf<F> = F extends (...args: infer A) => Promise<unknown>
  ? Exclude<A[0], undefined>
  : never;
`;
}

/** `ResponseOf.ts`, its example an operation of `model` with a result. */
export function responseOfText(model: ApiModel): string {
  const example = operationPath(
    model,
    (operation) => operation.result.type.kind !== "void",
  );
  const doc = example === undefined
    ? "What a generated operation resolves to."
    : `What a generated operation resolves to:\n * \`ResponseOf<typeof ${example}>\`.`;
  return `/**
 * ${doc}
 */
export type ResponseOf<F> = F extends (...args: never[]) => Promise<infer R> ? R
  : never;
`;
}

/**
 * `ElementOf.ts`: the element of a list, or of a `Page` when the model has
 * one; its example an operation returning either.
 */
export function elementOfText(
  model: ApiModel,
  extension: ImportExtension,
): string {
  const hasPage = model.staticTypes.some((type) =>
    type.name === "Page" && type.origin === "builtin"
  );
  const example = operationPath(
    model,
    ({ result: { type } }) =>
      type.kind === "array" ||
      (hasPage && type.kind === "static" && type.name === "Page"),
  );
  const imports = hasPage
    ? `import type { Page } from ${
      JSON.stringify(withExtension("./model/static/Page.ts", extension))
    };\n\n`
    : "";
  const what = hasPage ? "a list or a page" : "a list";
  const doc = example === undefined
    ? `The element type of ${what}.`
    : `The element type of ${what}:\n * \`ElementOf<ResponseOf<typeof ${example}>>\`.`;
  const pageCase = hasPage ? `\n  : T extends Page<infer E> ? E` : "";
  return `${imports}/**
 * ${doc}
 */
export type ElementOf<T> = T extends ReadonlyArray<infer E> ? E${pageCase}
  : never;
`;
}

/** Names `FetchExecutor.ts` exports. */
export const FETCH_EXECUTOR_NAMES = [
  "createFetchExecutor",
  "FetchExecutorError",
  "FetchExecutorOptions",
  "FetchFunction",
  "FetchResponse",
] as const;

/**
 * `FetchExecutor.ts`: `createFetchExecutor`, an {@link executorText Executor}
 * on `fetch` that keeps spec §4.6 to the letter. Zero dependencies, and no
 * DOM types needed: it declares the little of `fetch` it uses.
 */
export function fetchExecutorText(
  extension: ImportExtension,
  apiName: string,
): string {
  return `import type { CallSignal, Executor } from ${
    JSON.stringify(withExtension("./Executor.ts", extension))
  };

/** Header values by header name. */
type HeaderValues = { readonly [key: string]: string };

/** A value, or a function giving it for each request. */
type PerRequest<T> = T | (() => T | Promise<T>);

/** The part of a \`fetch\` response that {@link createFetchExecutor} reads. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A \`fetch\` function: the global one, or any with its signature. */
export type FetchFunction = (
  url: string,
  init: {
    readonly method: string;
    readonly headers: HeaderValues;
    /** JSON text, or the bytes of a \`multipart/form-data\` body. */
    readonly body?: string | ArrayBuffer;
    /** The call's signal, when it has one: aborts the request. */
    readonly signal?: CallSignal;
  },
) => Promise<FetchResponse>;

/** The global \`FormData\` and \`Response\`, which encode a multipart body. */
type Globals = {
  readonly FormData?: abstract new (...args: never[]) => unknown;
  readonly Response?: new (body: unknown) => {
    readonly headers: { get(name: string): string | null };
    arrayBuffer(): Promise<ArrayBuffer>;
  };
};

/** Options of {@link createFetchExecutor}. */
export interface FetchExecutorOptions {
  /**
   * The server's URL, to which each request's \`uri\` (path and query) is
   * appended: \`https://shop.example.com\` or \`/api\`. A trailing \`/\` is
   * ignored.
   */
  readonly baseUrl: string;
  /**
   * Headers sent with every request, for example \`authorization\`; a
   * function is called for each request (a token that changes). A header of
   * the operation itself wins over one of these with the same name.
   */
  readonly headers?: PerRequest<HeaderValues> | undefined;
  /**
   * The tenant, sent as the header \`tenant\` when it is set and not empty;
   * a function is called for each request.
   */
  readonly tenant?: PerRequest<string | undefined> | undefined;
  /** The \`fetch\` to send with (tests, polyfills); default: the global one. */
  readonly fetch?: FetchFunction | undefined;
}

/**
 * A response the executor cannot turn into a value: a body that is not JSON
 * (a proxy's HTML error page, a truncated body) or a non-200 status with no
 * JSON body to reject with.
 */
export class FetchExecutorError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** The response text. */
  readonly body: string;

  constructor(message: string, status: number, body: string) {
    super(message);
    this.name = "FetchExecutorError";
    this.status = status;
    this.body = body;
  }
}

/**
 * An {@link Executor} sending requests with \`fetch\`:
 * \`new ${apiName}(createFetchExecutor({ baseUrl: "https://shop.example.com" }))\`.
 *
 * Each request goes to \`baseUrl\` plus \`uri\` with \`method\` and the headers
 * \`content-type: application/json;charset=UTF-8\`, then \`options.headers\`,
 * then \`tenant\` when set and not empty, then the operation's own headers
 * (names compared without case); \`body\` is sent as JSON when defined. A
 * \`FormData\` body (uploads) is sent as \`multipart/form-data\` instead: its
 * bytes, with the content type and boundary that \`Response\` gives it.
 * The call's \`signal\` goes to \`fetch\`: aborting it rejects the call with
 * the signal's reason and closes the connection.
 *
 * Resolves to the parsed JSON body of a 200 response, \`null\` when its body
 * is empty, its text when it is \`text/*\` (a \`string\` result). Rejects with
 * the parsed JSON body of any other status (the server's error object), or
 * with a {@link FetchExecutorError} when there is no JSON to parse; network
 * failures reject with \`fetch\`'s own error.
 */
export function createFetchExecutor(options: FetchExecutorOptions): Executor {
  const baseUrl = options.baseUrl.replace(/\\/+$/, "");
  return async ({ uri, method, headers, body, signal }) => {
    const multipart = await multipartOf(body);
    const sent: { [key: string]: string } = {
      "content-type": multipart?.type ?? "application/json;charset=UTF-8",
    };
    addHeaders(sent, await valueOf(options.headers));
    const tenant = await valueOf(options.tenant);
    if (tenant !== undefined && tenant !== "") sent["tenant"] = tenant;
    addHeaders(sent, headers);
    const send = options.fetch ?? globalFetch();
    const response = await send(baseUrl + uri, {
      method,
      headers: sent,
      ...(multipart !== undefined
        ? { body: multipart.bytes }
        : body === undefined
        ? {}
        : { body: JSON.stringify(body) }),
      ...(signal === undefined ? {} : { signal }),
    });
    const text = await response.text();
    if (response.status !== 200) {
      const error = parseJson(text);
      throw error === undefined
        ? new FetchExecutorError(
          \`\${method} \${uri}: HTTP \${response.status} without a JSON body\`,
          response.status,
          text,
        )
        : error.value;
    }
    if (text === "") return null;
    const type = response.headers.get("content-type") ?? "";
    if (type.toLowerCase().startsWith("text/")) return text;
    const parsed = parseJson(text);
    if (parsed === undefined) {
      throw new FetchExecutorError(
        \`\${method} \${uri}: the response is not JSON\`,
        response.status,
        text,
      );
    }
    return parsed.value;
  };
}

/**
 * The content type and bytes of a \`FormData\` body; undefined for any other
 * body (sent as JSON).
 */
async function multipartOf(
  body: unknown,
): Promise<{ type: string; bytes: ArrayBuffer } | undefined> {
  const { FormData, Response } = globalThis as unknown as Globals;
  if (FormData === undefined || !(body instanceof FormData)) return undefined;
  if (Response === undefined) {
    throw new Error(
      "createFetchExecutor: no global Response to encode FormData",
    );
  }
  const encoded = new Response(body);
  const type = encoded.headers.get("content-type") ?? "multipart/form-data";
  return { type, bytes: await encoded.arrayBuffer() };
}

/** A fixed value, or what its function gives for this request. */
async function valueOf<T>(
  source: PerRequest<T> | undefined,
): Promise<T | undefined> {
  return typeof source === "function"
    ? await (source as () => T | Promise<T>)()
    : source;
}

/** Copies \`from\` into \`into\`, names in lower case so that later ones win. */
function addHeaders(
  into: { [key: string]: string },
  from: HeaderValues | undefined,
): void {
  if (from === undefined) return;
  for (const name of Object.keys(from)) {
    const value = from[name];
    if (value !== undefined) into[name.toLowerCase()] = value;
  }
}

/** \`{ value }\` of JSON \`text\`, or undefined when it is not JSON. */
function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The global \`fetch\`, called unbound (a browser refuses another \`this\`). */
function globalFetch(): FetchFunction {
  const found = (globalThis as unknown as { readonly fetch?: FetchFunction })
    .fetch;
  if (found === undefined) {
    throw new Error("createFetchExecutor: no global fetch; pass options.fetch");
  }
  return (url, init) => found(url, init);
}
`;
}
