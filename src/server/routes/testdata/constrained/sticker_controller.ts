import {
  Column,
  Controller,
  EnableImplicitApi,
  Entity,
  type ExclusiveMaximum,
  type ExclusiveMinimum,
  type Format,
  Get,
  Id,
  type Int,
  type Maximum,
  type MaxItems,
  type MaxLength,
  type Minimum,
  type MinItems,
  type MinLength,
  type Pattern,
  Post,
  type RequestBody,
  type RequestParam,
} from "../../../../../runtime.ts";

/** A sticker: an entity with a constrained column. */
@Entity()
export class Sticker {
  @Id()
  id!: Int;

  /** Between 1 and 20 characters. */
  @Column()
  label!: string & MinLength<1> & MaxLength<20>;
}

/** A new order: a described type with constrained fields. */
export interface StickerOrder {
  readonly count: Int & Minimum<1> & Maximum<100>;
  readonly email: string & Format<"email">;
  readonly tags?: string[] & MaxItems<3>;
}

/** One route per kind of constraint; each answers what it bound. */
@EnableImplicitApi()
@Controller("/stickers")
export class StickerController {
  /** Every numeric and string constraint on query parameters. */
  @Get("/search")
  search(
    page: RequestParam<Int & Minimum<1> & Maximum<10>> = 1,
    ratio: RequestParam<number & ExclusiveMinimum<0> & ExclusiveMaximum<1>> =
      0.5,
    code: RequestParam<string & Pattern<"^[a-z]+$">> = "abc",
    name: RequestParam<string & MinLength<2> & MaxLength<5>> = "ab",
    ids: RequestParam<Int[] & MinItems<1> & MaxItems<2>> = [1],
  ): Promise<string> {
    return Promise.resolve(JSON.stringify({ page, ratio, code, name, ids }));
  }

  /** A body of a described type. */
  @Post("/order")
  order(order: RequestBody<StickerOrder>): Promise<Int> {
    return Promise.resolve(order.count);
  }

  /** A body of an entity, its column constrained. */
  @Post("/")
  add(sticker: RequestBody<Sticker>): Promise<Int> {
    return Promise.resolve(sticker.label.length);
  }
}
