// The `.ts` import extension, aliases.
import {
  Book as TheBook,
  BookStore,
  fetcher as f,
} from "./__generated/fetchers.ts";
import { base, PAGE, storeFields } from "./shared.ts";
import { send } from "./send.ts";

send(f(TheBook).name().store(f(BookStore).name()));
send(
  f(BookStore).name().books(f(TheBook).name(), {
    orderBy: { prop: "name", desc: true },
    limit: PAGE,
  }),
);
send(base.price());
send(storeFields);

const child = f(BookStore).name();
send(f(TheBook).store(child).name()); // the same fetcher as the first
