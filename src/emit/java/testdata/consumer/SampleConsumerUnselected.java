package consumer;

import com.example.client.model.dto.BookDto;
import com.example.client.service.BookService;

/**
 * Reads a field that the SIMPLE shape does not select (only the COMPLEX one
 * does): must NOT compile.
 */
public final class SampleConsumerUnselected {
    private SampleConsumerUnselected() {
    }

    static double firstPrice(BookService books) {
        BookDto.BookController_SIMPLE_FETCHER first = books.findBooks(null, null, null).rows().get(0);
        // expect-error: cannot find symbol
        // expect-error: price()
        return first.price();
    }
}
