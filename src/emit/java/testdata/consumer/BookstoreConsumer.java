package consumer;

import com.example.bookstore.client.model.dto.BookDto;
import com.example.bookstore.client.model.dynamic.Dynamic_Book;
import com.example.bookstore.client.model.enums.Gender;
import com.example.bookstore.client.model.statics.AuthorWithStores;
import com.example.bookstore.client.model.statics.Page;
import com.example.bookstore.client.service.AuthorService;
import com.example.bookstore.client.service.BookService;
import com.example.bookstore.client.service.DynamicBookService;
import com.example.bookstore.client.service.HelloService;
import java.util.Optional;

/** Uses the client generated from the bookstore fixture: must compile. */
public final class BookstoreConsumer {
    private BookstoreConsumer() {
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
        Optional<Dynamic_Book> book = books.findBook(1L, "{ name store { name } }");
        String tenant = book.map(Dynamic_Book::tenant).orElse(null);
        return hello.hello() + tenant;
    }
}
