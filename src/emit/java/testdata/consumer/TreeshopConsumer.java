package consumer;

import com.example.shop.client.model.dto.ProductDto;
import com.example.shop.client.model.dto.TreeNodeDto;
import com.example.shop.client.model.enums.NodeKind;
import com.example.shop.client.model.statics.NodeInput;
import com.example.shop.client.model.statics.Tuple2;
import com.example.shop.client.service.TreeService;
import java.util.List;
import java.util.Map;

/** Uses the client generated from the treeshop fixture: must compile. */
public final class TreeshopConsumer {
    private TreeshopConsumer() {
    }

    static int folders(TreeService trees) {
        return trees.findTree(1L).map(root -> count(root.kind(), root.childNodes())).orElse(0);
    }

    private static int count(NodeKind kind, List<TreeNodeDto.TreeController_TREE_FETCHER_childNodes> children) {
        int n = kind == NodeKind.FOLDER ? 1 : 0;
        if (children != null) {
            for (TreeNodeDto.TreeController_TREE_FETCHER_childNodes child : children) {
                n += count(child.kind(), child.childNodes());
            }
        }
        return n;
    }

    static String pair(TreeService trees) {
        Tuple2<TreeNodeDto.TreeController_NODE_FETCHER, ProductDto.ShopFetchers_PRODUCT> pair = trees.findNodeWithProduct(3L);
        TreeNodeDto.TreeController_NODE_FETCHER.Parent parent = pair._1().parent();
        return pair._1().name() + (parent == null ? "" : " under " + parent.id())
            + ": " + pair._2().name() + " " + pair._2().price() + " in " + pair._2().category().name();
    }

    static String index(TreeService trees) {
        Map<String, Map<String, ProductDto.ShopFetchers_PRODUCT_NAME>> index = trees.productIndex();
        return index.get("Books").get("Effective TypeScript").name();
    }

    static long create(TreeService trees) {
        return trees.createNode(new NodeInput("Books", null), "request-1").id();
    }
}
