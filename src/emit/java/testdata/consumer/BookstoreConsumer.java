package consumer;

import com.example.bookstore.client.model.dto.BookDto;
import com.example.bookstore.client.model.dynamic.Dynamic_Book;
import com.example.bookstore.client.model.enums.Gender;
import com.example.bookstore.client.model.errors.BookNotFound;
import com.example.bookstore.client.model.errors.OutOfStock;
import com.example.bookstore.client.model.errors.ServerErrors;
import com.example.bookstore.client.model.statics.AuthorWithStores;
import com.example.bookstore.client.model.statics.Page;
import com.example.bookstore.client.service.AuthorService;
import com.example.bookstore.client.service.BookService;
import com.example.bookstore.client.service.DynamicBookService;
import com.example.bookstore.client.service.HelloService;
import com.example.bookstore.client.service.RequestHeaders;
import java.util.Optional;

/** Uses the client generated from the bookstore fixture: must compile. */
public final class BookstoreConsumer {
    private BookstoreConsumer() {
    }

    static String serverError(ServerErrors.BadRequest bad, ServerErrors.ServiceUnavailable busy) {
        Long line = bad.line();
        return bad.error() + " " + bad.parameter() + " " + line + " " + ServerErrors.BadRequest.STATUS
            + " " + busy.retryAfter() + " " + RequestHeaders.TENANT;
    }

    static String firstBook(BookService books) {
        Page<BookDto.BookController_SIMPLE_FETCHER> page = books.findBooks(0L, 5L, "name asc, edition desc");
        BookDto.BookController_SIMPLE_FETCHER first = page.rows().get(0);
        long edition = first.edition();
        double price = first.price();
        return first.name() + " #" + edition + " " + price + " of " + page.totalRowCount();
    }

    static String storeOf(BookService books) {
        Optional<BookDto.BookController_COMPLEX_FETCHER> book = books.findBook(1L);
        return book.map(BookDto.BookController_COMPLEX_FETCHER::store)
            .map(store -> store.name() + " " + store.website() + " " + store.avgPrice())
            .orElse("absent or no store");
    }

    static long women(BookDto.BookController_COMPLEX_FETCHER book) {
        return book.authors().stream()
            .filter(author -> author.gender() == Gender.FEMALE)
            .map(author -> author.firstName() + " " + author.lastName())
            .count();
    }

    static String mostActive(AuthorService authors) {
        StringBuilder out = new StringBuilder();
        for (AuthorWithStores a : authors.findMostActiveAuthors(null)) {
            out.append(a.raw().firstName()).append(": ");
            a.stores().forEach(store -> out.append(store.name()).append(' '));
        }
        return out.toString();
    }

    static String dynamic(DynamicBookService books, HelloService hello) {
        Optional<Dynamic_Book> book = books.findBook(1L, "{ name store { name } }", null);
        String tenant = book.map(Dynamic_Book::tenant).orElse(null);
        return hello.hello() + tenant;
    }

    static String order(BookService books) {
        BookDto.BookController_SIMPLE_FETCHER book = books.orderBook(1L, 3L);
        return book.name();
    }

    /** What a caller does with the decoded body of a failed orderBook. */
    static String explain(String family, String code, long bookId) {
        if (BookNotFound.FAMILY.equals(family) && BookNotFound.CODE.equals(code)) {
            BookNotFound error = new BookNotFound(family, code, bookId);
            return "no book " + error.bookId() + " (HTTP " + BookNotFound.STATUS + ")";
        }
        OutOfStock error = new OutOfStock(OutOfStock.FAMILY, OutOfStock.CODE, bookId, 11L, 10L);
        return error.available() + " of " + error.requested() + " in stock";
    }
}
