package consumer;

import com.example.shop.client.model.dto.ProductDto;
import com.example.shop.client.service.TreeService;

/**
 * Reads the price of a PRODUCT_NAME shape, which selects the name only:
 * must NOT compile.
 */
public final class TreeshopConsumerUnselected {
    private TreeshopConsumerUnselected() {
    }

    static double price(TreeService trees) {
        ProductDto.ShopFetchers_PRODUCT_NAME product = trees.productIndex().get("Books").get("Effective TypeScript");
        // expect-error: cannot find symbol
        // expect-error: price()
        return product.price();
    }
}
