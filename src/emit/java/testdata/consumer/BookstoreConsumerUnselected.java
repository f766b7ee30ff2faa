package consumer;

import com.example.bookstore.client.model.dto.BookDto;
import com.example.bookstore.client.service.BookService;

/**
 * Reads the tenant, which no shape selects (COMPLEX_FETCHER excludes it with
 * tenant(false)): must NOT compile.
 */
public final class BookstoreConsumerUnselected {
    private BookstoreConsumerUnselected() {
    }

    static String tenantOfFirst(BookService books) {
        BookDto.BookController_SIMPLE_FETCHER first = books.findBooks(0L, 5L, null).rows().get(0);
        // expect-error: cannot find symbol
        // expect-error: tenant()
        return first.tenant();
    }
}
