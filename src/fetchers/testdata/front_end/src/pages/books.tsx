// No import extension, a namespace import.
import * as F from "../__generated/fetchers";
import { send } from "../send.ts";

export function Books() {
  const text = send(
    F.fetcher(F.Book).name().store(F.fetcher(F.BookStore).name()),
  );
  return <pre>{text}</pre>;
}

export const editions = [
  F.fetcher(F.Book).edition(),
  F.fetcher(F.Book).edition().price(),
];
