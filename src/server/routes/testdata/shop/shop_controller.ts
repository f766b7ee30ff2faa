import {
  ApiIgnore,
  Controller,
  Delete,
  EnableImplicitApi,
  type FetchBy,
  fetcher,
  Get,
  HttpError,
  type Int,
  type Page,
  type PathVariable,
  Post,
  type RequestBody,
  type RequestHeader,
  type RequestParam,
  type Tuple2,
} from "../../../../../runtime.ts";
import { Maker, Shirt, Size } from "./entities.ts";

/** The caller, filled by the server's injector. */
export interface Caller {
  readonly name: string;
}

/** A new shirt. */
export interface ShirtInput {
  readonly name: string;
  readonly size: Size;
  readonly price: number;
}

const MAKERS: Maker[] = [
  { id: 1, name: "Acme", country: null },
  { id: 2, name: "Bolt", country: "NL" },
];

/** Three shirts, with more fields than any fetcher selects. */
export function shirts(): Shirt[] {
  return [
    { id: 1, name: "Plain", size: Size.S, price: 10, maker: MAKERS[0]! },
    { id: 2, name: "Stripe", size: Size.M, price: 12.5, maker: MAKERS[1]! },
    { id: 3, name: "Dots", size: Size.L, price: 9, maker: null },
  ];
}

/**
 * A raw entity typed as a fetched shape: the server trims it with the
 * fetcher the result type names (what the tests check).
 */
function untrimmed<T>(value: object): T {
  return value as T;
}

/** Shirts, answered from memory. */
@EnableImplicitApi()
@Controller("/shirts")
export class ShirtController {
  /** Name only. */
  static readonly NAME = fetcher(Shirt).name();

  /** Name, size and the maker's name. */
  static readonly DETAIL = fetcher(Shirt).name().size().maker(
    fetcher(Maker).name().country(),
  );

  readonly #shirts = shirts();
  /** Names of the callers of `add`, for the tests. */
  readonly callers: string[] = [];

  /** A page of shirts, filtered by size. */
  @Get()
  list(
    pageIndex: RequestParam<Int> = 0,
    pageSize: RequestParam<Int> = 2,
    sizes?: RequestParam<Size[]>,
    cheap: RequestParam<boolean> = false,
  ): Page<FetchBy<typeof ShirtController.NAME>> {
    const rows = this.#shirts.filter((s) =>
      (sizes === undefined || sizes.includes(s.size)) &&
      (!cheap || s.price < 11)
    );
    return {
      rows: rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map(
        (s) => untrimmed(s),
      ),
      totalRowCount: rows.length,
      totalPageCount: Math.ceil(rows.length / pageSize),
    };
  }

  /** One shirt; absent gives an empty body. */
  @Get("/{id}")
  find(
    id: PathVariable<Int>,
  ): FetchBy<typeof ShirtController.DETAIL> | undefined {
    const shirt = this.#shirts.find((s) => s.id === id);
    return shirt && untrimmed(shirt);
  }

  /** The first shirt cheaper than a price, with the first shirt. */
  @Get("/pair/cheaper")
  pair(
    maxPrice: RequestParam<number>,
  ): Tuple2<
    FetchBy<typeof ShirtController.NAME>,
    FetchBy<typeof ShirtController.DETAIL>
  > {
    const found = this.#shirts.find((s) => s.price < maxPrice);
    if (found === undefined) throw new HttpError(404, { error: "not-found" });
    return { _1: untrimmed(found), _2: untrimmed(this.#shirts[0]!) };
  }

  /** Shirts by size. */
  @Get("/by-size")
  bySize(): Record<string, FetchBy<typeof ShirtController.NAME>[]> {
    const map: Record<string, FetchBy<typeof ShirtController.NAME>[]> = {};
    for (const shirt of this.#shirts) {
      (map[shirt.size] ??= []).push(untrimmed(shirt));
    }
    return map;
  }

  /** Adds a shirt. */
  @Post()
  add(
    input: RequestBody<ShirtInput>,
    requestId: RequestHeader<string, "x-request-id">,
    caller: ApiIgnore<Caller>,
  ): FetchBy<typeof ShirtController.DETAIL> {
    this.callers.push(`${caller.name}:${requestId}`);
    const shirt: Shirt = { id: this.#shirts.length + 1, ...input, maker: null };
    this.#shirts.push(shirt);
    return untrimmed(shirt);
  }

  /** Says the name of the shop. */
  @Get("/hello")
  hello(): string {
    return "shirts";
  }

  /** Fails, to see the 500. */
  @Delete("/{id}")
  remove(id: PathVariable<Int>): void {
    throw new Error(`secret detail ${id}`);
  }

  /** Hidden from clients, still served. */
  @ApiIgnore()
  @Get("/internal/count")
  count(): number {
    return this.#shirts.length;
  }
}
