import {
  Controller,
  EnableImplicitApi,
  type Int,
  type MaxLength,
  type MinLength,
  Post,
  type RequestBody,
} from "../../../../runtime.ts";
import { Book } from "../../../../fixtures/bookstore/entities.ts";
import type { Store } from "../../../store/mod.ts";

/** A new book of a store. */
export interface NewBook {
  readonly name: string & MinLength<1> & MaxLength<80>;
  readonly edition: Int;
  readonly price: number;
  /** The store it belongs to: a row that must exist (a 409 when it does not). */
  readonly storeId: Int;
}

/** Writes to the bookstore's store: what a refused write answers. */
@EnableImplicitApi()
@Controller("/library")
export class LibraryController {
  readonly #store: Store;

  /** Writes to `store`. */
  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Adds a book; answers its id.
   *
   * @param book The book to add.
   */
  @Post("/books")
  async addBook(book: RequestBody<NewBook>): Promise<Int> {
    const { storeId, ...values } = book;
    return Number(
      await this.#store.insert(Book, {
        ...values,
        tenant: "a",
        store: storeId,
      }),
    );
  }
}
