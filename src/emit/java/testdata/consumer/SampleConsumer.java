package consumer;

import com.example.client.model.dto.BookDto;
import com.example.client.model.dto.TreeNodeDto;
import com.example.client.model.dynamic.Dynamic_TreeNode;
import com.example.client.model.enums.Gender;
import com.example.client.model.statics.BookInput;
import com.example.client.model.statics.Page;
import com.example.client.model.statics.Tuple2;
import com.example.client.service.BookService;
import com.example.client.service.TreeService;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Uses the client generated from the sample model: must compile. */
public final class SampleConsumer {
    private SampleConsumer() {
    }

    static String firstBookName(BookService books) {
        Page<BookDto.BookController_SIMPLE_FETCHER> page = books.findBooks(0L, "name asc", List.of("a"));
        BookDto.BookController_SIMPLE_FETCHER first = page.rows().get(0);
        long total = page.totalRowCount();
        return first.name() + first.id() + total;
    }

    static String storeOf(BookService books, long id) {
        Optional<BookDto.BookController_COMPLEX_FETCHER> book = books.findBook(id);
        return book.map(BookDto.BookController_COMPLEX_FETCHER::store)
            .map(BookDto.BookController_COMPLEX_FETCHER.Store::name)
            .orElse("no store");
    }

    static boolean anyWoman(BookDto.BookController_COMPLEX_FETCHER book) {
        double price = book.price();
        return price >= 0 && book.authors().stream().anyMatch(a -> a.gender() == Gender.FEMALE);
    }

    static void save(BookService books) {
        books.saveBook(1L, new BookInput("Learning GraphQL", null), null);
        books.saveBook(2L, new BookInput("Effective TypeScript", 3L), "request-1");
    }

    static int depth(TreeNodeDto.TreeController_TREE_FETCHER root) {
        int depth = 0;
        List<TreeNodeDto.TreeController_TREE_FETCHER_childNodes> level = root.childNodes();
        while (level != null && !level.isEmpty()) {
            depth++;
            level = level.get(0).childNodes();
        }
        return depth;
    }

    static String pairs(TreeService trees) {
        Map<String, Tuple2<TreeNodeDto.TreeController_TREE_FETCHER, Dynamic_TreeNode>> pairs = trees.pairs();
        Tuple2<TreeNodeDto.TreeController_TREE_FETCHER, Dynamic_TreeNode> pair = pairs.get("a");
        Long id = pair._2().id();
        return pair._1().name() + id + trees.hello() + trees.findTree(1L).map(t -> depth(t)).orElse(-1);
    }
}
